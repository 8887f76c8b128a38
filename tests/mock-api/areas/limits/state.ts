/**
 * The API's abuse limits (docs/decisions/0019-abuse-limits.md): a sliding
 * window of hits per key, in the mock's state — so they hold across a restart
 * of the mock and follow its clock hook. The contract names the numbers:
 * `rateLimits` (per partner, enforced for every endpoint with a `rateLimit` by
 * server.ts) and `emailIntervalSeconds` (per address, by the handlers that email).
 */
import { emailIntervalSeconds, wrongPasswordConfirmations, type RateLimit } from '../../../../app/api/contract/index'
import { list } from '../../collections'
import { throttled, type Ctx } from '../../http'
import { verifyPassword } from '../../passwords'
import type { MockStore } from '../../store'

export type HitRecord = { key: string; at: number }

export const limitCollections = { rate_hits: list<HitRecord>() }

/** The longest window any limit uses: older hits are dropped. */
const KEEP_MS = 60 * 60 * 1000

/**
 * The one limiter of the mock: reserves a hit of `key` at once, before any slow check, or throws the 429 (`code`)
 * when `limit.max` hits are already inside the window — so concurrent calls cannot all pass the check before one of
 * them counts. A limit of every call keeps the hit unless the call is refused (`releaseHit`); a limit of failures
 * gives it back when the check succeeds.
 */
export function reserveHit(
	store: MockStore,
	key: string,
	limit: RateLimit,
	code: 'too_many_attempts' | 'resend_too_soon' = 'too_many_attempts',
): HitRecord {
	const now = store.now()
	store.data.rate_hits = store.data.rate_hits.filter((hit) => hit.at > now - KEEP_MS)
	const inWindow = store.data.rate_hits.filter((hit) => hit.key === key && hit.at > now - limit.windowSeconds * 1000)
	if (inWindow.length >= limit.max) {
		const oldest = Math.min(...inWindow.map((hit) => hit.at))
		throw throttled(code, (oldest + limit.windowSeconds * 1000 - now) / 1000)
	}
	const hit = { key, at: now }
	store.data.rate_hits.push(hit)
	store.changed()
	return hit
}

/**
 * A proof of identity typed while signed in (a password; an authenticator code for an identity confirmation),
 * checked under one count per account: only wrong ones count, and past `wrongPasswordConfirmations` every try —
 * password or code, right or wrong — is a 429 before it is even checked. One count, so switching from guessing the
 * password to guessing codes (a million of them) gains nothing.
 */
export async function checkConfirmation(store: MockStore, userId: string, check: () => boolean | Promise<boolean>) {
	const hit = reserveHit(store, `wrong-password:${userId}`, wrongPasswordConfirmations)
	if (!(await check())) return false
	releaseHit(store, hit)
	return true
}

/** Whether `password` is the signed-in user's, to confirm a change, under the count of `checkConfirmation`. */
export function confirmPassword(store: MockStore, user: { id: string; password_hash: string }, password: string) {
	return checkConfirmation(store, user.id, () => verifyPassword(password, user.password_hash))
}

/**
 * Whose calls `limit` counts together (`RateLimit.per`): the caller's account, or the address the body names
 * (public endpoints, any case). Null when there is none: the call is refused anyway (401, 422).
 */
export function rateLimitSubject(ctx: Ctx, limit: RateLimit): string | null {
	if (limit.per !== 'email') return ctx.auth ? ctx.auth.user.id : null
	let email: unknown
	try {
		email = (JSON.parse(ctx.bodyText) as { email?: unknown }).email
	} catch {
		return null
	}
	return typeof email === 'string' && email.trim() ? `email:${email.trim().toLowerCase()}` : null
}

/** Gives back a hit the API did not carry out (refused calls do not count). */
export function releaseHit(store: MockStore, hit: HitRecord) {
	const index = store.data.rate_hits.indexOf(hit)
	if (index !== -1) store.data.rate_hits.splice(index, 1)
	store.changed()
}

/** One email of `kind` to `address` per `emailIntervalSeconds`, registered address or not (429 `resend_too_soon`). */
export function takeEmailSlot(store: MockStore, kind: 'reset_password' | 'email_change', address: string) {
	return reserveHit(
		store,
		`email:${kind}:${address.trim().toLowerCase()}`,
		{ max: 1, windowSeconds: emailIntervalSeconds },
		'resend_too_soon',
	)
}
