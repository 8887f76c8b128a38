/**
 * The CSRF check and the form-body check of the root middleware (decision 0009), at the route level (moved from
 * e2e/csrf.spec.ts and e2e/bad-input.spec.ts, issue 53): what a hand-made post answers, and that it reached no API.
 * The Origin check of React Router, which runs before any middleware, stays in e2e.
 */
import { beforeEach, expect, test } from 'vitest'
import { PASSWORD, uniqueEmail } from '#tests/mock-api/helpers'
import { RouteBrowser, useRouteTestApi } from '#tests/setup/routes'
import * as appLayout from '#app/routes/_app'
import * as guestLayout from '#app/routes/_guest'
import * as signIn from '#app/routes/auth/sign-in'
import * as signOut from '#app/routes/auth/sign-out'
import * as contact from '#app/routes/contact'
import * as dashboard from '#app/routes/dashboard'

const api = useRouteTestApi()
const SIGN_IN = [guestLayout, signIn]
const SIGN_OUT = [appLayout, signOut]

let email: string
beforeEach(async () => {
	email = uniqueEmail()
	await api.createUser({ email })
})

const tokenRequests = async () => (await api.mock.requests()).filter((r) => r.path.startsWith('/authentication-tokens'))

test('a same-origin sign-in without the CSRF token: 403, no session, no API call', async () => {
	const browser = await RouteBrowser.create()
	await browser.get(SIGN_IN, '/auth/sign-in')
	await api.mock.clearRequests()
	const { response } = await browser.postRaw(SIGN_IN, '/auth/sign-in', {
		body: new URLSearchParams({ email, password: PASSWORD }).toString(),
		contentType: 'application/x-www-form-urlencoded',
	})
	expect(response.status).toBe(403)
	expect(browser.cookies.has('user.access-token')).toBe(false)
	expect(await tokenRequests()).toEqual([])
})

test('a post without its CSRF token is refused whatever the content type says, and the partner stays signed in', async () => {
	const browser = await RouteBrowser.create()
	await browser.signIn(await api.signIn(email))
	await api.mock.clearRequests()
	const sent = await browser.postRaw([contact], '/contact', {
		body: 'subject=Hello&message=Unchecked',
		contentType: 'Application/X-WWW-Form-Urlencoded',
	})
	expect(sent.response.status).toBe(403)
	const signedOut = await browser.postRaw(SIGN_OUT, '/auth/sign-out', { body: 'anything', contentType: 'text/plain' })
	expect(signedOut.response.status).toBe(415)
	expect((await api.mock.requests()).filter((r) => r.method !== 'GET')).toEqual([])
	const home = await browser.get([appLayout, dashboard], '/')
	expect(home.response.status).toBe(200)
	expect(browser.cookies.has('user.access-token')).toBe(true)
})

test('the CSRF token changes at sign-in and at sign-out, and an old one no longer works', async () => {
	const browser = await RouteBrowser.create()
	await browser.get(SIGN_IN, '/auth/sign-in')
	const before = browser.csrfToken
	expect(before).toMatch(/\w{16,}/)
	const signedIn = await browser.post(SIGN_IN, '/auth/sign-in', { email, password: PASSWORD })
	expect(signedIn.response.status).toBe(302)
	await browser.get([contact], '/contact')
	const during = browser.csrfToken
	expect(during).toMatch(/\w{16,}/)
	expect(during).not.toBe(before)
	const replayed = await browser.post([contact], '/contact', {
		subject: 'Hello',
		message: 'A token from before sign-in',
		csrf: before,
	})
	expect(replayed.response.status).toBe(403)
	const signedOut = await browser.post(SIGN_OUT, '/auth/sign-out', { csrf: during })
	expect(signedOut.response.status).toBe(302)
	await browser.get(SIGN_IN, '/auth/sign-in')
	expect(browser.csrfToken).toMatch(/\w{16,}/)
	expect(browser.csrfToken).not.toBe(during)
})

test('a token pair from another browser, planted in this one, is refused: tokens are bound to their browser', async () => {
	const attacker = await RouteBrowser.create()
	await attacker.get(SIGN_IN, '/auth/sign-in')
	const planted = attacker.csrfToken
	const victim = await RouteBrowser.create()
	await victim.get(SIGN_IN, '/auth/sign-in')
	// The victim keeps their own browser id and gets the attacker's token cookie planted.
	expect(victim.cookies.has('XSRF-TOKEN')).toBe(true)
	victim.cookies.set('XSRF-TOKEN', attacker.cookies.get('XSRF-TOKEN')!)
	await api.mock.clearRequests()
	const refused = await victim.post(SIGN_IN, '/auth/sign-in', { email, password: PASSWORD, csrf: planted })
	expect(refused.response.status).toBe(403)
	expect(await tokenRequests()).toEqual([])
	// The attacker's pair still works in the attacker's own browser: the binding, not the token, refused it.
	const own = await attacker.post(SIGN_IN, '/auth/sign-in', { email, password: PASSWORD, csrf: planted })
	expect(own.response.status).toBe(302)
})
