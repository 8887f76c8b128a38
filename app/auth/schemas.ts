// Derived from the contract's request schemas (decision 0003).
import { z } from 'zod'
import { passwordSignInBody } from '#app/api/contract/auth'
import { passkeyAuthenticationCredential, passkeyRules } from '#app/api/contract/passkeys'
import { recoveryCodeField } from '#app/api/contract/recovery-codes'
import { currentPassword, twoStepCodeField, twoStepMethodKeyEnum } from '#app/api/contract/common'
import { newPasswordFields, registrationBody, withConfirmation } from '#app/api/contract/users'
import { IDENTITY_FIELD } from '#app/services/identity'

/** Checked again by `safeRedirect`. */
const redirectTo = z.string().max(2048).optional()

export const codeField = z
	.string()
	.transform((value) => value.replace(/[\s-]/g, ''))
	.pipe(twoStepCodeField)

export const signInSchema = passwordSignInBody.extend({ redirect_to: redirectTo })

export const signUpSchema = withConfirmation(z.object({ ...registrationBody.shape, redirect_to: redirectTo }))

export { resetPasswordRequestBody as resetRequestSchema } from '#app/api/contract/users'

export const resetCompleteSchema = withConfirmation(z.object(newPasswordFields))

export const twoStepCodeSchema = z.object({
	intent: z.literal('verify'),
	method: twoStepMethodKeyEnum,
	code: codeField,
})

export const recoveryCodeSignInSchema = z.object({ intent: z.literal('recovery'), code: recoveryCodeField })

/** The browser's WebAuthn answer, posted as JSON text and read by the contract's schema (decision 0041). */
export function passkeyCredentialField<S extends z.ZodType>(schema: S) {
	return z
		.string()
		.min(1, 'required')
		.max(passkeyRules.encodedMax * 2)
		.transform((text, ctx) => {
			try {
				return JSON.parse(text) as unknown
			} catch {
				ctx.addIssue({ code: 'custom', message: 'invalid' })
				return z.NEVER
			}
		})
		.pipe(schema)
}

export const passkeySignInSchema = z.object({
	intent: z.literal('passkey'),
	credential: passkeyCredentialField(passkeyAuthenticationCredential),
})

/** The CSRF token is checked before any action runs. */
export const confirmSchema = z.object({})

// One schema for the three cases, so the browser checks what the page shows now.
export const confirmIdentitySchema = z.discriminatedUnion(IDENTITY_FIELD, [
	z.object({ [IDENTITY_FIELD]: z.literal('confirmed') }),
	z.object({ [IDENTITY_FIELD]: z.literal('password'), password: currentPassword() }),
	z.object({ [IDENTITY_FIELD]: z.literal('totp'), code: codeField }),
])
