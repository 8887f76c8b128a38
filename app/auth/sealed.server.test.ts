import { describe, expect, test } from 'vitest'
import { seal, unseal } from './sealed.server'

const secret = 'a-secret-of-at-least-thirty-two-characters'

describe('sealed values', () => {
	test('round-trip', () => {
		const value = { access: 'a', refresh: 'r', methods: ['totp'] }
		expect(unseal(seal(value, secret), secret)).toEqual(value)
	})
	test('are unreadable: the plaintext does not appear', () => {
		expect(seal({ token: 'visible-token' }, secret)).not.toContain('visible')
		expect(Buffer.from(seal({ token: 'visible-token' }, secret), 'base64url').toString()).not.toContain('visible')
	})
	test('reject tampering and the wrong secret', () => {
		const sealed = seal({ a: 1 }, secret)
		const flipped = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'B' : 'A') + sealed.slice(-1)
		expect(unseal(flipped, secret)).toBeNull()
		expect(unseal(sealed, `${secret}-other`)).toBeNull()
		expect(unseal('garbage', secret)).toBeNull()
		expect(unseal(undefined, secret)).toBeNull()
	})
})
