/**
 * The plain values of the contract — enumerations' members, limits, the
 * password rules, the review transitions — without zod, so pages can use them
 * without loading a schema (zod loads lazily in the browser, for validation
 * only). The schema modules build on these: this is their single source.
 */
// ---------------------------------------------------------------------------
// Enumerations (spec point 3)
// ---------------------------------------------------------------------------

export const countries = ['BR', 'DE', 'ES', 'FR', 'GB', 'IT', 'RO'] as const

export const locales = ['en-GB', 'ro-RO', 'pt-BR', 'it-IT', 'fr-FR', 'es-ES', 'de-DE'] as const

/** The authentication types that are two-step methods. */
export const twoStepMethodKeys = ['totp', 'email'] as const

/** Review / verification status of a service (spec point 3 "Verification statuses"). */
export const verificationStatuses = ['submitted', 'cancelled', 'in_progress', 'verified', 'dismissed'] as const

/** A service's review status: the spec's verification statuses plus `not_submitted` (never sent for review). */
export const serviceReviewStatuses = ['not_submitted', ...verificationStatuses] as const
export type ServiceReviewStatus = (typeof serviceReviewStatuses)[number]

export const events = ['password_changed_to_random_string'] as const

// ---------------------------------------------------------------------------
// Limits
// ---------------------------------------------------------------------------

export const limits = {
	perPageDefault: 15,
	perPageMax: 100,
	nameMax: 100,
	companyNameMax: 150,
	emailMax: 254,
	passwordMin: 10,
	passwordMax: 128,
	twoStepCodeDigits: 6,
	contactSubjectMax: 150,
	contactMessageMax: 5000,
	/** Emailed tokens, bearer tokens, cursors, secrets and challenges. */
	tokenMax: 512,
	// Every string of the contract has a maximum (issue 52; app/api/contract/bounds.test.ts checks it):
	/** Opaque ids, keys, machine codes and field names. */
	idMax: 128,
	/** The API's messages and error texts. */
	messageMax: 2000,
	urlMax: 2048,
	/** ISO 8601 date-times: a fraction of a second of any precision is otherwise unbounded. */
	dateTimeMax: 64,
	/** A secret's hint: its last 4 characters. */
	secretHintMax: 4,
	/** A MIME type (RFC 6838: 127 characters each side of the slash). */
	contentTypeMax: 255,
} as const

// ---------------------------------------------------------------------------
// Abuse limits (docs/decisions/0019-abuse-limits.md)
// ---------------------------------------------------------------------------

/**
 * Emails of one kind to one address — a reset link, a verification or
 * email-change link, a two-step code — at most one per this many seconds;
 * sooner is a 429 `resend_too_soon`, whether or not the address is registered.
 */
export const emailIntervalSeconds = 60

/**
 * At most `max` calls in any `windowSeconds`; then a 429 `too_many_attempts`. `per` is whose calls count
 * together: one partner's (the default, every service of the account together), or, on a public endpoint,
 * those whose body names one `email` (any case). A call reserves its place before the API starts its work, and gives
 * it back when refused: concurrent calls cannot all pass the check before one of them counts.
 */
export type RateLimit = { max: number; windowSeconds: number; per?: 'partner' | 'email' }

/**
 * Wrong passwords and wrong authenticator codes typed to confirm a change while signed in (identity confirmation,
 * email or password change, two-step off), one count per account: past it every try is a 429 `too_many_attempts`,
 * right or wrong, password or code, until the window frees one. A stolen session cannot guess either at leisure;
 * sign-in has its own lockout (decision 0004). The API reserves a count before it checks the try (and gives it back
 * when the try was right): checking first, concurrent guesses would all be checked before any counted.
 */
export const wrongPasswordConfirmations: RateLimit = { max: 10, windowSeconds: 3600 }

/** The costly actions' limits. */
export const rateLimits = {
	contactMessages: { max: 5, windowSeconds: 60 },
	/** The signed-out contact form (a partner who cannot sign in): per sender address; the edge limits per client. */
	guestContactMessages: { max: 3, windowSeconds: 3600, per: 'email' },
	webhookTestEvents: { max: 10, windowSeconds: 60 },
	webhookChecks: { max: 10, windowSeconds: 60 },
	webhookRedeliveries: { max: 30, windowSeconds: 60 },
	webhookSigningSecretRotations: { max: 5, windowSeconds: 3600 },
	/** "Send again every delivery that failed since …" (decision 0032): a whole outage in one call, so few. */
	webhookRecoveries: { max: 5, windowSeconds: 3600 },
	domainVerificationChecks: { max: 10, windowSeconds: 60 },
	logoUploads: { max: 10, windowSeconds: 60 },
} as const satisfies Record<string, RateLimit>

// ---------------------------------------------------------------------------
// Password policy (docs/decisions/0006-forms-validation-and-password-policy.md)
// ---------------------------------------------------------------------------

export const passwordPatterns = {
	capitalLetter: /[A-Z]/,
	digit: /[0-9]/,
	/** Anything but a letter, a digit or white space: a space alone does not count. */
	specialCharacter: /[^A-Za-z0-9\s]/,
} as const

/** Each rule of the password checklist, in display order, keyed by its message. */
export const passwordRules = [
	{ key: 'minLength', minimum: limits.passwordMin, test: (value: string) => value.length >= limits.passwordMin },
	{ key: 'capitalLetter', test: (value: string) => passwordPatterns.capitalLetter.test(value) },
	{ key: 'number', test: (value: string) => passwordPatterns.digit.test(value) },
	{ key: 'specialCharacter', test: (value: string) => passwordPatterns.specialCharacter.test(value) },
] as const

// ---------------------------------------------------------------------------
// Services
// ---------------------------------------------------------------------------

export const serviceLimits = {
	nameMax: 100,
	descriptionMax: 1000,
	urlMax: limits.urlMax,
	/** Why a review was dismissed (the review team writes it). */
	reasonMax: 2000,
	/** What a domain check keeps: each TXT value found, the first line of the .well-known file. */
	dnsValueMax: 1024,
	fileFirstLineMax: 200,
	idempotencyKeyMax: 255,
	/** Live secrets of a service at once (the current and, while rotating, the next). */
	liveSecretsMax: 2,
} as const

/** The editable fields of a service, in the order create, update and the portal's forms take them. */
export const serviceFieldNames = [
	'name',
	'description',
	'category',
	'website_url',
	'webhook_url',
	'authorization_url',
] as const

/** The fields a create may leave out and an update may clear (null: not set); a review submission needs them. */
export const serviceOptionalFieldNames = ['description', 'website_url', 'webhook_url', 'authorization_url'] as const

/** The protections a service may neutralise, in catalogue order (`GET /security-protections`). */
export const securityProtectionKeys = [
	'password_randomised',
	'sessions_revoked',
	'linked_account_disconnected',
] as const

export const reviewActions = ['submit', 'cancel', 'start', 'verify', 'dismiss'] as const
type ReviewAction = (typeof reviewActions)[number]

/**
 * The allowed transitions (docs/decisions/0013): action → from → to. Anything
 * else is refused with 422 `transition_not_allowed` and `reviewTransitionMessage`.
 */
export const reviewTransitions: Record<ReviewAction, Partial<Record<ServiceReviewStatus, ServiceReviewStatus>>> = {
	submit: { not_submitted: 'submitted', dismissed: 'submitted', cancelled: 'submitted' },
	cancel: { submitted: 'cancelled', in_progress: 'cancelled' },
	start: { submitted: 'in_progress' },
	verify: { submitted: 'verified', in_progress: 'verified' },
	dismiss: { submitted: 'dismissed', in_progress: 'dismissed' },
}

/** The status an action leads to from `from`, or null when the table refuses it. */
export const reviewTransition = (action: ReviewAction, from: ServiceReviewStatus): ServiceReviewStatus | null =>
	reviewTransitions[action][from] ?? null

/**
 * How long a review usually takes once submitted, in working days (what the portal tells a partner who
 * submits; a reviewer starts within the first of them).
 */
export const reviewTypicalWorkingDays = 3

export const statisticsDaysOptions = [7, 30, 90] as const
export const statisticsDaysDefault = 30

// ---------------------------------------------------------------------------
// Webhook deliveries
// ---------------------------------------------------------------------------

export const webhookLimits = {
	/** Deliveries and checks are kept this long, then dropped. */
	retentionDays: 30,
	/** Seconds after each failed attempt before the next one: 1 min, 5 min, 30 min, 2 h, 6 h (six attempts in all). A test event (`ping`) is sent once, never retried. */
	retryBackoffSeconds: [60, 300, 1800, 7200, 21_600],
	/** An attempt without a complete answer after this long fails with `timeout`. */
	timeoutSeconds: 10,
	/** How much of a response body is kept and shown. */
	responseBodyBytes: 1024,
	/** What a delivery keeps of each header (a longer value is cut, a longer name dropped) and of its body. */
	headerNameMax: 256,
	headerValueMax: 8192,
	payloadMax: 16_384,
	/** Failed attempts in a row after which the endpoint is `failing` ("Your endpoint is failing"). */
	failingAfter: 3,
	/** How many of the newest endpoint checks the webhooks page lists. */
	recentChecksShown: 5,
	/** Days of nothing but failed attempts (from the first failure of the run) after which the endpoint is paused. */
	pauseAfterDays: 3,
} as const

/** The `type` of an event body: the test event, the endpoint check's event, and the product's events. */
export const webhookEventTypes = ['ping', 'url_verification', ...events] as const

export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const

// ---------------------------------------------------------------------------
// Identity confirmation (docs/decisions/0022-identity-confirmation.md)
// ---------------------------------------------------------------------------

/**
 * How long a confirmed identity (the password, or an authenticator code, typed
 * again) lets one sign-in reset, rotate or revoke secrets without asking again.
 */
export const identityConfirmationSeconds = 5 * 60

// ---------------------------------------------------------------------------
// The activity log of a service (activity.ts, decision 0031)
// ---------------------------------------------------------------------------

export const activityLimits = {
	/** How long entries are kept. */
	retentionDays: 90,
} as const

/** What the filter of the page offers: each action belongs to one kind. */
export const activityKinds = [
	'settings',
	'client_secrets',
	'signing_secret',
	'protections',
	'translations',
	'domain',
	'review',
	'webhooks',
	'identity',
] as const

/** What a client sent about itself, as the portal forwards it and the API stores it (`clientOriginHeaders`). */
export const clientOriginLimits = { userAgentMax: 512, ipMax: 45 } as const
