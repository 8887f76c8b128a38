/**
 * What the sign-in form answers to wrong details (moved from e2e/auth-sign-in.spec.ts, issue 53): an unknown address
 * and a wrong password read the same, and failures escalate to a lock that lifts with the mock's clock.
 */
import { beforeEach, expect, test } from 'vitest'
import { PASSWORD, uniqueEmail } from '#tests/mock-api/helpers'
import { RouteBrowser, useRouteTestApi, type RouteAnswer } from '#tests/setup/routes'
import * as guestLayout from '#app/routes/_guest'
import * as signIn from '#app/routes/auth/sign-in'

const api = useRouteTestApi()
const SIGN_IN = [guestLayout, signIn]

let browser: RouteBrowser
let email: string
beforeEach(async () => {
	email = uniqueEmail()
	await api.createUser({ email })
	browser = await RouteBrowser.create()
})

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
