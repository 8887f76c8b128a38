/** Current user, registration, verifications, emailed tokens, password reset. */
import {
	registrationBody,
	resetPasswordActivateBody,
	resetPasswordRequestBody,
	tokenBody,
	updateMeBody,
	validationMessages,
	type FieldErrors,
} from '../../../../app/api/contract/index'
import { newId, randomToken, sha256 } from '../../crypto'
import {
	caller,
	fail,
	invalidToken,
	notFound,
	paginate,
	parseBody,
	reply,
	throttled,
	validationFailed,
	type Ctx,
	type Handlers,
} from '../../http'
import { freshLockout } from '../../lockout'
import { hashPassword } from '../../passwords'
import { POLICY } from '../../policy'
import type { MockStore } from '../../store'
import { revokeUserFamilies } from '../auth/state'
import { emailPasswordChanged } from '../emails/notices'
import { emailSubject, hello, sendCatalogueEmail, sendEmail } from '../emails/state'
import { confirmPassword, takeEmailSlot } from '../limits/state'
import { USER_TOKEN_TYPES } from '../reference/data'
import { presentUser, presentVerification } from './presenters'
import {
	createUser,
	issueUserToken,
	sendVerificationEmail,
	tokenLink,
	usableUserToken,
	userByEmail,
	userById,
	type UserRecord,
	type UserTokenRecord,
	type VerificationRecord,
} from './state'

/**
 * Uses an email_verification or email_change token: confirms the address or
 * applies the pending email. Returns false when the token no longer fits.
 */
function applyEmailToken(store: MockStore, token: UserTokenRecord): boolean {
	const user = userById(store, token.user_id)
	if (!user) return false
	const now = store.now()
	const verification = store.data.verifications.find((candidate) => candidate.id === token.verification_id)
	const same = (a: string | null, b: string) => a !== null && a.toLowerCase() === b.toLowerCase()
	if (token.type === 'email_verification') {
		if (!same(user.email, token.email)) return false
		user.email_verified_at ??= now
	} else if (token.type === 'email_change') {
		if (!same(user.pending_email, token.email)) return false
		const other = userByEmail(store, token.email)
		if (other && other.id !== user.id) return false
		const previous = user.email
		user.email = token.email
		user.pending_email = null
		user.email_verified_at = now
		sendCatalogueEmail(
			store,
			'email_changed',
			previous,
			`${hello(user, previous)}The email address of your Partner Portal account is now ${user.email}.\n` +
				'If you did not make this change, contact us.\n',
			{ linkLabel: 'Your email settings' },
		)
	} else {
		return false
	}
	token.used_at = now
	if (verification) {
		verification.status = 'verified'
		verification.verified_at = now
	}
	store.changed()
	return true
}

/**
 * A second click on an emailed link: the token (used, replaced or expired) is an email_verification or
 * email_change token whose address is now its account's confirmed email. The token names the account, so
 * saying so tells its holder nothing new.
 */
function confirmedAlready(store: MockStore, raw: string, type: UserTokenRecord['type']): boolean {
	if (type !== 'email_verification' && type !== 'email_change') return false
	const hash = sha256(raw)
	const token = store.data.user_tokens.find((candidate) => candidate.hash === hash && candidate.type === type)
	const user = token && userById(store, token.user_id)
	return Boolean(
		token && user && user.email_verified_at !== null && user.email.toLowerCase() === token.email.toLowerCase(),
	)
}

/** A used reset token says so (it reached the account's own inbox); any other unusable token is invalid. */
function usedOrInvalid(store: MockStore, raw: string, type: UserTokenRecord['type']) {
	const hash = sha256(raw)
	const token = store.data.user_tokens.find((candidate) => candidate.hash === hash && candidate.type === type)
	if (type === 'reset_password' && token && token.used_at !== null) {
		return fail(409, { message: 'This link has already been used.', code: 'token_used' })
	}
	return invalidToken()
}

function ownVerification(ctx: Ctx): VerificationRecord {
	const { user } = caller(ctx)
	const verification = ctx.store.data.verifications.find(
		(candidate) => candidate.id === ctx.params.id && candidate.user_id === user.id,
	)
	if (!verification) throw notFound()
	return verification
}

function startEmailChange(store: MockStore, user: UserRecord, email: string) {
	user.pending_email = email
	let verification = store.data.verifications.find(
		(candidate) =>
			candidate.user_id === user.id && candidate.purpose === 'email_change' && candidate.status === 'pending',
	)
	if (verification) {
		verification.value = email
	} else {
		verification = {
			id: newId(),
			user_id: user.id,
			purpose: 'email_change',
			value: email,
			status: 'pending',
			verified_at: null,
			last_sent_at: null,
			created_at: store.now(),
		}
		store.data.verifications.push(verification)
	}
	sendVerificationEmail(store, user, verification)
}

export const userHandlers: Handlers<
	| 'getCurrentUser'
	| 'updateCurrentUser'
	| 'verifyRegistration'
	| 'register'
	| 'listUserVerifications'
	| 'resendUserVerification'
	| 'verifyUserVerification'
	| 'verifyUserToken'
	| 'requestPasswordReset'
	| 'resetPassword'
> = {
	getCurrentUser: (ctx) => reply(200, { data: presentUser(ctx.store, caller(ctx).user) }),

	updateCurrentUser: async (ctx) => {
		const { store } = ctx
		const { user, token } = caller(ctx)
		const body = parseBody(ctx, updateMeBody)
		if (body.email !== undefined || body.password !== undefined) {
			const errors: FieldErrors = {}
			if (body.email !== undefined && userByEmail(store, body.email)) errors.email = [validationMessages.unique]
			if (!(await confirmPassword(store, user, body.current_password ?? ''))) {
				errors.current_password = [validationMessages.passwordIncorrect]
			}
			if (Object.keys(errors).length) throw validationFailed(errors)
		}
		// Before any change: a throttled call changes nothing.
		if (body.email !== undefined) takeEmailSlot(store, 'email_change', body.email)
		if (body.first_name !== undefined) user.first_name = body.first_name
		if (body.last_name !== undefined) user.last_name = body.last_name
		if (body.company_name !== undefined) user.company_name = body.company_name
		if (body.country !== undefined) user.country = body.country
		if (body.locale !== undefined) user.locale = body.locale
		if (body.email !== undefined) startEmailChange(store, user, body.email)
		if (body.password !== undefined) {
			user.password_hash = await hashPassword(body.password, store.config.scryptCost)
			revokeUserFamilies(store, user.id, token.family_id)
			emailPasswordChanged(store, user)
		}
		store.changed()
		return reply(200, { data: presentUser(store, user) })
	},

	verifyRegistration: (ctx) => {
		const { store } = ctx
		const { user } = caller(ctx)
		const body = parseBody(ctx, tokenBody)
		const token = usableUserToken(store, body.token, 'email_verification')
		if (!token || token.user_id !== user.id || !applyEmailToken(store, token)) throw invalidToken()
		return reply(200, { data: presentUser(store, user) })
	},

	register: async (ctx) => {
		const { store } = ctx
		const body = parseBody(ctx, registrationBody)
		if (userByEmail(store, body.email)) throw validationFailed({ email: [validationMessages.unique] })
		const user = await createUser(store, { ...body, verified: false })
		const verification = store.data.verifications.find(
			(candidate) => candidate.user_id === user.id && candidate.purpose === 'registration',
		)!
		sendVerificationEmail(store, user, verification)
		return reply(201, { data: presentUser(store, user) })
	},

	listUserVerifications: (ctx) => {
		const { user } = caller(ctx)
		const own = ctx.store.data.verifications.filter((verification) => verification.user_id === user.id)
		return paginate(
			ctx,
			own.map((verification) => presentVerification(ctx.store, verification)),
		)
	},

	resendUserVerification: (ctx) => {
		const { store } = ctx
		const { user } = caller(ctx)
		const verification = ownVerification(ctx)
		if (verification.status === 'verified') {
			throw fail(422, {
				message: 'This email address is already verified.',
				code: 'already_verified',
				errors: { id: ['This email address is already verified.'] },
			})
		}
		if (verification.last_sent_at !== null) {
			const availableAt = verification.last_sent_at + POLICY.resendIntervalSeconds * 1000
			if (availableAt > store.now()) throw throttled('resend_too_soon', (availableAt - store.now()) / 1000)
		}
		sendVerificationEmail(store, user, verification)
		return reply(202, { data: presentVerification(store, verification) })
	},

	verifyUserVerification: (ctx) => {
		const { store } = ctx
		const verification = ownVerification(ctx)
		const body = parseBody(ctx, tokenBody)
		const token = usableUserToken(store, body.token)
		if (!token || token.verification_id !== verification.id || !applyEmailToken(store, token)) throw invalidToken()
		return reply(200, { data: presentVerification(store, verification) })
	},

	verifyUserToken: (ctx) => {
		const { store } = ctx
		const type = USER_TOKEN_TYPES.find((candidate) => candidate.id === ctx.params.id)
		if (!type) throw notFound()
		const body = parseBody(ctx, tokenBody)
		const token = usableUserToken(store, body.token, type.key)
		if (!token && confirmedAlready(store, body.token, type.key)) {
			throw fail(409, { message: 'This email address is already confirmed.', code: 'already_verified' })
		}
		if (!token) throw usedOrInvalid(store, body.token, type.key)
		// A reset token is only checked here; /user-reset-passwords/activate consumes it.
		if (type.key !== 'reset_password' && !applyEmailToken(store, token)) throw invalidToken()
		return reply(200, { data: { type: type.key, email: token.email } })
	},

	requestPasswordReset: async (ctx) => {
		const { store } = ctx
		const body = parseBody(ctx, resetPasswordRequestBody)
		const user = userByEmail(store, body.email)
		// The same work whether or not the address is registered, throttled or not.
		await hashPassword(randomToken(), store.config.scryptCost)
		takeEmailSlot(store, 'reset_password', body.email)
		if (user) {
			const raw = issueUserToken(store, 'reset_password', user, user.email, null)
			sendEmail(
				store,
				user.email,
				emailSubject('reset_password'),
				`${hello(user)}To choose a new password, open this link:\n${tokenLink(store, 'reset_password', raw)}\n\n` +
					'The link works once and expires in 60 minutes. If you did not ask for this, ignore this email.\n',
			)
		}
		return reply(202, { message: 'If the address is registered, an email is on its way.' })
	},

	resetPassword: async (ctx) => {
		const { store } = ctx
		const body = parseBody(ctx, resetPasswordActivateBody)
		const token = usableUserToken(store, body.token, 'reset_password')
		const user = token && userById(store, token.user_id)
		if (!token || !user) throw usedOrInvalid(store, body.token, 'reset_password')
		token.used_at = store.now()
		user.password_hash = await hashPassword(body.password, store.config.scryptCost)
		user.lockout = freshLockout()
		revokeUserFamilies(store, user.id)
		emailPasswordChanged(store, user)
		store.changed()
		return reply(200, { message: 'Your password has been reset. You can now sign in.' })
	},
}
