/**
 * The security and review emails of the catalogue (app/api/contract/emails.ts), each sent by the handler that
 * makes the change, in the same step: one call per site.
 */
import {
	emailIntervalSeconds,
	webhookLimits,
	webhookSignature,
	type TwoStepMethodKey,
} from '../../../../app/api/contract/index'
import Bowser from 'bowser'
import type { FailureOutcome } from '../../lockout'
import type { MockStore } from '../../store'
import type { FamilyRecord } from '../auth/state'
import type { ServiceRecord } from '../services/state'
import { userById, type UserRecord } from '../users/state'
import { hello, isVerifiedAddress, sendCatalogueEmail } from './state'

/** "Thu, 26 Nov 2026 09:40:00 GMT": the mock clock's time as a person reads it. */
const at = (time: number) => new Date(time).toUTCString()

/** "5 minutes", "1 hour", "24 hours". */
function formatDuration(seconds: number): string {
	const unit = (value: number, name: string) => `${value} ${name}${value === 1 ? '' : 's'}`
	if (seconds % 3600 === 0) return unit(seconds / 3600, 'hour')
	if (seconds % 60 === 0) return unit(seconds / 60, 'minute')
	return unit(seconds, 'second')
}

const NOT_YOU = 'If this was not you, reset your password and contact us.\n'

export function emailPasswordChanged(store: MockStore, user: UserRecord) {
	sendCatalogueEmail(
		store,
		'password_changed',
		user.email,
		`${hello(user)}The password of your Partner Portal account was changed at ${at(store.now())}. ` +
			'Other sign-ins to the account were ended.\n' +
			NOT_YOU,
		{ linkLabel: 'Your password settings' },
	)
}

const METHOD_NAMES: Record<TwoStepMethodKey, string> = { totp: 'authenticator app', email: 'email codes' }

export function emailTwoStepChanged(store: MockStore, user: UserRecord, method: TwoStepMethodKey, active: boolean) {
	const change = active ? 'turned on' : 'turned off'
	sendCatalogueEmail(
		store,
		active ? 'two_step_enabled' : 'two_step_disabled',
		user.email,
		`${hello(user)}Two-step authentication with ${METHOD_NAMES[method]} was ${change} for your Partner Portal ` +
			`account at ${at(store.now())}.${active ? '' : ' Other sign-ins to the account were ended.'}\n` +
			NOT_YOU,
		{ linkLabel: 'Your two-step settings' },
	)
}

const RECOVERY_CODES = { linkLabel: 'Your recovery codes' }

export function emailRecoveryCodesGenerated(store: MockStore, user: UserRecord) {
	sendCatalogueEmail(
		store,
		'recovery_codes_generated',
		user.email,
		`${hello(user)}New recovery codes were created for your Partner Portal account at ${at(store.now())}. ` +
			'Any codes from before no longer work.\n' +
			NOT_YOU,
		RECOVERY_CODES,
	)
}

export function emailRecoveryCodeUsed(store: MockStore, user: UserRecord, remaining: number) {
	sendCatalogueEmail(
		store,
		'recovery_code_used',
		user.email,
		`${hello(user)}A recovery code was used to sign in to your Partner Portal account at ${at(store.now())}. ` +
			`${remaining === 1 ? '1 code is' : `${remaining} codes are`} left; each works once.\n` +
			NOT_YOU,
		RECOVERY_CODES,
	)
}

/** `name`: the partner's own, after it was checked as one line. */
export function emailPasskeyChanged(store: MockStore, user: UserRecord, name: string | null, added: boolean) {
	const which = name ? `The passkey “${name}” was` : 'Every passkey was'
	sendCatalogueEmail(
		store,
		added ? 'passkey_added' : 'passkey_removed',
		user.email,
		`${hello(user)}${which} ${added ? 'added to' : 'removed from'} your Partner Portal account at ` +
			`${at(store.now())}.\n` +
			NOT_YOU,
		{ linkLabel: 'Your two-step settings' },
	)
}

/** "Chrome on Linux", as the account's sessions page names a browser. */
function browserName(userAgent: string | null | undefined) {
	const { browser, os } = Bowser.parse(userAgent ?? '')
	return [browser.name, os.name].filter(Boolean).join(' on ') || 'An unknown browser'
}

const SESSIONS = { linkLabel: 'Your sessions' }

export function emailNewSignIn(store: MockStore, user: UserRecord, family: FamilyRecord) {
	sendCatalogueEmail(
		store,
		'new_sign_in',
		user.email,
		`${hello(user)}Your Partner Portal account was signed in to from a browser it has not been used from ` +
			`before.\nWhen: ${at(family.created_at)}\nBrowser: ${browserName(family.user_agent)}\n` +
			`Address: ${family.ip ?? 'unknown'}\n` +
			'If this was not you, sign that session out, reset your password and contact us.\n',
		SESSIONS,
	)
}

export function emailSessionsEnded(store: MockStore, user: UserRecord, ended: FamilyRecord[]) {
	const which =
		ended.length === 1
			? `The session of ${browserName(ended[0]!.user_agent)} (${ended[0]!.ip ?? 'unknown address'}) was`
			: `${ended.length} sessions were`
	sendCatalogueEmail(
		store,
		'session_ended',
		user.email,
		`${hello(user)}${which} signed out of your Partner Portal account at ${at(store.now())}.\n` + NOT_YOU,
		SESSIONS,
	)
}

/** The owner of `service` and how an email to them names it: by its name (typed text) at a verified address only. */
function ownerOf(store: MockStore, service: ServiceRecord) {
	const owner = userById(store, service.user_id)
	if (!owner) return null
	const name = isVerifiedAddress(owner, owner.email) ? service.name : 'your service'
	return { owner, name, values: { service: name, service_id: service.id } }
}

/** Emails the owner of `service` about one of its secrets; `details` says what it means for them. */
function emailServiceOwner(
	store: MockStore,
	service: ServiceRecord,
	kind: 'client_secret_rotated' | 'client_secret_reset' | 'client_secret_revoked' | 'signing_secret_rotated',
	details: (name: string) => string,
) {
	const to = ownerOf(store, service)
	if (!to) return
	sendCatalogueEmail(
		store,
		kind,
		to.owner.email,
		`${hello(to.owner)}${details(to.name)}\nChanged at ${at(store.now())}.\n${NOT_YOU}`,
		{ values: to.values, linkLabel: "The service's developer settings" },
	)
}

/** Deliveries to the service's endpoint were paused at `pausedAt` after failing for days (decision 0032). */
/** A warning before the pause: `failing` after a day of failures, `pausing` a day before the pause. */
export function emailWebhookEndpointFailing(
	store: MockStore,
	service: ServiceRecord,
	kind: 'failing' | 'pausing',
	{ failingSince, pausesAfter }: { failingSince: number; pausesAfter: number },
	lastError: string,
) {
	const to = ownerOf(store, service)
	if (!to) return
	const pausesAt = at(pausesAfter)
	sendCatalogueEmail(
		store,
		kind === 'failing' ? 'webhook_endpoint_failing' : 'webhook_endpoint_pausing',
		to.owner.email,
		`${hello(to.owner)}Every webhook delivery to ${to.name} has failed since ${at(failingSince)}. ` +
			`The last error: ${lastError}\n` +
			`If every attempt keeps failing, deliveries pause after ${pausesAt}: new events are then kept but not ` +
			'sent until you resume them. Send a test event or check the endpoint on the webhooks page to see it work.\n',
		{ values: to.values, linkLabel: "The service's webhooks" },
	)
}

export function emailWebhookEndpointPaused(store: MockStore, service: ServiceRecord, pausedAt: number) {
	const to = ownerOf(store, service)
	if (!to) return
	sendCatalogueEmail(
		store,
		'webhook_endpoint_paused',
		to.owner.email,
		`${hello(to.owner)}Every webhook delivery to ${to.name} failed for ${webhookLimits.pauseAfterDays} days, so ` +
			`deliveries were paused at ${at(pausedAt)}. New events are kept in the delivery log but not sent.\n` +
			'When your endpoint works again (send a test event or check the endpoint), resume deliveries on the ' +
			'webhooks page; it offers to send again what was missed.\n',
		{ values: to.values, linkLabel: "The service's webhooks" },
	)
}

const CLIENT_SECRET_DETAILS = {
	client_secret_rotated: (name: string, hint: string) =>
		`A new client secret (ending ${hint}) was created for ${name}. The previous one keeps working until you revoke it.`,
	client_secret_reset: (name: string, hint: string) =>
		`The client secrets of ${name} were reset: every previous one stopped working at once; the new one ends ${hint}.`,
	client_secret_revoked: (name: string, hint: string) =>
		`The client secret ending ${hint} of ${name} was revoked: calls made with it are refused.`,
}

export function emailClientSecretChange(
	store: MockStore,
	service: ServiceRecord,
	kind: keyof typeof CLIENT_SECRET_DETAILS,
	hint: string,
) {
	emailServiceOwner(store, service, kind, (name) => CLIENT_SECRET_DETAILS[kind](name, hint))
}

/** Just after a rotation: the previous secret signs for `rotationOverlapSeconds` more. */
export function emailSigningSecretRotated(store: MockStore, service: ServiceRecord) {
	const previousExpiresAt = store.now() + webhookSignature.rotationOverlapSeconds * 1000
	emailServiceOwner(
		store,
		service,
		'signing_secret_rotated',
		(name) =>
			`The webhook signing secret of ${name} was rotated. Webhooks are signed with the new and the previous ` +
			`secret until ${at(previousExpiresAt)}, then with the new one only: update your endpoint before then.`,
	)
}

/** The operator's decision on a review (verified or dismissed), with the reason of a dismissal. */
export function emailReviewDecision(store: MockStore, service: ServiceRecord) {
	const to = ownerOf(store, service)
	const { status, reason } = service.review
	if (!to || (status !== 'verified' && status !== 'dismissed')) return
	const body =
		status === 'verified'
			? `${to.name} passed its review and is live.\n`
			: `${to.name} did not pass its review. The reason:\n\n${reason}\n\nFix it, then submit the service again.\n`
	sendCatalogueEmail(
		store,
		status === 'verified' ? 'review_verified' : 'review_dismissed',
		to.owner.email,
		hello(to.owner) + body,
		{ values: to.values, linkLabel: "The service's review" },
	)
}

// ---------------------------------------------------------------------------
// Lockout reports (docs/decisions/0028-partner-emails.md)
// ---------------------------------------------------------------------------

/** The attempts refused while locked that no email has listed yet, now marked as reported. */
function takeUnreported(store: MockStore, user: UserRecord): number[] {
	const now = store.now()
	const attempts = store.data.locked_sign_in_attempts.filter(
		(attempt) => attempt.user_id === user.id && attempt.reported_at === null,
	)
	for (const attempt of attempts) attempt.reported_at = now
	return attempts.map((attempt) => attempt.at)
}

const listAttempts = (times: number[]) =>
	times.length
		? `Sign-in attempts refused while the account was locked:\n${times.map((time) => `- ${at(time)}\n`).join('')}`
		: ''

/** A failed sign-in that locked the account (the first lock, or a later one), with what a lock means. */
export function emailLock(store: MockStore, user: UserRecord, outcome: Extract<FailureOutcome, { kind: 'locked' }>) {
	const first = user.lockout.locks === 1
	sendCatalogueEmail(
		store,
		first ? 'account_locked' : 'sign_in_failed',
		user.email,
		hello(user) +
			`Someone failed to sign in to your Partner Portal account at ${at(store.now())}` +
			(first ? ', several times in a row' : '') +
			`.\nThe account is locked for ${formatDuration(outcome.lockSeconds)}; further attempts will be reported to you.\n` +
			(outcome.removeRelation ? 'The connection to your external account was removed.\n' : '') +
			listAttempts(takeUnreported(store, user)) +
			'\nIf this was not you, reset your password: it also ends the lock.\n',
		{ linkLabel: 'Reset your password' },
	)
}

/**
 * A sign-in attempt refused because the account is locked (even with the right password or code: the email
 * says neither). Reported at once when no such report went out within `emailIntervalSeconds`; otherwise kept for
 * the next report, so an attacker's burst becomes one email a minute listing each attempt.
 */
export function reportLockedAttempt(store: MockStore, user: UserRecord) {
	const now = store.now()
	const since = now - emailIntervalSeconds * 1000
	const attempts = store.data.locked_sign_in_attempts.filter(
		(attempt) => attempt.reported_at === null || attempt.reported_at > since,
	)
	attempts.push({ user_id: user.id, at: now, reported_at: null })
	store.data.locked_sign_in_attempts = attempts
	store.changed()
	if (attempts.some((attempt) => attempt.user_id === user.id && attempt.reported_at !== null)) return
	sendCatalogueEmail(
		store,
		'sign_in_refused_while_locked',
		user.email,
		hello(user) +
			'Your Partner Portal account is locked after failed sign-ins, and someone tried to sign in again.\n' +
			listAttempts(takeUnreported(store, user)) +
			`\nFurther attempts are reported at most once a minute. If this was not you, reset your password: it also ends the lock.\n`,
		{ linkLabel: 'Reset your password' },
	)
}
