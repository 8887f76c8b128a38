import { describe, expect, it } from 'vitest'
import { signWebhook, verifyPartnerSignature } from './webhook-signature.server'

const body = '{"event":"service.updated","id":"evt_1"}'
const secret = 'whsec_known'
const t = 1_800_000_000

describe('verifyPartnerSignature', () => {
	it('signs `${t}.${body}` as openssl does', () => {
		// printf '%s' "1800000000.$body" | openssl dgst -sha256 -hmac whsec_known
		expect(signWebhook(body, secret, t)).toBe('69dbb045e33c96ae42fb7a6922b830a7f2071d161ecb08c4da22507c2a6a549e')
	})

	it('accepts a signature made with the secret, within the tolerance', () => {
		const header = `t=${t},v1=${signWebhook(body, secret, t)}`
		expect(verifyPartnerSignature(header, body, [secret], t)).toBe(true)
		expect(verifyPartnerSignature(header, body, [secret], t + 300)).toBe(true)
		expect(verifyPartnerSignature(header, body, [secret], t - 300)).toBe(true)
	})

	it('rejects a wrong secret, a changed body and a stale timestamp', () => {
		const header = `t=${t},v1=${signWebhook(body, secret, t)}`
		expect(verifyPartnerSignature(header, body, ['whsec_other'], t)).toBe(false)
		expect(verifyPartnerSignature(header, `${body} `, [secret], t)).toBe(false)
		expect(verifyPartnerSignature(header, body, [secret], t + 301)).toBe(false)
		expect(verifyPartnerSignature(header, body, [secret], t - 301)).toBe(false)
	})

	it('accepts either of two v1 values while two secrets are live', () => {
		const header = `t=${t},v1=${signWebhook(body, 'whsec_old', t)},v1=${signWebhook(body, 'whsec_new', t)}`
		expect(verifyPartnerSignature(header, body, ['whsec_new'], t)).toBe(true)
		expect(verifyPartnerSignature(header, body, ['whsec_old'], t)).toBe(true)
		expect(verifyPartnerSignature(header, body, ['whsec_other'], t)).toBe(false)
	})

	it('rejects a header without a timestamp or a v1 value', () => {
		const v1 = signWebhook(body, secret, t)
		expect(verifyPartnerSignature(`v1=${v1}`, body, [secret], t)).toBe(false)
		expect(verifyPartnerSignature(`t=${t}`, body, [secret], t)).toBe(false)
		expect(verifyPartnerSignature('', body, [secret], t)).toBe(false)
	})
})
