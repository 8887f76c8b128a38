/**
 * What a reset link and a page asked for after the session ended answer (moved from e2e/auth-reset.spec.ts and
 * e2e/auth-guards.spec.ts, issue 53).
 */
import { beforeEach, expect, test } from 'vitest'
import { PASSWORD, uniqueEmail } from '#tests/mock-api/helpers'
import { RouteBrowser, useRouteTestApi } from '#tests/setup/routes'
import * as guestLayout from '#app/routes/_guest'
import * as resetPassword from '#app/routes/auth/reset-password'
import * as resetPasswordToken from '#app/routes/auth/reset-password-token'
import * as signIn from '#app/routes/auth/sign-in'
import * as contact from '#app/routes/contact'

const api = useRouteTestApi()
const PAST_REFRESH_LIFETIME = 32 * 24 * 60 * 60
const TOKEN_PAGE = [guestLayout, resetPasswordToken]

let browser: RouteBrowser
let email: string
beforeEach(async () => {
	email = uniqueEmail()
	await api.createUser({ email })
	browser = await RouteBrowser.create()
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
