// Decision 0020. Without zod, so the pages that show it load no schema.
export const webhookSignature = {
	/** Lower case, as HTTP/2 sends them. */
	headers: {
		/** The same on every attempt and redelivery, so receivers deduplicate by it. */
		id: 'webhook-id',
		timestamp: 'webhook-timestamp',
		/** One per live signing secret (two while rotating). */
		signature: 'webhook-signature',
	},
	algorithm: 'HMAC-SHA256',
	version: 'v1',
	secretPrefix: 'whsec_',
	secretBytes: 32,
	toleranceSeconds: 300,
	/** After a rotation, the previous secret keeps signing beside the new one this long. */
	rotationOverlapSeconds: 24 * 60 * 60,
} as const
