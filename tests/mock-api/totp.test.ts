import { describe, expect, test } from 'vitest'
import { base32Decode, base32Encode, generateTotpSecret, hotp, otpauthUri, totp, verifyTotp } from './totp'

describe('base32 (RFC 4648 section 10 vectors)', () => {
	const vectors: Array<[string, string]> = [
		['', ''],
		['f', 'MY======'],
		['fo', 'MZXQ===='],
		['foo', 'MZXW6==='],
		['foob', 'MZXW6YQ='],
		['fooba', 'MZXW6YTB'],
		['foobar', 'MZXW6YTBOI======'],
	]
	test.each(vectors)('%j ⇄ %s', (plain, encoded) => {
		expect(base32Encode(Buffer.from(plain), { padding: true })).toBe(encoded)
		expect(base32Decode(encoded).toString()).toBe(plain)
		expect(base32Decode(encoded.toLowerCase().replace(/=/g, '')).toString()).toBe(plain)
	})
	test('rejects characters outside the alphabet', () => {
		expect(() => base32Decode('MZ1W')).toThrow(/invalid character/)
	})
})

describe('HOTP (RFC 4226 appendix D)', () => {
	const key = Buffer.from('12345678901234567890')
	const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489']
	test.each(expected.map((code, counter) => [counter, code] as const))('counter %i → %s', (counter, code) => {
		expect(hotp(key, counter)).toBe(code)
	})
})

describe('TOTP (RFC 6238 appendix B, 8 digits)', () => {
	const seeds = {
		sha1: base32Encode(Buffer.from('12345678901234567890')),
		sha256: base32Encode(Buffer.from('12345678901234567890123456789012')),
		sha512: base32Encode(Buffer.from('1234567890123456789012345678901234567890123456789012345678901234')),
	}
	const vectors: Array<[number, string, string, string]> = [
		[59, '94287082', '46119246', '90693936'],
		[1111111109, '07081804', '68084774', '25091201'],
		[1111111111, '14050471', '67062674', '99943326'],
		[1234567890, '89005924', '91819424', '93441116'],
		[2000000000, '69279037', '90698825', '38618901'],
		[20000000000, '65353130', '77737706', '47863826'],
	]
	test.each(vectors)('T=%i', (seconds, sha1, sha256, sha512) => {
		const at = seconds * 1000
		expect(totp(seeds.sha1, at, { digits: 8 })).toBe(sha1)
		expect(totp(seeds.sha256, at, { digits: 8, algorithm: 'sha256' })).toBe(sha256)
		expect(totp(seeds.sha512, at, { digits: 8, algorithm: 'sha512' })).toBe(sha512)
	})
	test('the default is 6 digits of the SHA-1 code', () => {
		expect(totp(seeds.sha1, 59_000)).toBe('287082')
	})
})

describe('verifyTotp', () => {
	const secret = generateTotpSecret()
	const now = Date.UTC(2026, 0, 1, 12, 0, 15)
	test('accepts the current step and one step either side, nothing further', () => {
		expect(verifyTotp(secret, totp(secret, now), now)).not.toBeNull()
		expect(verifyTotp(secret, totp(secret, now - 30_000), now)).not.toBeNull()
		expect(verifyTotp(secret, totp(secret, now + 30_000), now)).not.toBeNull()
		const twoAway = totp(secret, now - 60_000)
		// A collision with the three accepted codes is possible in theory (1 in ~333k); skip then.
		const accepted = [-30_000, 0, 30_000].map((d) => totp(secret, now + d))
		if (!accepted.includes(twoAway)) expect(verifyTotp(secret, twoAway, now)).toBeNull()
	})
	test('returns the matched step and rejects steps at or before afterStep', () => {
		const step = verifyTotp(secret, totp(secret, now), now)!
		expect(step).toBe(Math.floor(now / 30_000))
		expect(verifyTotp(secret, totp(secret, now), now, { afterStep: step })).toBeNull()
		expect(verifyTotp(secret, totp(secret, now + 30_000), now, { afterStep: step })).toBe(step + 1)
	})
	test('rejects malformed codes', () => {
		expect(verifyTotp(secret, '12345', now)).toBeNull()
		expect(verifyTotp(secret, 'abcdef', now)).toBeNull()
	})
	test('a secret is 20 random bytes in base32 and the key URI names the issuer and account', () => {
		expect(secret).toMatch(/^[A-Z2-7]{32}$/)
		expect(base32Decode(secret)).toHaveLength(20)
		expect(otpauthUri({ issuer: 'Partner Portal', account: 'a@b.test', secret: 'ABC' })).toBe(
			'otpauth://totp/Partner%20Portal:a%40b.test?secret=ABC&issuer=Partner%20Portal&algorithm=SHA1&digits=6&period=30',
		)
	})
})
