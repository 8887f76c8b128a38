/**
 * What the reset-password request answers (moved from e2e/auth-reset.spec.ts, issue 53): the same for known and
 * unknown addresses, and the same when the API throttles, which sends one email a minute.
 */
import { beforeEach, expect, test } from 'vitest'
import { uniqueEmail } from '#tests/mock-api/helpers'
import { RouteBrowser, useRouteTestApi } from '#tests/setup/routes'
import * as guestLayout from '#app/routes/_guest'
import * as resetPassword from '#app/routes/auth/reset-password'

const api = useRouteTestApi()
const RESET = [guestLayout, resetPassword]

let browser: RouteBrowser
let email: string
beforeEach(async () => {
	email = uniqueEmail()
	await api.createUser({ email })
	browser = await RouteBrowser.create()
})

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
