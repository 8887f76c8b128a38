import { describe, expect, test } from 'vitest'
import { afterSignInLocation, safeRedirect, signInLocation } from './redirect'

describe('safeRedirect', () => {
	test.each(['/', '/services/manage', '/services/42?tab=stats#top', '/me/manage/security/email?x=%20y'])(
		'honours the same-site path %s',
		(path) => expect(safeRedirect(path)).toBe(path),
	)

	test.each([
		'https://evil.example/',
		'//evil.example',
		'///evil.example',
		'/\\evil.example',
		'\\\\evil.example',
		'/%2F%2Fevil.example',
		'/%252F%252Fevil.example',
		'/%5Cevil.example',
		'javascript:alert(1)',
		'services',
		'/foo\nbar',
		'/foo%0d%0aSet-Cookie:x=y',
		'/%E0%A4%A',
		' //evil.example',
		'',
		'/' + 'a'.repeat(3000),
	])('falls back to / for %j', (path) => expect(safeRedirect(path)).toBe('/'))

	test('non-strings fall back', () => {
		expect(safeRedirect(undefined)).toBe('/')
		expect(safeRedirect(['/a'])).toBe('/')
		expect(safeRedirect(null, '/home')).toBe('/home')
	})
})

describe('signInLocation', () => {
	test('keeps the original path and query', () => {
		expect(signInLocation(new URL('http://p/services/manage?page=2'))).toBe(
			'/auth/sign-in?redirect_to=%2Fservices%2Fmanage%3Fpage%3D2',
		)
	})
	test('no redirect_to from the home page or sign-out', () => {
		expect(signInLocation(new URL('http://p/'))).toBe('/auth/sign-in')
		expect(signInLocation(new URL('http://p/auth/sign-out'))).toBe('/auth/sign-in')
	})
})

describe('afterSignInLocation', () => {
	test('goes to redirect_to, keeping the other query parameters', () => {
		expect(afterSignInLocation(new URL('http://p/auth/sign-in?redirect_to=%2Fcontact&utm=mail'))).toBe('/contact?utm=mail')
	})
	test('home when absent or hostile', () => {
		expect(afterSignInLocation(new URL('http://p/auth/sign-in'))).toBe('/')
		expect(afterSignInLocation(new URL('http://p/auth/sign-in?redirect_to=https://evil.example'))).toBe('/')
		expect(afterSignInLocation(new URL('http://p/auth/sign-in?redirect_to=//evil.example&a=1'))).toBe('/?a=1')
	})
	test('merges with a query already in redirect_to', () => {
		expect(afterSignInLocation(new URL('http://p/auth/sign-up?redirect_to=%2Fservices%3Fx%3D1&y=2'))).toBe('/services?x=1&y=2')
	})
})
