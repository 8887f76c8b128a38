import { z } from 'zod'
import { dataOf, isoDateTime, limits, opaqueId, refusalBody } from './common'
import { webhookSignature } from './webhook-signature'

export { webhookSignature }

export const signingSecretResource = z.object({
	id: opaqueId().describe('whk_…; deliveries name it in `signed_with`.'),
	secret: z
		.string()
		.max(limits.tokenMax)
		.startsWith(webhookSignature.secretPrefix)
		.describe('`whsec_` + base64 of the key; shown again on request, like Stripe and Svix do.'),
	hint: z.string().max(limits.secretHintMax).describe('The last 4 characters of the secret.'),
	created_at: isoDateTime,
	expires_at: isoDateTime
		.nullable()
		.describe('Null for the current secret; after a rotation, when the previous one stops signing.'),
})
export type SigningSecret = z.infer<typeof signingSecretResource>

export const signingSecretList = dataOf(z.array(signingSecretResource))

export const signingSecretMessages = {
	rotationInProgress: (until: string) =>
		`The previous signing secret still works until ${until}. Rotate again after that.`,
}

// 409: ending the previous secret early could stop a receiver that has not switched yet (decision 0020).
export const signingSecretRotationInProgressBody = refusalBody(
	'rotation_in_progress',
	signingSecretMessages.rotationInProgress('2026-11-26T09:05:00.000Z'),
).extend({
	previous_expires_at: isoDateTime.describe('When the previous secret stops signing: a rotation works from then.'),
})
