import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { webhookSignature } from './contract/webhooks'

// Standard Webhooks (decision 0020); tests cross-check against the `standardwebhooks` library.

const { headers, secretPrefix, secretBytes, toleranceSeconds, version } = webhookSignature

export const newSigningSecret = () => `${secretPrefix}${randomBytes(secretBytes).toString('base64')}`

const keyOf = (secret: string) =>
	Buffer.from(secret.startsWith(secretPrefix) ? secret.slice(secretPrefix.length) : secret, 'base64')

export function signWebhook(secret: string, id: string, timestamp: number, rawBody: string) {
	return createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${rawBody}`).digest('base64')
}

export function signatureHeader(secrets: readonly string[], id: string, timestamp: number, rawBody: string) {
	return {
		[headers.id]: id,
		[headers.timestamp]: String(timestamp),
		[headers.signature]: secrets.map((secret) => `${version},${signWebhook(secret, id, timestamp, rawBody)}`).join(' '),
	}
}

/** `requestHeaders` by lower-case name; `now` in unix seconds. */
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
