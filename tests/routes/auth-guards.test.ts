/**
 * Where the guards and the sign-in send a visitor, and what a refused or expired session answers (moved from
 * e2e/auth-guards.spec.ts, issue 53): the Location headers and the session cookies.
 */
import { beforeEach, describe, expect, test } from 'vitest'
import { PASSWORD, uniqueEmail } from '#tests/mock-api/helpers'
import { RouteBrowser, useRouteTestApi } from '#tests/setup/routes'
import * as appLayout from '#app/routes/_app'
import * as guestLayout from '#app/routes/_guest'
import * as resetPassword from '#app/routes/auth/reset-password'
import * as signIn from '#app/routes/auth/sign-in'
import * as signUp from '#app/routes/auth/sign-up'
import * as contact from '#app/routes/contact'
import * as dashboard from '#app/routes/dashboard'

const api = useRouteTestApi()
const SIGN_IN = [guestLayout, signIn]

let browser: RouteBrowser
let email: string
beforeEach(async () => {
	email = uniqueEmail()
	await api.createUser({ email })
	browser = await RouteBrowser.create()
})

test.each(['https://evil.example/', '//evil.example', '/%2F%2Fevil.example', '/\\evil.example'])(
	'signing in with a hostile redirect_to (%s) ends at the home page',
	async (hostile) => {
		const { response } = await browser.post(SIGN_IN, `/auth/sign-in?redirect_to=${encodeURIComponent(hostile)}`, {
			email,
			password: PASSWORD,
		})
		expect(response.status).toBe(302)
		expect(response.headers.get('location')).toBe('/')
		expect(browser.cookies.has('user.access-token')).toBe(true)
	},
)

test.each([
	['/auth/sign-up', '/', [guestLayout, signUp]],
	['/auth/sign-in?redirect_to=%2Fcontact&ref=mail', '/contact?ref=mail', SIGN_IN],
	['/auth/reset-password', '/', [guestLayout, resetPassword]],
] as const)('signed in, the guest-only page %s sends to %s', async (path, location, modules) => {
	await browser.signIn(await api.signIn(email))
	const { response } = await browser.get(modules, path)
	expect(response.status).toBe(302)
	expect(response.headers.get('location')).toBe(location)
})

describe('a signed-in partner', () => {
	beforeEach(async () => {
		await browser.signIn(await api.signIn(email))
	})

	test('an expired access token is refreshed once, unnoticed: the page, and a new access cookie', async () => {
		const before = browser.cookies.get('user.access-token')
		await api.mock.expireAccessTokens(email)
		await api.mock.clearRequests()
		const { response } = await browser.get([appLayout, dashboard], '/')
		expect(response.status).toBe(200)
		expect(browser.cookies.get('user.access-token')).not.toBe(before)
		expect(browser.cookies.has('user.access-token')).toBe(true)
		const refreshes = (await api.mock.requests()).filter(
			(r) => r.method === 'POST' && r.path.startsWith('/authentication-tokens/'),
		)
		expect(refreshes).toHaveLength(1)
	})

	test('a session revoked by a password reset on another device ends at sign-in, both cookies cleared', async () => {
		await api.send('POST', '/user-reset-passwords/token', { body: { email } })
		const link = (await api.lastEmail(email)).links.find((l) => l.includes('/auth/reset-password/token/'))!
		const activated = await api.send('POST', '/user-reset-passwords/activate', {
			body: { token: link.split('/').pop(), password: 'Another-Secret-9', password_confirmation: 'Another-Secret-9' },
		})
		expect(activated.status).toBeLessThan(300)
		const { response } = await browser.get([contact], '/contact')
		expect(response.status).toBe(302)
		expect(response.headers.get('location')).toBe('/auth/sign-in?notice=session-expired&redirect_to=%2Fcontact')
		expect(browser.cookies.has('user.access-token')).toBe(false)
		expect(browser.cookies.has('user.refresh-token')).toBe(false)
	})
})
