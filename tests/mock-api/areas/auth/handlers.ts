/** Sign-in (both steps), refresh with rotation, sign-out. */
import {
	codeSignInBody,
	passkeySignInBody,
	passwordSignInBody,
	recoveryCodeSignInBody,
	refreshTokenBody,
	validationMessages,
	type Notice,
	type TwoStepMethodKey,
} from '../../../../app/api/contract/index'
import {
	caller,
	codeExpired,
	notFound,
	parseBody,
	reply,
	unauthenticated,
	type Ctx,
	type Handlers,
	type Reply,
} from '../../http'
import { freshLockout, lockedForSeconds, noticesWhileLocked, registerFailure } from '../../lockout'
import { verifyPassword } from '../../passwords'
import { POLICY } from '../../policy'
import type { MockStore } from '../../store'
import { emailLock, emailNewSignIn, emailRecoveryCodeUsed, reportLockedAttempt } from '../emails/notices'
import { passkeysOf, verifyPasskeySignIn } from '../passkeys/state'
import { AUTHENTICATION_TYPES } from '../reference/data'
import { consumeRecoveryCode, remainingRecoveryCodes } from '../two-step/recovery-codes'
import { activeTwoStepMethods, consumeCode, emailCodeExpired, twoStep } from '../two-step/state'
import { userByEmail, userById, type UserRecord } from '../users/state'
import { familyOf, isNewBrowser, issuePair, revokeFamily, tokenByRaw } from './state'

const locked = (seconds: number, notices: Notice[]) =>
	reply(423, { message: 'Your account is locked.', code: 'account_locked', locked_for_seconds: seconds, notices })

/**
 * A failed password or code: counts toward the lockout, reports to the
 * owner and removes the relation when the policy says so.
 */
function failedAttempt(
	store: MockStore,
	user: UserRecord,
	kind: 'credentials' | 'code' | 'reused',
	field = 'code',
): Reply {
	const outcome = registerFailure(user.lockout, user.has_relation, store.now())
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
		const [code, message] =
			kind === 'reused'
				? (['code_reused', validationMessages.codeReused] as const)
				: (['invalid_code', validationMessages.codeInvalid] as const)
		return reply(422, { message, code, errors: { [field]: [message] }, notices: outcome.notices })
	}
	if (outcome.removeRelation) user.has_relation = false
	emailLock(store, user, outcome)
	return locked(outcome.lockSeconds, outcome.notices)
}

/** An attempt while the account is locked: refused whatever was typed, and reported to the owner. */
function refusedWhileLocked(store: MockStore, user: UserRecord, lockedFor: number): Reply {
	reportLockedAttempt(store, user)
	return locked(lockedFor, noticesWhileLocked())
}

/** A complete sign-in: a new session, announced when its browser is new to the account. */
function fullPair(ctx: Ctx, user: UserRecord, meta: { recovery_codes_remaining?: number } = {}): Reply {
	const { store } = ctx
	user.lockout = freshLockout()
	const { pair, family } = issuePair(store, user, { client: ctx.client })
	if (isNewBrowser(store, family)) emailNewSignIn(store, user, family)
	return reply(201, { data: pair, meta: { restricted: false, two_step_methods: [], ...meta } })
}

async function passwordStep(ctx: Ctx): Promise<Reply> {
	const { store } = ctx
	const body = parseBody(ctx, passwordSignInBody)
	const user = userByEmail(store, body.email)
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
	if (lockedFor > 0) return refusedWhileLocked(store, user, lockedFor)
	if (!correct) return failedAttempt(store, user, 'credentials')
	const methods = activeTwoStepMethods(store, user.id)
	if (methods.length === 0) return fullPair(ctx, user)
	// The lockout counter is reset only by a complete sign-in, so a known
	// password cannot be used to reset the count of wrong codes.
	const { pair } = issuePair(store, user, { restricted: true })
	const meta = {
		restricted: true,
		two_step_methods: methods,
		recovery_codes_remaining: remainingRecoveryCodes(store, user.id),
		passkeys: passkeysOf(store, user.id).length,
	}
	return reply(201, { data: pair, meta })
}

/**
 * The second step, with the restricted token of the password step: a method's code, a recovery code or a passkey
 * (a credential that does not verify counts as a wrong code).
 */
async function secondStep(ctx: Ctx, way: TwoStepMethodKey | 'recovery_code' | 'passkey'): Promise<Reply> {
	const { store } = ctx
	if (!ctx.auth || !ctx.auth.restricted) throw unauthenticated()
	const { user, token } = ctx.auth
	const body = parseBody(
		ctx,
		way === 'passkey' ? passkeySignInBody : way === 'recovery_code' ? recoveryCodeSignInBody : codeSignInBody,
	)
	const lockedFor = lockedForSeconds(user.lockout, store.now())
	if (lockedFor > 0) return refusedWhileLocked(store, user, lockedFor)
	if ('credential' in body) {
		const credential = { ...body.credential, clientExtensionResults: {} }
		if (!(await verifyPasskeySignIn(store, user.id, token.family_id, credential)))
			return failedAttempt(store, user, 'code', 'credential')
		revokeFamily(store, token.family_id)
		return fullPair(ctx, user)
	}
	if (way === 'recovery_code') {
		// Checked in the same synchronous step as the count, so concurrent guesses are counted one by one.
		if (!consumeRecoveryCode(store, user.id, body.code)) return failedAttempt(store, user, 'code')
		revokeFamily(store, token.family_id)
		const remaining = remainingRecoveryCodes(store, user.id)
		emailRecoveryCodeUsed(store, user, remaining)
		return fullPair(ctx, user, { recovery_codes_remaining: remaining })
	}
	const entry = way === 'passkey' ? undefined : twoStep(store, user.id, way)
	if (entry?.active && way === 'email' && emailCodeExpired(store, entry)) return codeExpired()
	const check = entry?.active ? consumeCode(store, entry, body.code) : 'invalid'
	if (check !== 'ok') return failedAttempt(store, user, check === 'reused' ? 'reused' : 'code')
	revokeFamily(store, token.family_id)
	return fullPair(ctx, user)
}

function refresh(ctx: Ctx): Reply {
	const { store } = ctx
	const body = parseBody(ctx, refreshTokenBody)
	const token = tokenByRaw(store, body.token)
	if (!token || token.kind !== 'refresh' || token.restricted) throw unauthenticated()
	const family = familyOf(store, token)
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
		revokeFamily(store, family.id)
		throw unauthenticated()
	}
	const user = userById(store, token.user_id)
	if (!user) throw unauthenticated()
	const { pair } = issuePair(store, user, { familyId: family.id })
	token.rotated_at = now
	token.successor = pair
	store.changed()
	return reply(201, { data: pair, meta })
}

export const authHandlers: Handlers<'createAuthenticationToken' | 'deleteCurrentAuthenticationToken'> = {
	createAuthenticationToken: async (ctx) => {
		const type = AUTHENTICATION_TYPES.find((candidate) => candidate.id === ctx.params.id)
		if (!type) throw notFound()
		switch (type.key) {
			case 'password':
				return passwordStep(ctx)
			case 'totp':
			case 'email':
			case 'recovery_code':
			case 'passkey':
				return secondStep(ctx, type.key)
			case 'refresh':
				return refresh(ctx)
		}
	},

	deleteCurrentAuthenticationToken: (ctx) => {
		revokeFamily(ctx.store, caller(ctx).token.family_id)
		return reply(204)
	},
}
