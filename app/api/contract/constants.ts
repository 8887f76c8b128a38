// Plain values of the contract, without zod, so pages can use them without loading a schema.

export const countries = ['BR', 'DE', 'ES', 'FR', 'GB', 'IT', 'RO'] as const

export const locales = ['en-GB', 'ro-RO', 'pt-BR', 'it-IT', 'fr-FR', 'es-ES', 'de-DE'] as const

export const twoStepMethodKeys = ['totp', 'email'] as const

/** Decision 0039: ten one-time codes per set; fewer than `lowBelow` left is shown to the partner. */
export const recoveryCodeRules = { count: 10, lowBelow: 3 } as const

// Decision 0041. `encodedMax`: a WebAuthn value in base64url (ids, client data, attestation, signatures).
export const passkeyRules = { perAccountMax: 10, nameMax: 64, challengeSeconds: 300, encodedMax: 16_384 } as const

export const verificationStatuses = ['submitted', 'cancelled', 'in_progress', 'verified', 'dismissed'] as const

export const serviceReviewStatuses = ['not_submitted', ...verificationStatuses] as const
export type ServiceReviewStatus = (typeof serviceReviewStatuses)[number]

export const events = ['password_changed_to_random_string'] as const

export const limits = {
	perPageDefault: 15,
	perPageMax: 100,
	nameMax: 100,
	companyNameMax: 150,
	emailMax: 254,
	passwordMin: 10,
	passwordMax: 128,
	twoStepCodeDigits: 6,
	/** A recovery code as typed: its characters, with spaces or hyphens the partner may add. */
	recoveryCodeMax: 32,
	contactSubjectMax: 150,
	contactMessageMax: 5000,
	/** Emailed tokens, bearer tokens, cursors, secrets and challenges. */
	tokenMax: 512,
	idMax: 128,
	/** The API's messages and error texts. */
	messageMax: 2000,
	urlMax: 2048,
	// A fraction of a second of any precision is otherwise unbounded.
	dateTimeMax: 64,
	secretHintMax: 4,
	contentTypeMax: 255,
} as const

// Decision 0019.

/** One email of one kind per address per interval; sooner is a 429 `resend_too_soon`, registered or not. */
export const emailIntervalSeconds = 60

/** At most `max` calls in any `windowSeconds` (429 `too_many_attempts`); `per` says whose calls count together. */
export type RateLimit = { max: number; windowSeconds: number; per?: 'partner' | 'email' }

// Wrong passwords and codes typed to confirm a change while signed in, per account (decision 0019).
export const wrongPasswordConfirmations: RateLimit = { max: 10, windowSeconds: 3600 }

export const rateLimits = {
	contactMessages: { max: 5, windowSeconds: 60 },
	guestContactMessages: { max: 3, windowSeconds: 3600, per: 'email' },
	webhookTestEvents: { max: 10, windowSeconds: 60 },
	webhookChecks: { max: 10, windowSeconds: 60 },
	webhookRedeliveries: { max: 30, windowSeconds: 60 },
	webhookSigningSecretRotations: { max: 5, windowSeconds: 3600 },
	webhookRecoveries: { max: 5, windowSeconds: 3600 },
	domainVerificationChecks: { max: 10, windowSeconds: 60 },
	logoUploads: { max: 10, windowSeconds: 60 },
} as const satisfies Record<string, RateLimit>

// Decision 0006.

export const passwordPatterns = {
	capitalLetter: /[A-Z]/,
	digit: /[0-9]/,
	// A space alone does not count.
	specialCharacter: /[^A-Za-z0-9\s]/,
} as const

export const passwordRules = [
	{ key: 'minLength', minimum: limits.passwordMin, test: (value: string) => value.length >= limits.passwordMin },
	{ key: 'capitalLetter', test: (value: string) => passwordPatterns.capitalLetter.test(value) },
	{ key: 'number', test: (value: string) => passwordPatterns.digit.test(value) },
	{ key: 'specialCharacter', test: (value: string) => passwordPatterns.specialCharacter.test(value) },
] as const

export const serviceLimits = {
	nameMax: 100,
	descriptionMax: 1000,
	urlMax: limits.urlMax,
	reasonMax: 2000,
	dnsValueMax: 1024,
	fileFirstLineMax: 200,
	idempotencyKeyMax: 255,
	liveSecretsMax: 2,
} as const

export const serviceFieldNames = [
	'name',
	'description',
	'category',
	'website_url',
	'webhook_url',
	'authorization_url',
] as const

export const serviceOptionalFieldNames = ['description', 'website_url', 'webhook_url', 'authorization_url'] as const

export const securityProtectionKeys = [
	'password_randomised',
	'sessions_revoked',
	'linked_account_disconnected',
] as const

export const reviewActions = ['submit', 'cancel', 'start', 'verify', 'dismiss'] as const
export type ReviewAction = (typeof reviewActions)[number]

// Decision 0013: anything else is a 422 `transition_not_allowed`.
export const reviewTransitions: Record<ReviewAction, Partial<Record<ServiceReviewStatus, ServiceReviewStatus>>> = {
	submit: { not_submitted: 'submitted', dismissed: 'submitted', cancelled: 'submitted' },
	cancel: { submitted: 'cancelled', in_progress: 'cancelled' },
	start: { submitted: 'in_progress' },
	verify: { submitted: 'verified', in_progress: 'verified' },
	dismiss: { submitted: 'dismissed', in_progress: 'dismissed' },
}

export const reviewTransition = (action: ReviewAction, from: ServiceReviewStatus): ServiceReviewStatus | null =>
	reviewTransitions[action][from] ?? null

export const reviewTypicalWorkingDays = 3

export const statisticsDaysOptions = [7, 30, 90] as const
export const statisticsDaysDefault = 30

export const webhookLimits = {
	retentionDays: 30,
	retryBackoffSeconds: [60, 300, 1800, 7200, 21_600],
	timeoutSeconds: 10,
	responseBodyBytes: 1024,
	headerNameMax: 256,
	headerValueMax: 8192,
	payloadMax: 16_384,
	failingAfter: 3,
	recentChecksShown: 5,
	pauseAfterDays: 3,
	/** The owner is warned once when every attempt has failed for this long, and again a day before the pause. */
	warnAfterDays: 1,
} as const

export const webhookEventTypes = ['ping', 'url_verification', ...events] as const

export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const

// Decision 0022.
export const identityConfirmationSeconds = 5 * 60

export const activityLimits = { retentionDays: 90 } as const

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

// deviceMax: the portal's device id is a base64url SHA-256 (43).
export const clientOriginLimits = { userAgentMax: 512, ipMax: 45, deviceMax: 64 } as const
