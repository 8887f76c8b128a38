import { describe, expect, test } from 'vitest'
import { seal, unseal } from './sealed.server'

const secret = 'a-secret-of-at-least-thirty-two-characters'
const other = 'another-secret-of-at-least-thirty-two-chars'
const now = Date.parse('2026-11-22T10:00:00Z')
const options = { purpose: 'user.totp-setup', subject: 'user-1', now }
const sealedFor = (value: unknown = { a: 1 }) => seal(value, [secret], { ...options, maxAgeSeconds: 600 })

describe('sealed values', () => {
	test('round-trip', () => {
		const value = { access: 'a', refresh: 'r', methods: ['totp'] }
		expect(unseal(sealedFor(value), [secret], options)).toEqual(value)
	})

	test('are unreadable: the plaintext does not appear', () => {
		const sealed = sealedFor({ token: 'visible-token' })
		expect(sealed).not.toContain('visible')
		expect(Buffer.from(sealed, 'base64url').toString()).not.toContain('visible')
	})

	test('reject tampering, garbage and an unknown secret', () => {
		const sealed = sealedFor()
		const raw = Buffer.from(sealed, 'base64url')
		for (const index of [0, 1, 20, raw.length - 1]) {
			const flipped = Buffer.from(raw)
			flipped[index] = flipped[index]! ^ 1
			expect(unseal(flipped.toString('base64url'), [secret], options), `byte ${index}`).toBeNull()
		}
		expect(unseal(sealed.slice(0, -4), [secret], options)).toBeNull()
		expect(unseal(sealed, [other], options)).toBeNull()
		expect(unseal('garbage', [secret], options)).toBeNull()
		expect(unseal(undefined, [secret], options)).toBeNull()
	})

	test('are refused under another purpose', () => {
		expect(unseal(sealedFor(), [secret], { ...options, purpose: 'user.pending-sign-in' })).toBeNull()
	})

	test('are refused for another subject, or without the subject they were sealed for', () => {
		const sealed = sealedFor()
		expect(unseal(sealed, [secret], { ...options, subject: 'user-2' })).toBeNull()
		expect(unseal(sealed, [secret], { purpose: options.purpose, now })).toBeNull()
		const unbound = seal({ a: 1 }, [secret], { purpose: options.purpose, maxAgeSeconds: 600, now })
		expect(unseal(unbound, [secret], options)).toBeNull()
		expect(unseal(unbound, [secret], { purpose: options.purpose, now })).toEqual({ a: 1 })
	})

	test('expire on the server clock, whatever the cookie says', () => {
		const sealed = sealedFor()
		expect(unseal(sealed, [secret], { ...options, now: now + 599_999 })).toEqual({ a: 1 })
		expect(unseal(sealed, [secret], { ...options, now: now + 600_000 })).toBeNull()
		expect(unseal(sealed, [secret], { ...options, now: now + 86_400_000 })).toBeNull()
	})

	test('rotation: the first secret seals, every listed secret unseals', () => {
		const old = sealedFor()
		expect(unseal(old, [other, secret], options)).toEqual({ a: 1 })
		const fresh = seal({ b: 2 }, [other, secret], { ...options, maxAgeSeconds: 600 })
		expect(unseal(fresh, [other], options)).toEqual({ b: 2 })
		expect(unseal(fresh, [secret], options)).toBeNull()
	})

	test('the same value seals differently each time', () => {
		expect(sealedFor()).not.toBe(sealedFor())
	})
})
