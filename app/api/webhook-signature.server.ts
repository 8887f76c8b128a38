import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { webhookSignature } from './contract/webhooks'

/**
 * Standard Webhooks signing (standardwebhooks.com), as the API does it: the
 * mock signs every delivery with `signatureHeader` and its simulated receivers
 * check with `verifyWebhook`; tests cross-check both against the
 * `standardwebhooks` library.
 */

const { headers, secretPrefix, secretBytes, toleranceSeconds, version } = webhookSignature

/** A new signing secret: `whsec_` + base64 of random key bytes. */
export const newSigningSecret = () => `${secretPrefix}${randomBytes(secretBytes).toString('base64')}`

/** The key bytes of a `whsec_…` secret (a secret without the prefix is read as base64 too). */
const keyOf = (secret: string) =>
	Buffer.from(secret.startsWith(secretPrefix) ? secret.slice(secretPrefix.length) : secret, 'base64')

/** The base64 HMAC-SHA256 of `${id}.${timestamp}.${rawBody}`. */
export function signWebhook(secret: string, id: string, timestamp: number, rawBody: string) {
	return createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${rawBody}`).digest('base64')
}

/** The three signature headers of one request: one `v1,<signature>` per secret, space-separated. */
export function signatureHeader(secrets: readonly string[], id: string, timestamp: number, rawBody: string) {
	return {
		[headers.id]: id,
		[headers.timestamp]: String(timestamp),
		[headers.signature]: secrets.map((secret) => `${version},${signWebhook(secret, id, timestamp, rawBody)}`).join(' '),
	}
}

/**
 * True when the request's timestamp is within the tolerance of `now` (unix
 * seconds) and one of its `v1` signatures matches one of `secrets`.
 * `requestHeaders` by lower-case name.
 */
export function verifyWebhook(
	requestHeaders: Readonly<Record<string, string | undefined>>,
	rawBody: string,
	secrets: readonly string[],
	now: number,
) {
	const id = requestHeaders[headers.id]
	const timestamp = requestHeaders[headers.timestamp]
	const signatures = requestHeaders[headers.signature]
	if (!id || !timestamp || !signatures || !/^\d+$/.test(timestamp)) return false
	if (Math.abs(now - Number(timestamp)) > toleranceSeconds) return false
	const candidates = signatures
		.split(' ')
		.map((entry) => entry.split(','))
		.filter(([scheme, value]) => scheme === version && value)
		.map(([, value]) => Buffer.from(value!, 'base64'))
	return secrets.some((secret) => {
		const expected = Buffer.from(signWebhook(secret, id, Number(timestamp), rawBody), 'base64')
		return candidates.some((candidate) => candidate.length === expected.length && timingSafeEqual(candidate, expected))
	})
}
