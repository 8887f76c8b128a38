/**
 * The sign-in, sign-up and reset forms' schemas and the code field, derived
 * from the request schemas of the API contract, like every form's (decision
 * 0003): limits, enumerations and rules live there. A form adds only what the
 * portal itself reads (`redirect_to`, `intent`) and accepts a pasted code with
 * separators.
 */
import { z } from 'zod'
import { passwordSignInBody } from '#app/api/contract/auth'
import { currentPassword, twoStepCodeField, twoStepMethodKeyEnum } from '#app/api/contract/common'
import {
	newPasswordFields,
	registrationBody,
	resetPasswordRequestBody,
	withConfirmation,
} from '#app/api/contract/users'
import { IDENTITY_FIELD } from '#app/services/identity'

/** The page to return to after signing in; checked again by `safeRedirect`. */
const redirectTo = z.string().max(2048).optional()

/** "123 456" and "123-456" are accepted: separators are dropped first. */
export const codeField = z
	.string()
	.transform((value) => value.replace(/[\s-]/g, ''))
	.pipe(twoStepCodeField)

export const signInSchema = passwordSignInBody.extend({ redirect_to: redirectTo })

export const signUpSchema = withConfirmation(z.object({ ...registrationBody.shape, redirect_to: redirectTo }))

export const resetRequestSchema = resetPasswordRequestBody

export const resetCompleteSchema = withConfirmation(z.object(newPasswordFields))

export const twoStepCodeSchema = z.object({
	intent: z.literal('verify'),
	method: twoStepMethodKeyEnum,
	code: codeField,
})

/** A confirmation has no fields: the CSRF token is checked before any action runs. */
export const confirmSchema = z.object({})

/**
 * A confirmation that needs a confirmed identity: nothing while this sign-in's
 * confirmation lasts, else the password or a code of the authenticator app.
 * One schema for the three, so the browser checks what the page shows now.
 */
export const confirmIdentitySchema = z.discriminatedUnion(IDENTITY_FIELD, [
	z.object({ [IDENTITY_FIELD]: z.literal('confirmed') }),
	z.object({ [IDENTITY_FIELD]: z.literal('password'), password: currentPassword() }),
	z.object({ [IDENTITY_FIELD]: z.literal('totp'), code: codeField }),
])
