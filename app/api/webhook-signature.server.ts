import { createHmac, timingSafeEqual } from 'node:crypto'
import { webhookSignature } from './contract/webhooks'

/** The hex HMAC-SHA256 of `${timestamp}.${rawBody}` with `secret`. */
export function signWebhook(rawBody: string, secret: string, timestamp: number) {
	return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')
}

/**
 * True when `header` (`t=<unix>,v1=<hex>[,v1=<hex>]`) is within the tolerance
 * of `now` (unix seconds) and one of its `v1` values matches one of `secrets`.
 */
export function verifyPartnerSignature(header: string, rawBody: string, secrets: readonly string[], now: number) {
	const pairs = header.split(',').map((part) => {
		const at = part.indexOf('=')
		return at === -1 ? ['', ''] : [part.slice(0, at).trim(), part.slice(at + 1).trim()]
	})
	const timestamps = pairs.filter(([key]) => key === 't')
	if (timestamps.length !== 1 || !/^\d+$/.test(timestamps[0]![1]!)) return false
	const t = Number(timestamps[0]![1])
	if (Math.abs(now - t) > webhookSignature.toleranceSeconds) return false
	const candidates = pairs
		.filter(([key, value]) => key === webhookSignature.scheme && /^[0-9a-f]{64}$/.test(value!))
		.map(([, value]) => Buffer.from(value!, 'hex'))
	return secrets.some((secret) => {
		const expected = Buffer.from(signWebhook(rawBody, secret, t), 'hex')
		return candidates.some((candidate) => timingSafeEqual(candidate, expected))
	})
}
