import { z } from 'zod'
import {
	authenticationTokenTypeKeyEnum,
	authenticationTypeKeyEnum,
	codedValidationBody,
	currentPassword,
	emailField,
	isoDateTime,
	limits,
	listOf,
	opaqueId,
	refusalBody,
	twoStepCodeField,
	twoStepMethodKeyEnum,
} from './common'
import { recoveryCodeSignInBody } from './recovery-codes'
import { passkeySignInBody } from './passkeys'

export const authenticationTypeResource = z.object({
	id: opaqueId().describe('Opaque id; look types up by `key`.'),
	key: authenticationTypeKeyEnum,
})
export type AuthenticationType = z.infer<typeof authenticationTypeResource>
export const authenticationTypeList = listOf(authenticationTypeResource)

export const authenticationToken = z.object({
	token_raw: z
		.string()
		.min(1)
		.max(limits.tokenMax)
		.describe('Send as `Authorization: Bearer <token_raw>` (access) or in the refresh body.'),
	authentication_token_type: z.object({ key: authenticationTokenTypeKeyEnum }),
	expires_at: isoDateTime,
})
export type AuthenticationToken = z.infer<typeof authenticationToken>

export const tokenPairMeta = z.object({
	restricted: z
		.boolean()
		.describe('True after the password step of an account with two-step active: the pair only serves the second step.'),
	two_step_methods: z.array(twoStepMethodKeyEnum).describe('Active two-step methods (when restricted).'),
	recovery_codes_remaining: z
		.number()
		.int()
		.min(0)
		.optional()
		.describe('Unused recovery codes: with a restricted pair, and after signing in with one.'),
	passkeys: z.number().int().min(0).optional().describe('The account’s passkeys: with a restricted pair.'),
})

export const tokenPairResponse = z.object({ data: z.array(authenticationToken), meta: tokenPairMeta })

export function pickTokenPair(data: readonly AuthenticationToken[]): { access: string; refresh: string } | null {
	const access = data.find((token) => token.authentication_token_type.key === 'access')?.token_raw
	const refresh = data.find((token) => token.authentication_token_type.key === 'refresh')?.token_raw
	return access && refresh ? { access, refresh } : null
}

export const passwordSignInBody = z.object({ email: emailField, password: currentPassword() })

/** The second step, with the restricted access token as bearer. */
export const codeSignInBody = z.object({ code: twoStepCodeField })

export const refreshTokenBody = z.object({ token: z.string().min(1, 'required').max(limits.tokenMax) })

export const createAuthenticationTokenBody = z
	.union([passwordSignInBody, codeSignInBody, recoveryCodeSignInBody, passkeySignInBody, refreshTokenBody])
	.describe(
		'By the type in the path: password → {email, password}; totp/email/recovery_code → {code}; passkey → ' +
			'{credential}; refresh → {token}.',
	)

export const notice = z.discriminatedUnion('code', [
	z.object({ code: z.literal('one_more_attempt') }).describe('You have one more attempt without restrictions.'),
	z
		.object({ code: z.literal('next_attempt_locks'), lock_seconds: z.number().int().positive() })
		.describe('The next failed attempt will lock your account for {lock_seconds}.'),
	z
		.object({ code: z.literal('reported_to_owner') })
		.describe('Future failed attempts will be reported to the account owner.'),
	z
		.object({ code: z.literal('relation_removal_warning') })
		.describe('Future failed attempt will remove the connection between the accounts.'),
	z.object({ code: z.literal('relation_removed') }).describe('The connection between the accounts was removed.'),
])
export type Notice = z.infer<typeof notice>

/** 422 of the password step: unknown email and wrong password answer alike. */
export const invalidCredentialsBody = codedValidationBody(
	'invalid_credentials',
	'The authentication details are incorrect.',
).extend({ notices: z.array(notice) })

export const invalidCodeBody = codedValidationBody('invalid_code', 'The code is invalid.').extend({
	notices: z.array(notice).optional(),
})

// 422 of a right code of a time step already used: only the next works; it counts as a failed attempt (decision 0004).
export const codeReusedBody = codedValidationBody(
	'code_reused',
	'This code has already been used. Wait for your authenticator app to show the next one.',
).extend({ notices: z.array(notice).optional() })

// 422 of an expired emailed code: it does not count toward the lockout (nothing can be guessed).
export const expiredCodeBody = codedValidationBody('code_expired', 'The code has expired.')

/** 423: even the right password gets this while it lasts. */
export const lockoutErrorBody = refusalBody('account_locked', 'Your account is locked.').extend({
	locked_for_seconds: z.number().int().positive(),
	notices: z.array(notice),
})
