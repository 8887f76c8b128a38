import { describe, expect, test } from 'vitest'
import { RequestSession } from './session.server'

function setCookies(session: RequestSession) {
	const headers = new Headers()
	session.applyTo(headers)
	return headers.getSetCookie()
}

async function sessionWith(cookies: string[]) {
	// Round-trip through the real serializer so the values are encoded as in production.
	const writer = await RequestSession.fromRequest(new Request('http://p/'))
	await writer.setTokens({ access: 'access-1', refresh: 'refresh-1' })
	const header = setCookies(writer)
		.map((c) => c.split(';')[0])
		.filter((c) => cookies.some((name) => c!.startsWith(`${name}=`)))
		.join('; ')
	return RequestSession.fromRequest(new Request('http://p/', { headers: { cookie: header } }))
}

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
		await session.setPending({ access: 'restricted-access', refresh: 'restricted-refresh', methods: ['totp'], email: 'a@b.c', redirectTo: '/' })
		const [cookie] = setCookies(session)
		expect(cookie).toMatch(/^user\.pending-sign-in=/)
		expect(cookie).toContain('HttpOnly')
		expect(cookie).toContain('Max-Age=600')
		expect(decodeURIComponent(cookie!)).not.toContain('restricted-access')
		const back = await RequestSession.fromRequest(new Request('http://p/', { headers: { cookie: cookie!.split(';')[0]! } }))
		expect(back.getPending()?.access).toBe('restricted-access')
		const forged = await RequestSession.fromRequest(new Request('http://p/', { headers: { cookie: 'user.pending-sign-in=eyJhIjoxfQ' } }))
		expect(forged.getPending()).toBeNull()
	})
})
