/**
 * The guest pages' answers (moved from e2e/auth-*.spec.ts, issue 53): where the guards and the sign-in send a
 * visitor, what a refused or expired session answers, what sign-in says to wrong details and how failures lock,
 * the reset request that reads the same for every address, what a reset link answers, and a sign-out the API
 * cannot revoke.
 */
import { beforeEach, describe, expect, test } from 'vitest'
import { PASSWORD, uniqueEmail } from '#tests/mock-api/helpers'
import { RouteBrowser, useRouteTestApi, type RouteAnswer } from '#tests/setup/routes'
import * as appLayout from '#app/routes/_app'
import * as guestLayout from '#app/routes/_guest'
import * as resetPassword from '#app/routes/auth/reset-password'
import * as resetPasswordToken from '#app/routes/auth/reset-password-token'
import * as signIn from '#app/routes/auth/sign-in'
import * as signOut from '#app/routes/auth/sign-out'
import * as signUp from '#app/routes/auth/sign-up'
import * as contact from '#app/routes/contact'
import * as dashboard from '#app/routes/dashboard'

const api = useRouteTestApi()
const SIGN_IN = [guestLayout, signIn]
const RESET = [guestLayout, resetPassword]
const TOKEN_PAGE = [guestLayout, resetPasswordToken]
const PAST_REFRESH_LIFETIME = 32 * 24 * 60 * 60

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

describe('the reset request', () => {
	const ask = async (address: string) => {
		const { response, data } = await browser.post(RESET, '/auth/reset-password', { email: address })
		return { status: response.status, data }
	}
	const resetEmails = async (address: string) =>
		(await api.emails(address)).filter((m) => m.links.some((l) => l.includes('/auth/reset-password/token/')))

	test('a reset request answers the same for known and unknown addresses: "sent"', async () => {
		const known = await ask(email)
		expect(known).toEqual({ status: 200, data: { result: undefined, sent: true } })
		expect(await ask(uniqueEmail('nobody'))).toEqual(known)
		expect(await resetEmails(email)).toHaveLength(1)
	})

	test('fifteen reset requests for one address in a minute send one email, and every answer reads the same', async () => {
		await api.mock.clearRequests()
		const first = await ask(email)
		expect(first.data).toEqual({ result: undefined, sent: true })
		for (let n = 2; n <= 15; n++) expect(await ask(email), `request ${n}`).toEqual(first)
		expect(await resetEmails(email)).toHaveLength(1)
		// The API refused the later ones (the portal said nothing of it).
		const asked = (await api.mock.requests()).filter((r) => r.path === '/user-reset-passwords/token')
		expect(asked.map((r) => r.status)).toEqual([202, ...Array<number>(14).fill(429)])

		await api.mock.advanceClock(60)
		expect(await ask(email)).toEqual(first)
		expect(await resetEmails(email)).toHaveLength(2)
	})
})

describe('sign-in with wrong details', () => {
	type Reply = { result: { error: Record<string, string[]>; initialValue: Record<string, unknown> } }
	const attempt = (address: string, password = 'Wrong-Password-1') =>
		browser.post(SIGN_IN, '/auth/sign-in', { email: address, password })
	/** Every message the form shows, its summary's first. */
	const messages = (answer: RouteAnswer) => Object.values((answer.data as Reply).result.error).flat()

	test('unknown email and wrong password read the same', async () => {
		const unknown = await attempt(uniqueEmail('nobody'))
		const wrong = await attempt(email)
		expect(wrong.response.status).toBe(unknown.response.status)
		expect(unknown.response.status).toBeGreaterThanOrEqual(400)
		expect(messages(unknown)).toEqual(['The authentication details are incorrect.'])
		expect(messages(wrong)).toEqual(messages(unknown))
		expect(browser.cookies.has('user.access-token')).toBe(false)
	})

	test('wrong passwords escalate in order until the account locks; the lock lifts with time', async () => {
		const first = await attempt(email)
		expect(messages(first)).toEqual(['The authentication details are incorrect.'])
		expect((first.data as Reply).result.initialValue).toEqual(expect.objectContaining({ email }))
		expect((first.data as Reply).result.initialValue).not.toHaveProperty('password')
		expect(messages(await attempt(email)).join(' ')).not.toContain('one more attempt')
		expect(messages(await attempt(email)).join(' ')).toContain('You have one more attempt without restrictions.')
		expect(messages(await attempt(email)).join(' ')).toContain(
			'The next failed attempt will lock your account for 5 minutes.',
		)
		const locked = messages(await attempt(email)).join(' ')
		expect(locked).toContain('Your account is locked for 5 minutes.')
		expect(locked).toContain('Future failed attempts will be reported to the account owner.')
		// Locked: even the right password is refused.
		expect(messages(await attempt(email, PASSWORD)).join(' ')).toMatch(/Your account is locked for [1-5] minutes?\./)
		expect(browser.cookies.has('user.access-token')).toBe(false)

		await api.mock.advanceClock(301)
		const { response } = await attempt(email, PASSWORD)
		expect(response.status).toBe(302)
		expect(response.headers.get('location')).toBe('/')
		expect(browser.cookies.has('user.access-token')).toBe(true)
	})
})

/** Asks for a reset through the form; the emailed link's token. */
async function resetToken() {
	const { response } = await browser.post([guestLayout, resetPassword], '/auth/reset-password', { email })
	expect(response.status).toBe(200)
	const link = (await api.lastEmail(email)).links.find((l) => l.includes('/auth/reset-password/token/'))!
	return link.split('/').pop()!
}

const open = (token: string) => browser.get(TOKEN_PAGE, `/auth/reset-password/token/${token}`, { token })

test('an unknown reset link is a 404 that says it cannot be used, with no form', async () => {
	const { response, data } = await open('not-a-real-token')
	expect(response.status).toBe(404)
	expect(data).toMatchObject({ outcome: 'invalid-token' })
})

test('a reset link is a form while fresh, and a 404 an hour later', async () => {
	const token = await resetToken()
	const fresh = await open(token)
	expect(fresh.response.status).toBe(200)
	expect(fresh.data).toMatchObject({ outcome: 'form' })
	await api.mock.advanceClock(61 * 60)
	const expired = await open(token)
	expect(expired.response.status).toBe(404)
	expect(expired.data).toMatchObject({ outcome: 'invalid-token' })
})

test('a reset link used once is a 410 that says it was used, and a second submit says the same (issue 55, point 12)', async () => {
	const token = await resetToken()
	const path = `/auth/reset-password/token/${token}`
	const fields = { password: 'Brand-New-Secret-7', password_confirmation: 'Brand-New-Secret-7' }
	const reset = await browser.post(TOKEN_PAGE, path, fields, { token })
	expect(reset.response.headers.get('location')).toBe('/auth/sign-in')
	const used = await open(token)
	expect(used.response.status).toBe(410)
	expect(used.data).toMatchObject({ outcome: 'used-token' })
	const again = await browser.post(TOKEN_PAGE, path, fields, { token })
	expect(again.response.status).toBe(410)
	expect(again.data).toMatchObject({ outcome: 'used-token' })
})

test('a page asked for with its query after the session ended: sign-in says why, and brings back the query', async () => {
	await browser.signIn(await api.signIn(email))
	await api.mock.advanceClock(PAST_REFRESH_LIFETIME)
	const { response } = await browser.get([contact], '/contact?topic=billing')
	expect(response.status).toBe(302)
	const location = response.headers.get('location')!
	expect(location).toBe('/auth/sign-in?notice=session-expired&redirect_to=%2Fcontact%3Ftopic%3Dbilling')
	const signedIn = await browser.post([guestLayout, signIn], location, { email, password: PASSWORD })
	expect(signedIn.response.status).toBe(302)
	expect(signedIn.response.headers.get('location')).toBe('/contact?topic=billing')
})

test('an account with a connected external account: failed attempts past the lock warn, then the connection is removed', async () => {
	const linked = uniqueEmail('linked')
	await api.createUser({ email: linked, has_relation: true })
	type Reply = { result: { error: Record<string, string[]> } }
	const attempt = async () => {
		const { response, data } = await browser.post(SIGN_IN, '/auth/sign-in', {
			email: linked,
			password: 'Wrong-Password-1',
		})
		return {
			status: response.status,
			text: Object.values((data as Reply).result.error)
				.flat()
				.join(' '),
		}
	}
	for (let n = 1; n <= 5; n++) await attempt()
	await api.mock.advanceClock(301)
	const warned = await attempt()
	expect(warned.text).toContain('Future failed attempt will remove the connection between the accounts.')
	expect(warned.text).not.toContain('was removed')
	await api.mock.advanceClock(601)
	expect((await attempt()).text).toContain('The connection between the accounts was removed.')
	expect(browser.cookies.has('user.access-token')).toBe(false)
})

describe('signing out when the API cannot revoke the session', () => {
	const SIGN_OUT = [appLayout, signOut]
	const revocations = async () =>
		(await api.mock.requests()).filter((r) => r.method === 'DELETE' && r.path === '/authentication-tokens/current')

	beforeEach(async () => {
		await browser.signIn(await api.signIn(email))
		await api.mock.clearRequests()
		await api.mock.fault({ method: 'DELETE', path: '/authentication-tokens/current', status: 503, times: 2 })
	})

	test('a 503 that says so, tried twice, the partner still signed in; trying again signs out for real', async () => {
		const failed = await browser.post(SIGN_OUT, '/auth/sign-out', {})
		expect(failed.response.status).toBe(503)
		expect(failed.data).toEqual({ revocationFailed: true, requestId: failed.response.headers.get('x-request-id') })
		expect(await revocations()).toHaveLength(2)
		expect(browser.cookies.has('user.access-token')).toBe(true)
		expect(browser.cookies.has('user.refresh-token')).toBe(true)

		const again = await browser.post(SIGN_OUT, '/auth/sign-out', {})
		expect(again.response.status).toBe(302)
		expect(again.response.headers.get('location')).toBe('/auth/sign-in?notice=signed-out')
		expect(browser.cookies.has('user.access-token')).toBe(false)
		expect(browser.cookies.has('user.refresh-token')).toBe(false)
	})

	test('"this browser only" forgets the session here without asking the API again', async () => {
		expect((await browser.post(SIGN_OUT, '/auth/sign-out', {})).response.status).toBe(503)
		await api.mock.clearRequests()
		const local = await browser.post(SIGN_OUT, '/auth/sign-out', { intent: 'this-browser-only' })
		expect(local.response.status).toBe(302)
		expect(local.response.headers.get('location')).toBe('/auth/sign-in?notice=signed-out')
		expect(browser.cookies.has('user.access-token')).toBe(false)
		expect(await revocations()).toEqual([])
	})
})
