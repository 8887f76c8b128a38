/** Two-step methods: list, start (secret or emailed code), activate, deactivate. */
import {
	activateTwoStepBody,
	createRecoveryCodesBody,
	deactivateTwoStepBody,
	validationMessages,
	type TwoStepMethodKey,
} from '../../../../app/api/contract/index'
import { randomCode, sha256 } from '../../crypto'
import {
	caller,
	codeExpired,
	fail,
	notFound,
	paginate,
	parseBody,
	reply,
	throttled,
	twoStepRequired,
	validationFailed,
	type Ctx,
	type Handlers,
} from '../../http'
import { POLICY } from '../../policy'
import { generateTotpSecret, otpauthUri, TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '../../totp'
import { revokeUserFamilies } from '../auth/state'
import { emailPasskeyChanged, emailRecoveryCodesGenerated, emailTwoStepChanged } from '../emails/notices'
import { emailSubject, hello, sendEmail } from '../emails/state'
import { confirmPassword } from '../limits/state'
import { removePasskeys } from '../passkeys/state'
import { AUTHENTICATION_TYPES } from '../reference/data'
import { presentTwoStep } from './presenters'
import { endRecoveryCodes, generateRecoveryCodes, hasRecoveryCodes } from './recovery-codes'
import { activeTwoStepMethods, consumeCode, emailCodeExpired, ensureTwoStep, twoStep } from './state'

function methodOf(ctx: Ctx): TwoStepMethodKey {
	const type = AUTHENTICATION_TYPES.find((candidate) => candidate.id === ctx.params.id)
	if (type?.key !== 'totp' && type?.key !== 'email') throw notFound()
	return type.key
}

const alreadyActive = () =>
	fail(422, {
		message: 'This two-step method is already active.',
		code: 'already_active',
		errors: { authentication_type_id: ['This two-step method is already active.'] },
	})

const wrongPassword = () => validationFailed({ password: [validationMessages.passwordIncorrect] })

export const twoStepHandlers: Handlers<
	| 'listUserAuthentications'
	| 'getUserAuthentication'
	| 'createTwoStepSecret'
	| 'activateTwoStep'
	| 'deactivateTwoStep'
	| 'createRecoveryCodes'
> = {
	listUserAuthentications: (ctx) => {
		const { user } = caller(ctx)
		const own = ctx.store.data.two_step.filter((entry) => entry.user_id === user.id)
		return paginate(
			ctx,
			own.map((entry) => presentTwoStep(ctx.store, entry)),
		)
	},

	getUserAuthentication: (ctx) => {
		const { user } = caller(ctx)
		const entry = twoStep(ctx.store, user.id, methodOf(ctx))
		if (!entry) throw notFound()
		return reply(200, { data: presentTwoStep(ctx.store, entry) })
	},

	createTwoStepSecret: (ctx) => {
		const { store } = ctx
		const { user, restricted } = caller(ctx)
		const method = methodOf(ctx)
		// With the restricted token of the password step: only to send the email sign-in code.
		if (restricted && (method !== 'email' || !twoStep(store, user.id, 'email')?.active)) throw twoStepRequired()
		if (method === 'totp') {
			const entry = ensureTwoStep(store, user.id, 'totp')
			if (entry.active) throw alreadyActive()
			entry.secret = generateTotpSecret()
			entry.last_used_step = null
			store.changed()
			return reply(201, {
				data: {
					secret: entry.secret,
					otpauth_uri: otpauthUri({ issuer: POLICY.totpIssuer, account: user.email, secret: entry.secret }),
					digits: TOTP_DIGITS,
					period: TOTP_PERIOD_SECONDS,
				},
			})
		}
		const entry = ensureTwoStep(store, user.id, 'email')
		if (!restricted && entry.active) throw alreadyActive()
		const now = store.now()
		// At most one send per interval while the last code is unused (server-enforced). A used one frees the next
		// send: turning the method on and then signing in within the minute gets a code, and an inbox cannot be
		// flooded this way, since only the reader of the last code can use it.
		if (entry.code_sent_at !== null && !entry.code_used) {
			const availableAt = entry.code_sent_at + POLICY.resendIntervalSeconds * 1000
			if (availableAt > now) throw throttled('resend_too_soon', (availableAt - now) / 1000)
		}
		const code = randomCode()
		entry.code_hash = sha256(code)
		entry.code_sent_at = now
		entry.code_expires_at = now + POLICY.emailCodeTtlSeconds * 1000
		entry.code_used = false
		sendEmail(
			store,
			user.email,
			emailSubject(restricted ? 'sign_in_code' : 'two_step_setup_code'),
			`${hello(user)}Your code is ${code}\n\nIt expires in 10 minutes and works once. ` +
				'If you did not ask for it, change your password.\n',
		)
		return reply(201, {
			data: {
				digits: TOTP_DIGITS,
				expires_at: store.clock.iso(entry.code_expires_at),
				resend_available_at: store.clock.iso(now + POLICY.resendIntervalSeconds * 1000),
				expires_in_seconds: POLICY.emailCodeTtlSeconds,
				resend_available_in_seconds: POLICY.resendIntervalSeconds,
			},
		})
	},

	activateTwoStep: (ctx) => {
		const { store } = ctx
		const { user } = caller(ctx)
		const method = methodOf(ctx)
		const entry = twoStep(store, user.id, method)
		if (!entry) throw notFound()
		const body = parseBody(ctx, activateTwoStepBody)
		if (entry.active) throw alreadyActive()
		if (method === 'email' && emailCodeExpired(store, entry)) return codeExpired()
		// A new pending secret has no step used yet: a code of it is never `reused`.
		if (consumeCode(store, entry, body.code) !== 'ok') {
			throw fail(422, {
				message: validationMessages.codeInvalid,
				code: 'invalid_code',
				errors: { code: [validationMessages.codeInvalid] },
			})
		}
		entry.active = true
		entry.activated_at = store.now()
		emailTwoStepChanged(store, user, method, true)
		// The first method on: a way back in for when it is lost.
		const codes = hasRecoveryCodes(store, user.id) ? null : generateRecoveryCodes(store, user.id)
		if (codes) emailRecoveryCodesGenerated(store, user)
		store.changed()
		return reply(200, { data: presentTwoStep(store, entry), meta: { recovery_codes: codes } })
	},

	deactivateTwoStep: async (ctx) => {
		const { store } = ctx
		const { user, token } = caller(ctx)
		const entry = twoStep(store, user.id, methodOf(ctx))
		if (!entry) throw notFound()
		const body = parseBody(ctx, deactivateTwoStepBody)
		if (!(await confirmPassword(store, user, body.password))) throw wrongPassword()
		if (entry.active) {
			revokeUserFamilies(store, user.id, token.family_id)
			emailTwoStepChanged(store, user, entry.method, false)
		}
		entry.active = false
		entry.activated_at = null
		entry.secret = null
		entry.last_used_step = null
		entry.code_hash = null
		entry.code_expires_at = null
		entry.code_used = false
		if (activeTwoStepMethods(store, user.id).length === 0) {
			endRecoveryCodes(store, user.id)
			if (removePasskeys(store, user.id) > 0) emailPasskeyChanged(store, user, null, false)
		}
		store.changed()
		return reply(200, { data: presentTwoStep(store, entry) })
	},

	createRecoveryCodes: async (ctx) => {
		const { store } = ctx
		const { user } = caller(ctx)
		const body = parseBody(ctx, createRecoveryCodesBody)
		if (activeTwoStepMethods(store, user.id).length === 0) {
			const message = 'Turn on two-step authentication first.'
			throw fail(422, { message, code: 'two_step_inactive', errors: { password: [message] } })
		}
		if (!(await confirmPassword(store, user, body.password))) throw wrongPassword()
		const codes = generateRecoveryCodes(store, user.id)
		emailRecoveryCodesGenerated(store, user)
		return reply(201, { data: codes })
	},
}
