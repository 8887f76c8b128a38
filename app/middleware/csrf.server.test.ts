import { describe, expect, test } from 'vitest'
import { signedValue, verifiedToken } from './csrf.server'

describe('CSRF cookie value', () => {
	const secret = 'a'.repeat(32)
	test('is the token signed with the session secret', () => {
		const value = signedValue('token123', secret)
		expect(verifiedToken(value, [secret])).toBe('token123')
	})
	test('a value signed with another secret, or a bare hash, is refused', () => {
		expect(verifiedToken(signedValue('token123', 'b'.repeat(32)), [secret])).toBeNull()
		expect(verifiedToken('token123.' + 'x'.repeat(43), [secret])).toBeNull()
		expect(verifiedToken('token123', [secret])).toBeNull()
		expect(verifiedToken(undefined, [secret])).toBeNull()
	})
	test('every listed secret verifies (rotation)', () => {
		expect(verifiedToken(signedValue('t', 'old'.repeat(11)), [secret, 'old'.repeat(11)])).toBe('t')
	})
})
