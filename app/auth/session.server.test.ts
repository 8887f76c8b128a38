import { afterEach, describe, expect, test, vi } from 'vitest'
import { RequestSession } from './session.server'
import { parseConfig, resetConfigForTests } from '#app/config.server'
import { portalEnv } from '#tests/setup/processes'

const pending = {
	access: 'restricted-access',
	refresh: 'restricted-refresh',
	methods: ['totp' as const],
	email: 'a@b.c',
	redirectTo: '/',
}
const totpSetup = { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x', digits: 6 }

function setCookies(session: RequestSession) {
	const headers = new Headers()
	session.applyTo(headers)
	return headers.getSetCookie()
}

/** The Cookie header a browser would send back after these Set-Cookie headers. */
function cookieHeader(setCookie: string[]) {
	return setCookie.map((c) => c.split(';')[0]).join('; ')
}

function requestWith(cookie: string) {
	return RequestSession.fromRequest(new Request('http://p/', { headers: { cookie } }))
}

async function sessionWith(cookies: string[]) {
	// Round-trip through the real serializer so the values are encoded as in production.
	const writer = await RequestSession.fromRequest(new Request('http://p/'))
	await writer.setTokens({ access: 'access-1', refresh: 'refresh-1' })
	const header = setCookies(writer)
		.map((c) => c.split(';')[0])
		.filter((c) => cookies.some((name) => c!.startsWith(`${name}=`)))
		.join('; ')
	return requestWith(header)
}

function useConfig(overrides: Record<string, string>) {
	const result = parseConfig(portalEnv({ NODE_ENV: 'test', ...overrides }))
	if (!result.ok) throw new Error(JSON.stringify(result.problems))
	resetConfigForTests(result.config)
}

afterEach(() => {
	resetConfigForTests()
	vi.useRealTimers()
})

describe('RequestSession', () => {
	test('reads both token cookies', async () => {
		const session = await sessionWith(['user.access-token', 'user.refresh-token'])
		expect(session.access).toBe('access-1')
		expect(session.refresh).toBe('refresh-1')
		expect(session.hasTokens).toBe(true)
	})

	test('sets both cookies HttpOnly, SameSite=Lax, path / and 31 days', async () => {
		const session = await RequestSession.fromRequest(new Request('http://p/'))
		await session.setTokens({ access: 'a', refresh: 'r' })
		const cookies = setCookies(session)
		expect(cookies).toHaveLength(2)
		for (const cookie of cookies) {
			expect(cookie).toMatch(/^user\.(access|refresh)-token=/)
			expect(cookie).toContain('HttpOnly')
			expect(cookie).toContain('SameSite=Lax')
			expect(cookie).toContain('Path=/')
			expect(cookie).toContain(`Max-Age=${31 * 24 * 60 * 60}`)
		}
	})

	test('clearing removes both cookies', async () => {
		const session = await sessionWith(['user.access-token', 'user.refresh-token'])
		await session.clearTokens()
		const cookies = setCookies(session)
		expect(cookies.map((c) => c.split('=')[0]).sort()).toEqual(['user.access-token', 'user.refresh-token'])
		for (const cookie of cookies) expect(cookie).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/)
		expect(session.access).toBeNull()
		expect(session.refresh).toBeNull()
	})

	test('the temporary sign-in store is sealed: not readable, not forgeable', async () => {
		const session = await RequestSession.fromRequest(new Request('http://p/'))
		await session.setPending(pending)
		const [cookie] = setCookies(session)
		expect(cookie).toMatch(/^user\.pending-sign-in=/)
		expect(cookie).toContain('HttpOnly')
		expect(cookie).toContain('Max-Age=600')
		expect(decodeURIComponent(cookie!)).not.toContain('restricted-access')
		const back = await requestWith(cookie!.split(';')[0]!)
		expect(back.getPending()?.access).toBe('restricted-access')
		const forged = await requestWith('user.pending-sign-in=eyJhIjoxfQ')
		expect(forged.getPending()).toBeNull()
	})

	test('a sealed value is refused under another cookie name', async () => {
		const writer = await RequestSession.fromRequest(new Request('http://p/'))
		await writer.setPending(pending)
		const value = setCookies(writer)[0]!.split(';')[0]!.split('=')[1]!
		const moved = await requestWith(`user.totp-setup=${value}; user.email-code-setup=${value}`)
		expect(moved.getSealed('totp', 'user-1')).toBeNull()
		expect(moved.getSealed('totp')).toBeNull()
		expect(moved.getSealed('emailCode')).toBeNull()
		expect((await requestWith(`user.pending-sign-in=${value}`)).getPending()?.email).toBe('a@b.c')
	})

	test('a setup sealed for one user is refused for another', async () => {
		const writer = await RequestSession.fromRequest(new Request('http://p/'))
		await writer.setSealed('totp', totpSetup, 'user-1')
		const reader = await requestWith(cookieHeader(setCookies(writer)))
		expect(reader.getSealed('totp', 'user-1')).toEqual(totpSetup)
		expect(reader.getSealed('totp', 'user-2')).toBeNull()
	})

	test('a sealed value expires on the server clock, even if the browser keeps the cookie', async () => {
		vi.useFakeTimers({ toFake: ['Date'] })
		const writer = await RequestSession.fromRequest(new Request('http://p/'))
		await writer.setPending(pending)
		const header = cookieHeader(setCookies(writer))
		vi.advanceTimersByTime(599_000)
		expect((await requestWith(header)).getPending()).not.toBeNull()
		vi.advanceTimersByTime(1_000)
		expect((await requestWith(header)).getPending()).toBeNull()
	})

	test('after a secret rotation, values sealed or signed with the previous secret are still read', async () => {
		const previous = 'previous-secret-previous-secret-0123456789'
		useConfig({ SESSION_SECRET: previous })
		const writer = await RequestSession.fromRequest(new Request('http://p/'))
		await writer.setPending(pending)
		await writer.setFlash({ tone: 'success', key: 'common:success.emailConfirmed' })
		const header = cookieHeader(setCookies(writer))

		useConfig({ SESSION_SECRET: 'current-secret-current-secret-0123456789', SESSION_SECRET_FALLBACKS: previous })
		const rotated = await requestWith(header)
		expect(rotated.getPending()?.email).toBe('a@b.c')
		expect((await rotated.takeFlash())?.key).toBe('common:success.emailConfirmed')

		useConfig({ SESSION_SECRET: 'current-secret-current-secret-0123456789' })
		const dropped = await requestWith(header)
		expect(dropped.getPending()).toBeNull()
		expect(await dropped.takeFlash()).toBeNull()
	})

	test('clearing the tokens clears the setup cookies but keeps a pending sign-in', async () => {
		const writer = await RequestSession.fromRequest(new Request('http://p/'))
		await writer.setPending(pending)
		await writer.setSealed('totp', totpSetup, 'user-1')
		const session = await requestWith(cookieHeader(setCookies(writer)))
		await session.clearTokens()
		expect(
			setCookies(session)
				.map((c) => c.split('=')[0])
				.sort(),
		).toEqual(['user.access-token', 'user.refresh-token', 'user.totp-setup'])
		expect(session.getSealed('totp', 'user-1')).toBeNull()
		expect(session.getPending()).not.toBeNull()
	})

	test('over https in production: `__Host-` names, Secure, path / and no domain, whatever COOKIE_PATH and COOKIE_DOMAIN say', async () => {
		useConfig({
			NODE_ENV: 'production',
			PUBLIC_APP_URL: 'https://portal.example.com',
			COOKIE_DOMAIN: 'example.com',
			COOKIE_PATH: '/portal',
		})
		const writer = await RequestSession.fromRequest(new Request('https://portal.example.com/'))
		await writer.setTokens({ access: 'a', refresh: 'r' })
		await writer.setPending(pending)
		await writer.setSealed('totp', totpSetup, 'user-1')
		await writer.setSealed('emailCode', { code: 'sent', resendAvailableAt: 1 }, 'user-1')
		await writer.setFlash({ tone: 'info', key: 'common:draft.restored' })
		const cookies = setCookies(writer)
		const byName = Object.fromEntries(cookies.map((c) => [c.split('=')[0], c]))
		expect(Object.keys(byName).sort()).toEqual([
			'__Host-user.email-code-setup',
			'__Host-user.flash',
			'__Host-user.pending-sign-in',
			'__Host-user.totp-setup',
			'user.access-token',
			'user.refresh-token',
		])
		for (const [name, cookie] of Object.entries(byName)) {
			expect(cookie, name).toContain('Secure')
			expect(cookie, name).toContain('HttpOnly')
			if (name.startsWith('__Host-')) {
				expect(cookie, name).toMatch(/; Path=\/(;|$)/)
				expect(cookie, name).not.toMatch(/Domain=/i)
			} else {
				expect(cookie, name).toContain('Path=/portal')
				expect(cookie, name).toContain('Domain=example.com')
			}
		}
		const reader = await RequestSession.fromRequest(
			new Request('https://portal.example.com/', { headers: { cookie: cookieHeader(cookies) } }),
		)
		expect(reader.getPending()?.email).toBe('a@b.c')
		expect(reader.getSealed('totp', 'user-1')).toEqual(totpSetup)
		expect((await reader.takeFlash())?.key).toBe('common:draft.restored')
		// The plain names are not read in this mode.
		const plain = await requestWith(cookieHeader(cookies).replaceAll('__Host-', ''))
		expect(plain.getPending()).toBeNull()
	})

	test('over plain http the same cookies keep their plain names, without Secure', async () => {
		useConfig({ NODE_ENV: 'production', PUBLIC_APP_URL: 'http://127.0.0.1:3000' })
		const writer = await RequestSession.fromRequest(new Request('http://p/'))
		await writer.setPending(pending)
		const [cookie] = setCookies(writer)
		expect(cookie).toMatch(/^user\.pending-sign-in=/)
		expect(cookie).not.toContain('Secure')
	})
})
