/**
 * The two-step answers (moved from e2e/auth-sign-in, auth-guards, account and security-sealed-cookies specs, issue
 * 53): the second step of sign-in (codes wrong, right, spent, expired; cancel; redirect_to), turning email codes on,
 * and sealed cookies that only count under their own name.
 */
import i18next from 'i18next'
import { beforeEach, describe, expect, test } from 'vitest'
import { PASSWORD, uniqueEmail } from '#tests/mock-api/helpers'
import { totp } from '#tests/mock-api/totp'
import { RouteBrowser, useRouteTestApi, type RouteAnswer } from '#tests/setup/routes'
import * as appLayout from '#app/routes/_app'
import * as guestLayout from '#app/routes/_guest'
import * as accountLayout from '#app/routes/account/layout'
import * as twoStepEmail from '#app/routes/account/two-step-email'
import * as signIn from '#app/routes/auth/sign-in'
import * as twoStep from '#app/routes/auth/two-step'

const api = useRouteTestApi()
const t = i18next.getFixedT('en-GB', ['auth', 'common'])
const SIGN_IN = [guestLayout, signIn]
const TWO_STEP = [guestLayout, twoStep]
const EMAIL_SETUP = [appLayout, accountLayout, twoStepEmail]
const EMAIL_SETUP_PATH = '/me/manage/security/multi-factor-authentication/email'
const PENDING = 'user.pending-sign-in'

type Reply = { result: { error: Record<string, string[]> } }
const errors = (answer: RouteAnswer) => (answer.data as Reply).result.error
const locationOf = (answer: RouteAnswer) => answer.response.headers.get('location')
/** Sign-outs made with a restricted token: revoked two-step sign-ins. */
const revocations = async () =>
	(await api.mock.requests()).filter(
		(r) => r.method === 'DELETE' && r.path === '/authentication-tokens/current' && r.auth === 'restricted',
	)
const codeNow = async (secret: string) => totp(secret, await api.now())

let browser: RouteBrowser
beforeEach(async () => {
	browser = await RouteBrowser.create()
})

/** The password step, on to the code page. */
async function passwordStep(email: string, path = '/auth/sign-in') {
	const answer = await browser.post(SIGN_IN, path, { email, password: PASSWORD })
	expect(answer.response.status).toBe(302)
	expect(locationOf(answer)).toBe('/auth/sign-in/two-step')
	expect(browser.cookies.has(PENDING)).toBe(true)
}

const enterCode = (method: 'totp' | 'email', code: string) =>
	browser.post(TWO_STEP, '/auth/sign-in/two-step', { intent: 'verify', method, code })

const codePage = async (query = '') => (await browser.get(TWO_STEP, `/auth/sign-in/two-step${query}`)).data

describe('sign-in with an emailed code', () => {
	let email: string
	beforeEach(async () => {
		email = uniqueEmail()
		await api.createUser({ email, email_two_step: true })
	})

	test('redirect_to survives the code step', async () => {
		await passwordStep(email, '/auth/sign-in?redirect_to=%2Fservices%2Fmanage')
		const done = await enterCode('email', (await api.lastEmail(email)).codes[0]!)
		expect(done.response.status).toBe(302)
		expect(locationOf(done)).toBe('/services/manage')
	})

	test('a wrong code is refused on its field; the right one signs in; signing in again sends a new code and the old one is spent', async () => {
		await passwordStep(email)
		expect(await codePage()).toMatchObject({ methods: ['email'], method: 'email', emailCode: 'sent', email })
		const code = (await api.lastEmail(email)).codes[0]!
		const wrong = await enterCode('email', code === '000000' ? '111111' : '000000')
		expect(wrong.response.status).toBe(422)
		expect(errors(wrong).code).toEqual([t('auth:twoStep.codeInvalid')])
		expect(browser.cookies.has('user.access-token')).toBe(false)

		// A pasted "123 456" is fine.
		const right = await enterCode('email', `${code.slice(0, 3)} ${code.slice(3)}`)
		expect(right.response.status).toBe(302)
		expect(locationOf(right)).toBe('/')
		expect(browser.cookies.has('user.access-token')).toBe(true)
		expect(browser.cookies.has(PENDING)).toBe(false)

		// At once again: the used code frees the next send.
		browser = await RouteBrowser.create()
		await passwordStep(email)
		expect(await api.emails(email)).toHaveLength(2)
		expect(await codePage()).toMatchObject({ emailCode: 'sent' })
		const spent = await enterCode('email', code)
		expect(spent.response.status).toBe(422)
		expect(errors(spent).code).toEqual([t('auth:twoStep.codeInvalid')])

		// A new code once the interval has passed.
		await api.mock.advanceClock(61)
		const resent = await browser.post(TWO_STEP, '/auth/sign-in/two-step', { intent: 'send-email-code' })
		expect(resent.response.status).toBe(302)
		expect(locationOf(resent)).toBe('/auth/sign-in/two-step?method=email')
		expect(await api.emails(email)).toHaveLength(3)
		const fresh = await enterCode('email', (await api.lastEmail(email)).codes[0]!)
		expect(locationOf(fresh)).toBe('/')
	})

	test('an early resend is refused with a 429 and the wait, and sends nothing', async () => {
		await passwordStep(email)
		const early = await browser.post(TWO_STEP, '/auth/sign-in/two-step', { intent: 'send-email-code' })
		expect(early.response.status).toBe(429)
		expect(early.data).toMatchObject({ refused: true, resendInSeconds: expect.any(Number) })
		expect((early.data as { resendInSeconds: number }).resendInSeconds).toBeGreaterThan(50)
		expect((early.data as { resendInSeconds: number }).resendInSeconds).toBeLessThanOrEqual(60)
		expect(await api.emails(email)).toHaveLength(1)
	})

	test('started again within a minute of an unused code: no new code was sent, the page says so, and that code works', async () => {
		await passwordStep(email)
		const code = (await api.lastEmail(email)).codes[0]!
		await api.mock.clearRequests()
		const cancelled = await browser.post(TWO_STEP, '/auth/sign-in/two-step', { intent: 'cancel' })
		expect(locationOf(cancelled)).toBe('/auth/sign-in')
		await passwordStep(email)
		expect(await api.emails(email)).toHaveLength(1)
		const page = (await codePage()) as { emailCode: string; resendInSeconds: number }
		expect(page.emailCode).toBe('earlier')
		expect(page.resendInSeconds).toBeGreaterThan(0)
		expect(locationOf(await enterCode('email', code))).toBe('/')
	})
})

describe('sign-in with an authenticator app', () => {
	let email: string
	let secret: string
	beforeEach(async () => {
		email = uniqueEmail()
		secret = (await api.createUser({ email, totp: true })).totp_secret!
	})

	test('a wrong code is refused; the right one signs in; the same code again is spent, the next one works', async () => {
		await passwordStep(email)
		expect(browser.cookies.has('user.access-token')).toBe(false)
		const right = await codeNow(secret)
		const wrong = await enterCode('totp', right === '000000' ? '111111' : '000000')
		expect(wrong.response.status).toBe(422)
		expect(errors(wrong).code).toEqual([t('auth:twoStep.codeInvalid')])
		expect(locationOf(await enterCode('totp', right))).toBe('/')
		expect(browser.cookies.has(PENDING)).toBe(false)

		browser = await RouteBrowser.create()
		await passwordStep(email)
		const reused = await enterCode('totp', right)
		expect(reused.response.status).toBe(422)
		expect(errors(reused).code).toEqual([t('auth:twoStep.codeReused')])
		await api.mock.advanceClock(30)
		expect(locationOf(await enterCode('totp', await codeNow(secret)))).toBe('/')
	})

	test('opening the sign-in page during the code step does not end it', async () => {
		await passwordStep(email)
		await api.mock.clearRequests()
		// What a link on another site can make the browser do: a GET.
		const page = await browser.get(SIGN_IN, '/auth/sign-in')
		expect(page.response.status).toBe(200)
		expect(browser.cookies.has(PENDING)).toBe(true)
		expect(locationOf(await enterCode('totp', await codeNow(secret)))).toBe('/')
		expect(await revocations()).toEqual([])
	})

	test('cancelling revokes the pending sign-in; a new sign-in revokes a leftover one and goes on', async () => {
		await passwordStep(email)
		await api.mock.clearRequests()
		const cancelled = await browser.post(TWO_STEP, '/auth/sign-in/two-step', { intent: 'cancel' })
		expect(cancelled.response.status).toBe(302)
		expect(locationOf(cancelled)).toBe('/auth/sign-in')
		expect(browser.cookies.has(PENDING)).toBe(false)
		expect(await revocations()).toHaveLength(1)

		await passwordStep(email)
		await api.mock.clearRequests()
		await passwordStep(email)
		expect(await revocations()).toHaveLength(1)
		expect(locationOf(await enterCode('totp', await codeNow(secret)))).toBe('/')
	})

	test('a sealed cookie copied under another sealed cookie’s name is ignored', async () => {
		await passwordStep(email)
		const pendingSignIn = browser.cookies.get(PENDING)!
		expect(locationOf(await enterCode('totp', await codeNow(secret)))).toBe('/')

		// The pending sign-in as the email-code setup: no code counts as sent.
		browser.cookies.set('user.email-code-setup', pendingSignIn)
		const setup = await browser.get(EMAIL_SETUP, EMAIL_SETUP_PATH)
		expect(setup.response.status).toBe(200)
		expect(setup.data).toMatchObject({ emailCode: null, resendInSeconds: null })

		// The email-code setup as a pending sign-in: there is no second step to take.
		const sent = await browser.post(EMAIL_SETUP, EMAIL_SETUP_PATH, { intent: 'send' })
		expect(locationOf(sent)).toBe(EMAIL_SETUP_PATH)
		const emailCodeSetup = browser.cookies.get('user.email-code-setup')!
		expect(emailCodeSetup).not.toBe(pendingSignIn)
		browser = await RouteBrowser.create()
		browser.cookies.set(PENDING, emailCodeSetup)
		const { response } = await browser.get(TWO_STEP, '/auth/sign-in/two-step')
		expect(response.headers.get('location')).toBe('/auth/sign-in?notice=two-step-expired')
	})
})

describe('turning email codes on', () => {
	let email: string
	beforeEach(async () => {
		email = uniqueEmail()
		await api.createUser({ email })
		await browser.signIn(await api.signIn(email))
	})
	const send = () => browser.post(EMAIL_SETUP, EMAIL_SETUP_PATH, { intent: 'send' })
	const activate = (code: string) => browser.post(EMAIL_SETUP, EMAIL_SETUP_PATH, { intent: 'activate', code })
	const setupPage = async () =>
		(await browser.get(EMAIL_SETUP, EMAIL_SETUP_PATH)).data as { emailCode: string | null; resendInSeconds: number }

	test('where a code went out within the minute: no claim of a new one; then signing in at once gets its own code', async () => {
		expect(locationOf(await send())).toBe(EMAIL_SETUP_PATH)
		expect(await setupPage()).toMatchObject({ emailCode: 'sent', email })
		const code = (await api.lastEmail(email)).codes[0]!
		// As in another window of the same sign-in: the page has no record of that send.
		browser.cookies.delete('user.email-code-setup')
		expect(locationOf(await send())).toBe(EMAIL_SETUP_PATH)
		const page = await setupPage()
		expect(page.emailCode).toBe('earlier')
		expect(page.resendInSeconds).toBeGreaterThan(0)
		expect(await api.emails(email)).toHaveLength(1)
		const on = await activate(code)
		expect(locationOf(on)).toBe('/me/manage/security/multi-factor-authentication/recovery-codes')

		// The code used to turn the method on frees the next, which the sign-in sends.
		browser = await RouteBrowser.create()
		await passwordStep(email)
		const emails = await api.emails(email)
		expect(emails.map((mail) => mail.subject)).toEqual([
			'Your verification code',
			'Two-step authentication was turned on',
			'New recovery codes for your account',
			'Your sign-in code',
		])
		expect(locationOf(await enterCode('email', emails[3]!.codes[0]!))).toBe('/')
	})

	test('an expired code says so on its field, with no countdown: a new code goes at once and works', async () => {
		await send()
		const first = (await api.lastEmail(email)).codes[0]!
		await api.mock.advanceClock(10 * 60 + 1)
		const expired = await activate(first)
		expect(expired.response.status).toBe(422)
		expect(errors(expired).code).toEqual([t('auth:twoStep.codeExpired')])
		expect(expired.data).toMatchObject({ resendInSeconds: null })
		expect((await setupPage()).resendInSeconds).toBeNull()

		expect(locationOf(await send())).toBe(EMAIL_SETUP_PATH)
		expect(await api.emails(email)).toHaveLength(2)
		expect((await setupPage()).resendInSeconds).toBeGreaterThan(0)
		const on = await activate((await api.lastEmail(email)).codes[0]!)
		expect(locationOf(on)).toBe('/me/manage/security/multi-factor-authentication/recovery-codes')
	})
})
