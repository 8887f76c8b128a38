import { z } from 'zod'
import {
	codedValidationBody,
	currentPassword,
	dataOf,
	isoDateTime,
	limits,
	listOf,
	opaqueId,
	twoStepCodeField,
	twoStepMethodKeyEnum,
	wholeNumber,
} from './common'
import { recoveryCodeSet } from './recovery-codes'

export const userAuthenticationResource = z.object({
	id: opaqueId(),
	authentication_type: z.object({ id: opaqueId(), key: twoStepMethodKeyEnum }),
	active: z.boolean(),
	activated_at: isoDateTime.nullable(),
})
export type UserAuthentication = z.infer<typeof userAuthenticationResource>
export const userAuthenticationList = listOf(userAuthenticationResource)
export const userAuthenticationResponse = dataOf(userAuthenticationResource)
export const activatedTwoStepResponse = userAuthenticationResponse.extend({
	meta: z.object({
		recovery_codes: recoveryCodeSet
			.nullable()
			.describe('The first method turned on: a new set of recovery codes, shown once; otherwise null.'),
	}),
})

export const totpSecret = z.object({
	secret: z
		.string()
		.max(limits.tokenMax)
		.regex(/^[A-Z2-7]+=*$/)
		.describe('Base32 (RFC 4648) secret, for manual entry.'),
	otpauth_uri: z.string().max(limits.urlMax).startsWith('otpauth://totp/').describe('Key URI for the QR code.'),
	digits: z.number().int().positive(),
	period: z.number().int().positive().describe('Seconds per code.'),
})
export const totpSecretResponse = dataOf(totpSecret)

export const emailCodeSent = z.object({
	digits: z.number().int().positive(),
	expires_at: isoDateTime.describe('When the emailed code stops working.'),
	resend_available_at: isoDateTime.describe('The earliest time another code may be requested.'),
	expires_in_seconds: wholeNumber().describe('Seconds the code stays valid (clock-skew free).'),
	resend_available_in_seconds: wholeNumber().describe('Seconds until another code may be requested (clock-skew free).'),
})
export const emailCodeSentResponse = dataOf(emailCodeSent)

export const twoStepSecretResponse = z.union([totpSecretResponse, emailCodeSentResponse])

export const activateTwoStepBody = z.object({ code: twoStepCodeField })

export const deactivateTwoStepBody = z.object({ password: currentPassword() })

export const alreadyActiveBody = codedValidationBody('already_active')
