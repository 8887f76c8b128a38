/**
 * How webhook requests to a service are signed, in one place: pure and
 * isomorphic, for the developers page now and the API side once it signs.
 */
export const webhookSignature = {
	/** `t=<unix seconds>,v1=<hex>`, one `v1` per live secret (two while rotating). */
	header: 'Partner-Signature',
	/** HMAC-SHA256 of `${t}.${rawBody}` with the secret, hex-encoded. */
	algorithm: 'HMAC-SHA256',
	scheme: 'v1',
	/** A request whose `t` is further than this from now is rejected. */
	toleranceSeconds: 300,
} as const
