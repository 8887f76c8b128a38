/** The guards of the route groups (app/middleware/guards.server.ts, spec point 2), at the route level. */
import { beforeEach, describe, expect, test } from 'vitest'
import { newServiceBody, PASSWORD, uniqueEmail } from '#tests/mock-api/helpers'
import { RouteBrowser, useRouteTestApi } from '#tests/setup/routes'
import * as appLayout from '#app/routes/_app'
import * as guestLayout from '#app/routes/_guest'
import * as signIn from '#app/routes/auth/sign-in'
import * as twoStep from '#app/routes/auth/two-step'
import * as signOut from '#app/routes/auth/sign-out'
import * as accountLayout from '#app/routes/account/layout'
import * as emailPage from '#app/routes/account/email'
import * as dashboard from '#app/routes/dashboard'
import * as servicesList from '#app/routes/services/list'

const api = useRouteTestApi()
const LIST = [appLayout, servicesList]
const SIGN_IN = [guestLayout, signIn]

let browser: RouteBrowser
beforeEach(async () => {
	browser = await RouteBrowser.create()
})

async function signedIn(input: { verified?: boolean; totp?: boolean } = {}) {
	const email = uniqueEmail()
	await api.createUser({ email, ...input })
	await browser.signIn(await api.signIn(email))
	return email
}

describe('signed out', () => {
	test('a page sends the visitor to sign-in, to come back to the page and its query', async () => {
		const { response } = await browser.get(LIST, '/services/manage?cursor=abc')
		expect(response.status).toBe(302)
		expect(response.headers.get('location')).toBe('/auth/sign-in?redirect_to=%2Fservices%2Fmanage%3Fcursor%3Dabc')
	})

	test('a visitor with no session cookie reaches no API at all, whatever the page would have called', async () => {
		await api.mock.clearRequests()
		for (const [modules, path] of [
			[LIST, '/services/manage'],
			[[appLayout, dashboard], '/'],
		] as const) {
			const { response } = await browser.get([...modules], path)
			expect(response.status, path).toBe(302)
		}
		expect(await api.mock.requests()).toEqual([])
	})

	test('the home page sends to sign-in with nothing to come back to', async () => {
		const { response } = await browser.get([appLayout, dashboard], '/')
		expect(response.headers.get('location')).toBe('/auth/sign-in')
	})

	test('tokens the API refuses: "session expired", and the cookies are cleared', async () => {
		await browser.signIn({ access: 'not-a-token', refresh: 'not-a-token' })
		const { response } = await browser.get(LIST, '/services/manage')
		expect(response.headers.get('location')).toBe(
			'/auth/sign-in?notice=session-expired&redirect_to=%2Fservices%2Fmanage',
		)
		expect(browser.cookies.has('user.access-token')).toBe(false)
	})
})

describe('signed in', () => {
	test('a sign-in page sends home, or to a local redirect_to, never to another site', async () => {
		await signedIn()
		const home = await browser.get(SIGN_IN, '/auth/sign-in')
		expect(home.response.headers.get('location')).toBe('/')
		const back = await browser.get(SIGN_IN, '/auth/sign-in?redirect_to=%2Fservices%2Fmanage')
		expect(back.response.headers.get('location')).toBe('/services/manage')
		for (const hostile of ['https://evil.example/', '//evil.example/', '/\\evil.example']) {
			const { response } = await browser.get(SIGN_IN, `/auth/sign-in?redirect_to=${encodeURIComponent(hostile)}`)
			expect(response.headers.get('location'), hostile).toBe('/')
		}
	})

	test('an unverified partner reads pages but posts no form but the allowed ones: back to the page', async () => {
		const email = await signedIn({ verified: false })
		expect((await browser.get(LIST, '/services/manage')).response.status).toBe(200)
		const { response } = await browser.post(LIST, '/services/manage', newServiceBody())
		expect(response.status).toBe(302)
		expect(response.headers.get('location')).toBe('/services/manage')
		const { access } = await api.signIn(email)
		expect((await api.call('listServices', { bearer: access })).body.data).toEqual([])
	})

	test('an unverified partner may still sign out (both cookies cleared) and correct the address', async () => {
		await signedIn({ verified: false })
		const next = uniqueEmail('fixed')
		const changed = await browser.post([appLayout, accountLayout, emailPage], '/me/manage/security/email', {
			email: next,
			current_password: PASSWORD,
		})
		expect(changed.response.status).toBe(302)
		expect(changed.response.headers.get('location')).toBe('/me/manage/security/email')
		expect((await api.lastEmail(next)).links.some((l) => l.includes('/tokens/email_change/'))).toBe(true)

		const out = await browser.post([appLayout, signOut], '/auth/sign-out', {})
		expect(out.response.status).toBe(302)
		expect(out.response.headers.get('location')).toBe('/auth/sign-in?notice=signed-out')
		expect(browser.cookies.has('user.access-token')).toBe(false)
		expect(browser.cookies.has('user.refresh-token')).toBe(false)
	})
})

describe('two-step sign-in', () => {
	test('the password step of a partner with an authenticator goes on to the code, which asks for it', async () => {
		const email = uniqueEmail()
		await api.createUser({ email, totp: true })
		const { response } = await browser.post(SIGN_IN, '/auth/sign-in?redirect_to=%2Fservices%2Fmanage', {
			email,
			password: PASSWORD,
		})
		expect(response.status).toBe(302)
		expect(response.headers.get('location')).toMatch(/^\/auth\/sign-in\/two-step/)
		const page = await browser.get([guestLayout, twoStep], '/auth/sign-in/two-step')
		expect(page.response.status).toBe(200)
		expect(page.data).toMatchObject({ methods: ['totp'], method: 'totp', email })
	})

	test('the code page without a password step first starts again at sign-in', async () => {
		const { response } = await browser.get([guestLayout, twoStep], '/auth/sign-in/two-step')
		expect(response.headers.get('location')).toBe('/auth/sign-in?notice=two-step-expired')
	})
})
