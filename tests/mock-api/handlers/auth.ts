/** Reference data, sign-in (both steps), refresh with rotation, sign-out. */
import { timingSafeEqual } from 'node:crypto'
import {
	codeSignInBody,
	keyFilterListQuery,
	passwordSignInBody,
	refreshTokenBody,
	validationMessages,
	type Notice,
	type TwoStepMethodKey,
} from '../../../app/api/contract/index'
import {
	caller,
	notFound,
	paginate,
	parseBody,
	parseQuery,
	reply,
	unauthenticated,
	type Ctx,
	type Reply,
} from '../http'
import { freshLockout, lockedForSeconds, noticesWhileLocked, registerFailure } from '../lockout'
import { verifyPassword } from '../passwords'
import { POLICY } from '../policy'
import { AUTHENTICATION_TYPES, USER_TOKEN_TYPES, USER_TYPES } from '../seed-data'
import { sha256, type MockStore, type TwoStepRecord, type UserRecord } from '../state'
import { verifyTotp } from '../totp'
import { formatDuration, type Handlers } from './types'

function keyFilteredList(ctx: Ctx, items: ReadonlyArray<{ key: string }>): Reply {
	const query = parseQuery(ctx, keyFilterListQuery)
	const key = query['filter[key:exact]']
	return paginate(ctx, key === undefined ? items : items.filter((item) => item.key === key), query)
}

const locked = (seconds: number, notices: Notice[]) =>
	reply(423, { message: 'Your account is locked.', code: 'account_locked', locked_for_seconds: seconds, notices })

/**
 * A failed password or code: counts toward the lockout, reports to the
 * owner and removes the relation when the policy says so.
 */
function failedAttempt(store: MockStore, user: UserRecord, kind: 'credentials' | 'code'): Reply {
	const now = store.now()
	const outcome = registerFailure(user.lockout, user.has_relation, now)
	store.changed()
	if (outcome.kind === 'failed') {
		if (kind === 'credentials') {
			return reply(422, {
				message: validationMessages.credentialsIncorrect,
				code: 'invalid_credentials',
				errors: { email: [validationMessages.credentialsIncorrect] },
				notices: outcome.notices,
			})
		}
		return reply(422, {
			message: validationMessages.codeInvalid,
			code: 'invalid_code',
			errors: { code: [validationMessages.codeInvalid] },
			notices: outcome.notices,
		})
	}
	if (outcome.removeRelation) user.has_relation = false
	if (outcome.reportToOwner) {
		const base = store.config.portalUrl.replace(/\/+$/, '')
		store.sendEmail(
			user.email,
			'Failed sign-in attempt',
			`Hello ${user.first_name},\n\nSomeone failed to sign in to your Partner Portal account at ${store.clock.iso(now)}.\n` +
				`The account is locked for ${formatDuration(outcome.lockSeconds)}.\n` +
				(outcome.removeRelation ? 'The connection to your external account was removed.\n' : '') +
				`\nIf this was not you, reset your password: ${base}/auth/reset-password\n`,
		)
	}
	return locked(outcome.lockSeconds, outcome.notices)
}

function fullPair(store: MockStore, user: UserRecord): Reply {
	user.lockout = freshLockout()
	const { pair } = store.issuePair(user)
	return reply(201, { data: pair, meta: { restricted: false, two_step_methods: [] } })
}

async function passwordStep(ctx: Ctx): Promise<Reply> {
	const { store } = ctx
	const body = parseBody(ctx, passwordSignInBody)
	const user = store.userByEmail(body.email)
	if (!user) {
		// Same work as a known email, same answer as a wrong password.
		await verifyPassword(body.password, store.dummyHash)
		return reply(422, {
			message: validationMessages.credentialsIncorrect,
			code: 'invalid_credentials',
			errors: { email: [validationMessages.credentialsIncorrect] },
			notices: [],
		})
	}
	const correct = await verifyPassword(body.password, user.password_hash)
	const lockedFor = lockedForSeconds(user.lockout, store.now())
	if (lockedFor > 0) return locked(lockedFor, noticesWhileLocked())
	if (!correct) return failedAttempt(store, user, 'credentials')
	const methods = store.activeTwoStepMethods(user.id)
	if (methods.length === 0) return fullPair(store, user)
	// The lockout counter is reset only by a complete sign-in, so a known
	// password cannot be used to reset the count of wrong codes.
	const { pair } = store.issuePair(user, { restricted: true })
	return reply(201, { data: pair, meta: { restricted: true, two_step_methods: methods } })
}

/** True when the last emailed code, still unused, has expired: no code can work until a new one is sent. */
export function emailCodeExpired(store: MockStore, entry: TwoStepRecord): boolean {
	return !!entry.code_hash && !entry.code_used && entry.code_expires_at !== null && entry.code_expires_at <= store.now()
}

/** 422 `code_expired`. */
export const codeExpired = () =>
	reply(422, {
		message: validationMessages.codeExpired,
		code: 'code_expired',
		errors: { code: [validationMessages.codeExpired] },
	})

/** An unused, unexpired emailed code; marks it used. */
export function consumeEmailCode(store: MockStore, entry: TwoStepRecord, code: string): boolean {
	if (!entry.code_hash || entry.code_used || entry.code_expires_at === null || emailCodeExpired(store, entry))
		return false
	const ok = timingSafeEqual(Buffer.from(sha256(code)), Buffer.from(entry.code_hash))
	if (ok) {
		entry.code_used = true
		store.changed()
	}
	return ok
}

/** A TOTP code of the entry's secret not used before; remembers its step. */
export function consumeTotpCode(store: MockStore, entry: TwoStepRecord, code: string): boolean {
	if (!entry.secret) return false
	const step = verifyTotp(entry.secret, code, store.now(), { afterStep: entry.last_used_step ?? -Infinity })
	if (step === null) return false
	entry.last_used_step = step
	store.changed()
	return true
}

async function codeStep(ctx: Ctx, method: TwoStepMethodKey): Promise<Reply> {
	const { store } = ctx
	// The second step needs the restricted access token of the password step.
	if (!ctx.auth || !ctx.auth.restricted) throw unauthenticated()
	const { user, token } = ctx.auth
	const body = parseBody(ctx, codeSignInBody)
	const lockedFor = lockedForSeconds(user.lockout, store.now())
	if (lockedFor > 0) return locked(lockedFor, noticesWhileLocked())
	const entry = store.twoStep(user.id, method)
	if (entry?.active && method === 'email' && emailCodeExpired(store, entry)) return codeExpired()
	const ok =
		!!entry?.active &&
		(method === 'totp' ? consumeTotpCode(store, entry, body.code) : consumeEmailCode(store, entry, body.code))
	if (!ok) return failedAttempt(store, user, 'code')
	store.revokeFamily(token.family_id)
	return fullPair(store, user)
}

function refresh(ctx: Ctx): Reply {
	const { store } = ctx
	const body = parseBody(ctx, refreshTokenBody)
	const token = store.token(body.token)
	if (!token || token.kind !== 'refresh' || token.restricted) throw unauthenticated()
	const family = store.familyOf(token)
	const now = store.now()
	if (!family || family.revoked_at !== null || token.revoked_at !== null || token.expires_at <= now)
		throw unauthenticated()
	const meta = { restricted: false, two_step_methods: [] }
	if (token.rotated_at !== null) {
		// Parallel refreshes (other replicas, other tabs) within the grace get the same new pair.
		if (token.successor && now - token.rotated_at <= POLICY.refreshGraceSeconds * 1000) {
			return reply(201, { data: token.successor, meta })
		}
		// Reuse after the grace: the token was probably stolen; end the whole sign-in.
		store.revokeFamily(family.id)
		throw unauthenticated()
	}
	const user = store.userById(token.user_id)
	if (!user) throw unauthenticated()
	const { pair } = store.issuePair(user, { familyId: family.id })
	token.rotated_at = now
	token.successor = pair
	store.changed()
	return reply(201, { data: pair, meta })
}

export const authHandlers: Handlers<
	| 'listAuthenticationTypes'
	| 'listUserTypes'
	| 'listUserTokenTypes'
	| 'createAuthenticationToken'
	| 'deleteCurrentAuthenticationToken'
> = {
	listAuthenticationTypes: (ctx) => keyFilteredList(ctx, AUTHENTICATION_TYPES),
	listUserTypes: (ctx) => keyFilteredList(ctx, USER_TYPES),
	listUserTokenTypes: (ctx) => keyFilteredList(ctx, USER_TOKEN_TYPES),

	createAuthenticationToken: async (ctx) => {
		const type = AUTHENTICATION_TYPES.find((candidate) => candidate.id === ctx.params.id)
		if (!type) throw notFound()
		switch (type.key) {
			case 'password':
				return passwordStep(ctx)
			case 'totp':
			case 'email':
				return codeStep(ctx, type.key)
			case 'refresh':
				return refresh(ctx)
		}
	},

	deleteCurrentAuthenticationToken: (ctx) => {
		ctx.store.revokeFamily(caller(ctx).token.family_id)
		return reply(204)
	},
}
