import { describe, expect, test } from 'vitest'
import { afterSignInLocation, isAllowedUnverified, safeRedirect, signInLocation } from './redirect'

/** Everything a browser would read as another site, or as no path at all. */
const HOSTILE = [
	'https://evil.example/',
	'//evil.example',
	'///evil.example',
	'/\\evil.example',
	'\\\\evil.example',
	'/%2F%2Fevil.example',
	'/%252F%252Fevil.example',
	'/%5Cevil.example',
	'/%5C%5Cevil.example',
	'/.//evil.example',
	'/./%2Fevil.example',
	'/a/..//evil.example',
	'/../..//evil.example',
	'/.%2F%2Fevil.example',
	'/%2E/%2Fevil.example',
	'/%2e%2e//evil.example',
	'/\t/evil.example',
	'javascript:alert(1)',
	'services',
	'/foo\nbar',
	'/foo%0d%0aSet-Cookie:x=y',
	'/%E0%A4%A',
	' //evil.example',
	'',
	'/' + 'a'.repeat(3000),
]

/** A browser's reading of a Location header: must stay on the portal. */
function staysOnPortal(location: string) {
	return new URL(location, 'http://portal.example/auth/sign-in').origin === 'http://portal.example'
}

describe('safeRedirect', () => {
	test.each(['/', '/services/manage', '/services/42?tab=stats#top', '/me/manage/security/email?x=%20y'])(
		'honours the same-site path %s',
		(path) => expect(safeRedirect(path)).toBe(path),
	)

	test.each([
		['/./contact', '/contact'],
		['/a/../contact', '/contact'],
		['/me/./manage/../manage/security/email', '/me/manage/security/email'],
	])('normalises %s to %s', (path, expected) => expect(safeRedirect(path)).toBe(expected))

	test.each(HOSTILE)('refuses %j', (path) => {
		const location = safeRedirect(path)
		expect(staysOnPortal(location)).toBe(true)
		expect(location.startsWith('//') || location.startsWith('/\\')).toBe(false)
	})

	test.each(HOSTILE.filter((p) => !p.startsWith('/a') && !p.startsWith('/.') && !p.startsWith('/..')))(
		'falls back to / for %j',
		(path) => expect(safeRedirect(path)).toBe('/'),
	)

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
	test('adds the reason for the sign-in page', () => {
		expect(signInLocation(new URL('http://p/contact'), 'session-expired')).toBe(
			'/auth/sign-in?notice=session-expired&redirect_to=%2Fcontact',
		)
	})
})

describe('afterSignInLocation', () => {
	test('goes to redirect_to, keeping the other query parameters', () => {
		expect(afterSignInLocation(new URL('http://p/auth/sign-in?redirect_to=%2Fcontact&utm=mail'))).toBe(
			'/contact?utm=mail',
		)
	})
	test('home when absent or hostile', () => {
		expect(afterSignInLocation(new URL('http://p/auth/sign-in'))).toBe('/')
		expect(afterSignInLocation(new URL('http://p/auth/sign-in?redirect_to=https://evil.example'))).toBe('/')
		expect(afterSignInLocation(new URL('http://p/auth/sign-in?redirect_to=//evil.example&a=1'))).toBe('/?a=1')
	})
	test('the reported payload: /.//evil.example with another parameter', () => {
		const location = afterSignInLocation(new URL('http://p/auth/sign-in?redirect_to=/.//evil.example&x=1'))
		expect(staysOnPortal(location)).toBe(true)
		expect(location).not.toMatch(/^\/[/\\]/)
	})
	test.each(HOSTILE)('%j with an extra parameter stays on the portal', (payload) => {
		const query = new URLSearchParams({ redirect_to: payload, x: '1' })
		for (const location of [
			afterSignInLocation(new URL(`http://p/auth/sign-in?${query}`)),
			afterSignInLocation(new URL('http://p/auth/sign-in?x=1'), payload),
		]) {
			expect(staysOnPortal(location)).toBe(true)
			expect(location).not.toMatch(/^\/[/\\]/)
			expect(location).toContain('x=1')
		}
	})
	test('merges with a query already in redirect_to', () => {
		expect(afterSignInLocation(new URL('http://p/auth/sign-up?redirect_to=%2Fservices%3Fx%3D1&y=2'))).toBe(
			'/services?x=1&y=2',
		)
	})
	test('drops the sign-in page’s own parameters', () => {
		expect(afterSignInLocation(new URL('http://p/auth/sign-in?redirect_to=%2Fcontact&notice=session-expired'))).toBe(
			'/contact',
		)
	})
})

describe('isAllowedUnverified', () => {
	test.each(['/auth/sign-out', '/me/manage/security/email', '/auth/verification/resend/'])('%s is allowed', (path) =>
		expect(isAllowedUnverified(path)).toBe(true),
	)
	test.each(['/contact', '/'])('%s is not', (path) => expect(isAllowedUnverified(path)).toBe(false))
})
