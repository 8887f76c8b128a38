/** What GET /auth/sign-out answers (moved from e2e/auth-sign-in.spec.ts, issue 53): a confirmation, never a sign-out. */
import { expect, test } from 'vitest'
import { uniqueEmail } from '#tests/mock-api/helpers'
import { RouteBrowser, useRouteTestApi } from '#tests/setup/routes'
import * as appLayout from '#app/routes/_app'
import * as signOut from '#app/routes/auth/sign-out'

const api = useRouteTestApi()

test('signed out, GET /auth/sign-out goes to sign-in without redirect_to', async () => {
	const browser = await RouteBrowser.create()
	const { response } = await browser.get([appLayout, signOut], '/auth/sign-out')
	expect(response.status).toBe(302)
	expect(response.headers.get('location')).toBe('/auth/sign-in')
})

test('signed in, GET /auth/sign-out asks for confirmation and keeps the session', async () => {
	const email = uniqueEmail()
	await api.createUser({ email })
	const browser = await RouteBrowser.create()
	await browser.signIn(await api.signIn(email))
	await api.mock.clearRequests()
	const { response } = await browser.get([appLayout, signOut], '/auth/sign-out')
	expect(response.status).toBe(200)
	expect(browser.cookies.has('user.access-token')).toBe(true)
	expect((await api.mock.requests()).some((r) => r.method === 'DELETE')).toBe(false)
})
