/**
 * How webhook requests to a service are signed, in one place: the Standard
 * Webhooks specification (standardwebhooks.com), so any of its verifier
 * libraries checks our deliveries. Pure and isomorphic: the mock signs with
 * it, the developers page and the OpenAPI file describe it. Without zod, so
 * the pages that show it load no schema (zod loads lazily in the browser).
 * docs/decisions/0020-standard-webhooks.md records the choices.
 */
export const webhookSignature = {
	/** Lower case, as HTTP/2 sends them and as the delivery log shows them. */
	headers: {
		/** The event's id (`evt_…`): the same on every attempt and redelivery, so receivers deduplicate by it. */
		id: 'webhook-id',
		/** Unix seconds when this attempt was signed. */
		timestamp: 'webhook-timestamp',
		/** `v1,<base64 signature>`, space-separated, one per live signing secret (two while rotating). */
		signature: 'webhook-signature',
	},
	/** HMAC-SHA256 of `${id}.${timestamp}.${rawBody}`, base64-encoded. */
	algorithm: 'HMAC-SHA256',
	version: 'v1',
	/** A signing secret is `whsec_` + base64 of its key bytes. */
	secretPrefix: 'whsec_',
	/** Bytes of key in a new signing secret. */
	secretBytes: 32,
	/** A request whose timestamp is further than this from now, either way, is refused. */
	toleranceSeconds: 300,
	/** After a rotation, the previous signing secret keeps signing (beside the new one) this long. */
	rotationOverlapSeconds: 24 * 60 * 60,
} as const
