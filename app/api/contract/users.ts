import { z } from 'zod'
import {
	codedValidationBody,
	countryEnum,
	dataOf,
	emailField,
	isoDateTime,
	limits,
	listOf,
	localeEnum,
	oneLineText,
	opaqueId,
	refusalBody,
	userTokenTypeKeyEnum,
	userTypeKeyEnum,
	userVerificationStatusEnum,
	userVerificationTypeEnum,
	wholeNumber,
} from './common'
import { passwordPatterns, passwordRules } from './constants'
import { recoveryCodeStatus } from './recovery-codes'

export const userTypeResource = z.object({ id: opaqueId(), key: userTypeKeyEnum })
export type UserType = z.infer<typeof userTypeResource>
export const userTypeList = listOf(userTypeResource)

export const userTokenTypeResource = z.object({ id: opaqueId(), key: userTokenTypeKeyEnum })
export type UserTokenType = z.infer<typeof userTokenTypeResource>
export const userTokenTypeList = listOf(userTokenTypeResource)

// Decision 0006.

const { capitalLetter, digit, specialCharacter } = passwordPatterns

export { passwordRules }

export const passwordField = z
	.string()
	.min(1, 'required')
	.min(limits.passwordMin)
	.max(limits.passwordMax)
	.regex(capitalLetter, 'capitalLetter')
	.regex(digit, 'number')
	.regex(specialCharacter, 'specialCharacter')

export const newPasswordFields = {
	password: passwordField,
	password_confirmation: z.string().min(1, 'required').max(limits.passwordMax),
}

// Cross-field rules run even when other fields are invalid (zod's `when`), so every error is reported at once.
const isObject = (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null

export function withConfirmation<T extends z.ZodType<{ password: string; password_confirmation: string }>>(schema: T) {
	return schema.refine((value) => value.password === value.password_confirmation, {
		path: ['password_confirmation'],
		message: 'passwordsDoNotMatch',
		when: (payload) => {
			const value = payload.value as { password?: unknown; password_confirmation?: unknown } | null
			return (
				typeof value?.password === 'string' &&
				typeof value.password_confirmation === 'string' &&
				!!value.password_confirmation
			)
		},
	})
}

export function differentFromCurrent<T extends z.ZodType<{ password?: string; current_password?: string }>>(schema: T) {
	return schema.refine((value) => !value.password || value.password !== value.current_password, {
		path: ['password'],
		message: 'passwordUnchanged',
		when: (payload) => {
			const value = payload.value as { password?: unknown; current_password?: unknown } | null
			return typeof value?.password === 'string' && typeof value.current_password === 'string'
		},
	})
}

export const userResource = z.object({
	id: opaqueId(),
	first_name: z.string().max(limits.nameMax),
	last_name: z.string().max(limits.nameMax),
	email: z.string().max(limits.emailMax),
	pending_email: z
		.string()
		.max(limits.emailMax)
		.nullable()
		.describe('New address of an email change awaiting confirmation.'),
	email_verified_at: isoDateTime.nullable().describe('Null until the registration email is confirmed.'),
	company_name: z.string().max(limits.companyNameMax),
	country: countryEnum,
	locale: localeEnum,
	user_type: z.object({ key: userTypeKeyEnum }),
	created_at: isoDateTime,
	recovery_codes: recoveryCodeStatus.nullable(),
})
export type User = z.infer<typeof userResource>
export const userResponse = dataOf(userResource)

export const profileFields = {
	first_name: oneLineText(limits.nameMax),
	last_name: oneLineText(limits.nameMax),
	company_name: oneLineText(limits.companyNameMax),
	country: countryEnum,
	locale: localeEnum,
}

export const registrationBody = withConfirmation(
	z.object({ ...profileFields, email: emailField, ...newPasswordFields }),
)

export const updateMeBody = differentFromCurrent(
	z
		.object({
			...profileFields,
			email: emailField,
			password: passwordField,
			password_confirmation: z.string().max(limits.passwordMax),
			current_password: z.string().max(limits.passwordMax),
		})
		.partial()
		.refine((value) => !((value.email !== undefined || value.password !== undefined) && !value.current_password), {
			path: ['current_password'],
			message: 'required',
			when: isObject,
		})
		.refine((value) => value.password === undefined || !!value.password_confirmation, {
			path: ['password_confirmation'],
			message: 'required',
			when: isObject,
		})
		.refine(
			(value) =>
				value.password === undefined || !value.password_confirmation || value.password === value.password_confirmation,
			{ path: ['password_confirmation'], message: 'passwordsDoNotMatch', when: isObject },
		),
)
export type UpdateMeBody = z.input<typeof updateMeBody>

export const tokenBody = z.object({ token: z.string().min(1, 'required').max(limits.tokenMax) })

export const userVerificationResource = z.object({
	id: opaqueId(),
	type: userVerificationTypeEnum,
	value: z.string().max(limits.emailMax).describe('The email address being verified.'),
	status: userVerificationStatusEnum,
	verified_at: isoDateTime.nullable(),
	resend_available_at: isoDateTime
		.nullable()
		.describe(
			'While pending and a resend is not yet allowed: when it will be. Null when a resend is allowed now, or verified.',
		),
	resend_available_in_seconds: wholeNumber().describe(
		'Seconds until a resend is allowed (0: now, or verified). Free of clock skew, unlike resend_available_at.',
	),
})
export type UserVerification = z.infer<typeof userVerificationResource>
export const userVerificationList = listOf(userVerificationResource)
export const userVerificationResponse = dataOf(userVerificationResource)

export const userTokenVerificationResponse = dataOf(
	z.object({
		type: userTokenTypeKeyEnum,
		email: z.string().max(limits.emailMax).describe('The address the token was issued for.'),
	}),
)

export const invalidTokenBody = codedValidationBody('invalid_token', 'This field is invalid.')

// 409 of an email link clicked twice: the token names the account, so this reveals nothing about other addresses.
export const tokenAlreadyVerifiedBody = refusalBody('already_verified', 'This email address is already confirmed.')

// 409 of a reset link followed after its password was set: the token was sent to the account's own inbox.
export const tokenUsedBody = refusalBody('token_used', 'This link has already been used.')

export const alreadyVerifiedBody = codedValidationBody('already_verified')

export const resetPasswordRequestBody = z.object({ email: emailField })

export const resetPasswordActivateBody = withConfirmation(
	z.object({ token: z.string().min(1, 'required').max(limits.tokenMax), ...newPasswordFields }),
)
