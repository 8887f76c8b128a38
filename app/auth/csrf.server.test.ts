import { describe, expect, test } from 'vitest'
import { matchesToken, signedValue, verifiedToken } from './csrf.server'

describe('CSRF cookie value', () => {
	const secret = 'a'.repeat(32)
	const browser = 'b'.repeat(43)
	test('is the token signed with the session secret for this browser', () => {
		const value = signedValue('token123', browser, secret)
		expect(verifiedToken(value, browser, [secret])).toBe('token123')
	})
	test("another browser's value is refused, however validly signed", () => {
		expect(verifiedToken(signedValue('token123', 'c'.repeat(43), secret), browser, [secret])).toBeNull()
		expect(verifiedToken(signedValue('token123', browser, secret), '', [secret])).toBeNull()
	})
	test('a value signed with another secret, or a bare hash, is refused', () => {
		expect(verifiedToken(signedValue('token123', browser, 'b'.repeat(32)), browser, [secret])).toBeNull()
		expect(verifiedToken('token123.' + 'x'.repeat(43), browser, [secret])).toBeNull()
		expect(verifiedToken('token123', browser, [secret])).toBeNull()
		expect(verifiedToken(undefined, browser, [secret])).toBeNull()
	})
	test('every listed secret verifies (rotation)', () => {
		expect(verifiedToken(signedValue('t', browser, 'old'.repeat(11)), browser, [secret, 'old'.repeat(11)])).toBe('t')
	})
	test("a submitted token matches only the cookie's own", () => {
		expect(matchesToken('t1', 't1')).toBe(true)
		expect(matchesToken('t1', 't2')).toBe(false)
		expect(matchesToken('t1', null)).toBe(false)
		expect(matchesToken(new File([], 'x'), 't1')).toBe(false)
	})
})
