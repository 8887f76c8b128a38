import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'
import { newSigningSecret, signatureHeader, signWebhook, verifyWebhook } from './webhook-signature.server'

const body = '{"id":"evt_1","type":"ping","data":{"message":"Hello"}}'
const id = 'evt_1'
const t = 1_764_000_000

describe('Standard Webhooks signing', () => {
	it('matches the specification: base64 HMAC-SHA256 of id.timestamp.body with the decoded key', () => {
		// The key of `whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw` is the bytes of that base64, not the text.
		expect(
			signWebhook(
				'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
				'msg_p5jXN8AQM9LWM0D4loKWxJek',
				1614265330,
				'{"test": 2432232314}',
			),
		).toBe('g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=')
	})

	it('is what the standardwebhooks library verifies, with one secret or two (a rotation)', () => {
		const secret = newSigningSecret()
		expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
		const other = newSigningSecret()
		const now = Math.floor(Date.now() / 1000)
		for (const secrets of [[secret], [other, secret], [secret, other]]) {
			const headers = signatureHeader(secrets, id, now, body)
			expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body))
		}
		const headers = signatureHeader([other], id, now, body)
		expect(() => new Webhook(secret).verify(body, headers)).toThrow()
	})

	it('verifies what the standardwebhooks library signs, within five minutes either way', () => {
		const secret = newSigningSecret()
		const signature = new Webhook(secret).sign(id, new Date(t * 1000), body)
		const headers = { 'webhook-id': id, 'webhook-timestamp': String(t), 'webhook-signature': signature }
		expect(verifyWebhook(headers, body, [secret], t)).toBe(true)
		expect(verifyWebhook(headers, body, [secret], t + 300)).toBe(true)
		expect(verifyWebhook(headers, body, [secret], t - 300)).toBe(true)
		expect(verifyWebhook(headers, body, [secret], t + 301)).toBe(false)
		expect(verifyWebhook(headers, body, [secret], t - 301)).toBe(false)
	})

	it('refuses another secret, a changed body, id or timestamp, and missing headers', () => {
		const secret = newSigningSecret()
		const headers = signatureHeader([secret], id, t, body)
		expect(verifyWebhook(headers, body, [newSigningSecret()], t)).toBe(false)
		expect(verifyWebhook(headers, `${body} `, [secret], t)).toBe(false)
		expect(verifyWebhook({ ...headers, 'webhook-id': 'evt_2' }, body, [secret], t)).toBe(false)
		expect(verifyWebhook({ ...headers, 'webhook-timestamp': String(t + 1) }, body, [secret], t)).toBe(false)
		expect(verifyWebhook({ ...headers, 'webhook-signature': '' }, body, [secret], t)).toBe(false)
		expect(verifyWebhook({ ...headers, 'webhook-signature': 'v2,abc' }, body, [secret], t)).toBe(false)
		expect(verifyWebhook({}, body, [secret], t)).toBe(false)
	})

	it('accepts when any of several signatures matches (a rotation)', () => {
		const [old, renewed] = [newSigningSecret(), newSigningSecret()]
		const headers = signatureHeader([renewed, old], id, t, body)
		expect(headers['webhook-signature']!.split(' ')).toHaveLength(2)
		expect(verifyWebhook(headers, body, [old], t)).toBe(true)
		expect(verifyWebhook(headers, body, [renewed], t)).toBe(true)
		expect(verifyWebhook(headers, body, [newSigningSecret()], t)).toBe(false)
	})
})
