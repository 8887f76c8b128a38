// Decision 0022: the confirmation belongs to the sign-in that made it.
import { z } from 'zod'
import { currentPassword, dataOf, isoDateTime, refusalBody, twoStepCodeField, wholeNumber } from './common'

export const identityConfirmationMethodEnum = z.enum(['password', 'totp'])
export type IdentityConfirmationMethod = z.infer<typeof identityConfirmationMethodEnum>

export const identityConfirmationResource = z.object({
	confirmed: z.boolean().describe('True while this sign-in may make a change that needs a confirmed identity.'),
	expires_at: isoDateTime.nullable().describe('When the confirmation ends; null when not confirmed.'),
	expires_in_seconds: wholeNumber().describe('Seconds left (clock-skew free); 0 when not confirmed.'),
	methods: z.array(identityConfirmationMethodEnum).describe('How the identity may be confirmed now.'),
})
export type IdentityConfirmation = z.infer<typeof identityConfirmationResource>
export const identityConfirmationResponse = dataOf(identityConfirmationResource)

/** Exactly one. */
export const confirmIdentityBody = z
	.object({ password: currentPassword().optional(), code: twoStepCodeField.optional() })
	.refine((body) => body.password !== undefined || body.code !== undefined, { message: 'required', path: ['password'] })
	.refine((body) => body.password === undefined || body.code === undefined, { message: 'invalid', path: ['code'] })

export const identityConfirmationRequiredBody = refusalBody(
	'identity_confirmation_required',
	'Confirm your identity first.',
)
