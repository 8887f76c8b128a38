/** Two-step methods (TOTP and email code) and the contact form. */
import {
	activateTwoStepBody,
	contactMessageBody,
	deactivateTwoStepBody,
	validationMessages,
	type TwoStepMethodKey,
} from '../../../app/api/contract/index'
import {
	caller,
	fail,
	notFound,
	paginate,
	parseBody,
	reply,
	throttled,
	twoStepRequired,
	validationFailed,
	type Ctx,
} from '../http'
import { verifyPassword } from '../passwords'
import { POLICY } from '../policy'
import { AUTHENTICATION_TYPES } from '../seed-data'
import { newId, randomCode, sha256 } from '../state'
import { generateTotpSecret, otpauthUri, TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '../totp'
import { codeExpired, consumeEmailCode, consumeTotpCode, emailCodeExpired } from './auth'
import type { Handlers } from './types'

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

export const twoStepHandlers: Handlers<
	| 'listUserAuthentications'
	| 'getUserAuthentication'
	| 'createTwoStepSecret'
	| 'activateTwoStep'
	| 'deactivateTwoStep'
	| 'createContactMessage'
> = {
	listUserAuthentications: (ctx) => {
		const { user } = caller(ctx)
		const own = ctx.store.data.two_step.filter((entry) => entry.user_id === user.id)
		return paginate(
			ctx,
			own.map((entry) => ctx.store.presentTwoStep(entry)),
		)
	},

	getUserAuthentication: (ctx) => {
		const { user } = caller(ctx)
		const entry = ctx.store.twoStep(user.id, methodOf(ctx))
		if (!entry) throw notFound()
		return reply(200, { data: ctx.store.presentTwoStep(entry) })
	},

	createTwoStepSecret: (ctx) => {
		const { store } = ctx
		const { user, restricted } = caller(ctx)
		const method = methodOf(ctx)
		// With the restricted token of the password step: only to send the email sign-in code.
		if (restricted && (method !== 'email' || !store.twoStep(user.id, 'email')?.active)) throw twoStepRequired()
		if (method === 'totp') {
			const entry = store.ensureTwoStep(user.id, 'totp')
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
		const entry = store.ensureTwoStep(user.id, 'email')
		if (!restricted && entry.active) throw alreadyActive()
		const now = store.now()
		// At most one send per interval (server-enforced, whatever happened to the last code).
		if (entry.code_sent_at !== null) {
			const availableAt = entry.code_sent_at + POLICY.resendIntervalSeconds * 1000
			if (availableAt > now) throw throttled('resend_too_soon', (availableAt - now) / 1000)
		}
		const code = randomCode()
		entry.code_hash = sha256(code)
		entry.code_sent_at = now
		entry.code_expires_at = now + POLICY.emailCodeTtlSeconds * 1000
		entry.code_used = false
		store.sendEmail(
			user.email,
			restricted ? 'Your sign-in code' : 'Your verification code',
			`Hello ${user.first_name},\n\nYour code is ${code}\n\nIt expires in 10 minutes and works once. ` +
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
		const entry = store.twoStep(user.id, method)
		if (!entry) throw notFound()
		const body = parseBody(ctx, activateTwoStepBody)
		if (entry.active) throw alreadyActive()
		if (method === 'email' && emailCodeExpired(store, entry)) return codeExpired()
		const ok = method === 'totp' ? consumeTotpCode(store, entry, body.code) : consumeEmailCode(store, entry, body.code)
		if (!ok) {
			throw fail(422, {
				message: validationMessages.codeInvalid,
				code: 'invalid_code',
				errors: { code: [validationMessages.codeInvalid] },
			})
		}
		entry.active = true
		entry.activated_at = store.now()
		store.changed()
		return reply(200, { data: store.presentTwoStep(entry) })
	},

	deactivateTwoStep: async (ctx) => {
		const { store } = ctx
		const { user } = caller(ctx)
		const entry = store.twoStep(user.id, methodOf(ctx))
		if (!entry) throw notFound()
		const body = parseBody(ctx, deactivateTwoStepBody)
		if (!(await verifyPassword(body.password, user.password_hash))) {
			throw validationFailed({ password: [validationMessages.passwordIncorrect] })
		}
		entry.active = false
		entry.activated_at = null
		entry.secret = null
		entry.last_used_step = null
		entry.code_hash = null
		entry.code_expires_at = null
		entry.code_used = false
		store.changed()
		return reply(200, { data: store.presentTwoStep(entry) })
	},

	createContactMessage: (ctx) => {
		const { store } = ctx
		const { user } = caller(ctx)
		const body = parseBody(ctx, contactMessageBody)
		const id = newId()
		store.data.contact_messages.push({
			id,
			user_id: user.id,
			subject: body.subject,
			message: body.message,
			created_at: store.now(),
		})
		store.sendEmail(
			store.config.contactEmail,
			`Contact: ${body.subject}`,
			`From: ${user.first_name} ${user.last_name} <${user.email}>\nCompany: ${user.company_name}\n\n${body.message}\n`,
		)
		return reply(202, { data: { id } })
	},
}
