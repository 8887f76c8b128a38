/** Recovery codes in the portal (issue 56, decision 0039): shown once after turning two-step on, kept, used, renewed. */
import i18next from 'i18next'
import { beforeEach, expect, test } from 'vitest'
import { PASSWORD, uniqueEmail } from '#tests/mock-api/helpers'
import { RouteBrowser, signedInBrowser, useRouteTestApi, type RouteAnswer, type RouteModule } from '#tests/setup/routes'
import * as root from '#app/root'
import * as appLayout from '#app/routes/_app'
import * as guestLayout from '#app/routes/_guest'
import * as accountLayout from '#app/routes/account/layout'
import * as recoveryCodes from '#app/routes/account/recovery-codes'
import * as recoveryCodesTxt from '#app/routes/account/recovery-codes-txt'
import * as twoStepEmail from '#app/routes/account/two-step-email'
import * as signIn from '#app/routes/auth/sign-in'
import * as twoStep from '#app/routes/auth/two-step'

const api = useRouteTestApi()
const t = i18next.getFixedT('en-GB', ['account', 'auth', 'common'])
const PAGE = '/me/manage/security/multi-factor-authentication/recovery-codes'
const RECOVERY = [appLayout, accountLayout, recoveryCodes]
const TXT = [appLayout, accountLayout, recoveryCodesTxt]
const EMAIL_SETUP = [appLayout, accountLayout, twoStepEmail]
const EMAIL_SETUP_PATH = '/me/manage/security/multi-factor-authentication/email'
const ROOT: RouteModule = { loader: root.loader as RouteModule['loader'] }
type Page = { fresh: string[] | null; status: { remaining: number } | null }
const locationOf = (answer: RouteAnswer) => answer.response.headers.get('location')
const page = async (browser: RouteBrowser) => (await browser.get(RECOVERY, PAGE)).data as Page

let email: string
let browser: RouteBrowser
beforeEach(async () => {
	;({ email, browser } = await signedInBrowser(api))
})

/** Turns email codes on through the portal: the answer sends the partner to the new codes. */
async function turnOnEmailCodes() {
	await browser.post(EMAIL_SETUP, EMAIL_SETUP_PATH, { intent: 'send' })
	const code = (await api.lastEmail(email)).codes[0]!
	const on = await browser.post(EMAIL_SETUP, EMAIL_SETUP_PATH, { intent: 'activate', code })
	expect(locationOf(on)).toBe(PAGE)
	const { fresh } = await page(browser)
	expect(fresh).toHaveLength(10)
	return fresh!
}

test('turning two-step on shows ten codes until the partner says they kept them, as a page and a text file', async () => {
	const codes = await turnOnEmailCodes()
	const file = await browser.get(TXT, `${PAGE}.txt`)
	expect(file.response.headers.get('content-disposition')).toBe(
		'attachment; filename="partner-portal-recovery-codes.txt"',
	)
	expect(file.response.headers.get('cache-control')).toBe('private, no-store')
	const text = await file.response.text()
	for (const code of codes) expect(text).toContain(code)
	// Not ticked: the page asks for the box, and the codes stay on show.
	const unticked = await browser.post(RECOVERY, PAGE, { intent: 'kept' })
	expect(unticked.response.status).toBe(400)
	expect((await page(browser)).fresh).toEqual(codes)
	const kept = await browser.post(RECOVERY, PAGE, { intent: 'kept', kept: 'on' })
	expect(locationOf(kept)).toBe('/me/manage/security/multi-factor-authentication')
	expect(((await browser.get([ROOT], '/')).data as { flash: { message: string } }).flash.message).toBe(
		t('account:recoveryCodes.kept'),
	)
	expect(await page(browser)).toMatchObject({ fresh: null, status: { remaining: 10 } })
	expect((await browser.get(TXT, `${PAGE}.txt`)).response.status).toBe(404)
})

test('with two-step off there are no codes to show or make: the page says so', async () => {
	const answer = await browser.get(RECOVERY, PAGE)
	expect(answer.response.status).toBe(200)
	expect(answer.data).toMatchObject({ fresh: null, status: null })
	const refused = await browser.post(RECOVERY, PAGE, { intent: 'generate', password: PASSWORD })
	expect(refused.response.status).toBe(422)
	expect(JSON.stringify(refused.data)).toContain('Turn on two-step authentication first.')
})

test('a new set needs the password, shows new codes, and the old ones stop working', async () => {
	const codes = await turnOnEmailCodes()
	await browser.post(RECOVERY, PAGE, { intent: 'kept', kept: 'on' })
	const wrong = await browser.post(RECOVERY, PAGE, { intent: 'generate', password: 'Not-the-passw0rd!' })
	expect(wrong.response.status).toBe(422)
	expect(JSON.stringify(wrong.data)).toContain('The password is incorrect.')
	const renewed = await browser.post(RECOVERY, PAGE, { intent: 'generate', password: PASSWORD })
	expect(locationOf(renewed)).toBe(PAGE)
	const { fresh } = await page(browser)
	expect(fresh).toHaveLength(10)
	expect(fresh).not.toContain(codes[0])
})

test('the sign-in prompt takes a recovery code instead, once, and says how many are left', async () => {
	const codes = await turnOnEmailCodes()
	const guest = await RouteBrowser.create()
	const signedIn = await guest.post([guestLayout, signIn], '/auth/sign-in', { email, password: PASSWORD })
	expect(locationOf(signedIn)).toBe('/auth/sign-in/two-step')
	const prompt = (await guest.get([guestLayout, twoStep], '/auth/sign-in/two-step?method=recovery_code')).data
	expect(prompt).toMatchObject({ method: 'recovery_code', recoveryCodes: 10 })
	const path = '/auth/sign-in/two-step?method=recovery_code'
	const wrong = await guest.post([guestLayout, twoStep], path, { intent: 'recovery', code: 'aaaaa-bbbbb' })
	expect(wrong.response.status).toBe(422)
	expect(JSON.stringify(wrong.data)).toContain(t('auth:twoStep.codeInvalid'))
	const right = await guest.post([guestLayout, twoStep], path, { intent: 'recovery', code: codes[0]!.toUpperCase() })
	expect(locationOf(right)).toBe('/')
	expect(guest.cookies.has('user.access-token')).toBe(true)
	const home = (await guest.get([ROOT], '/')).data as { flash: { message: string } }
	expect(home.flash.message).toBe(t('auth:twoStep.recovery.signedIn', { count: 9 }))
})

test('new codes are for their partner only: in no answer but the page, not for another partner signing in here', async () => {
	await browser.post(EMAIL_SETUP, EMAIL_SETUP_PATH, { intent: 'send' })
	const code = (await api.lastEmail(email)).codes[0]!
	const on = await browser.post(EMAIL_SETUP, EMAIL_SETUP_PATH, { intent: 'activate', code })
	const { fresh: codes } = await page(browser)
	expect(codes).toHaveLength(10)
	// The answer that made them carries none (a redirect, its cookies sealed).
	const carried = [locationOf(on) ?? '', await on.response.text(), ...on.response.headers.getSetCookie()].join('\n')
	for (const made of codes!) expect(carried).not.toContain(made)

	const other = uniqueEmail()
	await api.createUser({ email: other })
	await browser.signIn(await api.signIn(other))
	expect(await page(browser)).toMatchObject({ fresh: null, status: null })
	expect((await browser.get(TXT, `${PAGE}.txt`)).response.status).toBe(404)
})

test('the API down while making a new set: 503 with a reference, the password never echoed, the old set kept', async () => {
	const codes = await turnOnEmailCodes()
	await browser.post(RECOVERY, PAGE, { intent: 'kept', kept: 'on' })
	await api.mock.fault({ method: 'POST', path: '/recovery-codes', status: 503 })
	const down = await browser.post(RECOVERY, PAGE, { intent: 'generate', password: PASSWORD })
	expect(down.response.status).toBe(503)
	expect((down.data as { result: { error: Record<string, string[]> } }).result.error['']).toEqual([
		t('common:errors.notSaved'),
		t('common:errors.reference', { requestId: down.response.headers.get('x-request-id') }),
	])
	expect(JSON.stringify(down.data)).not.toContain(PASSWORD)
	expect(await page(browser)).toMatchObject({ fresh: null, status: { remaining: 10 } })
	// The old set still signs in.
	const guest = await RouteBrowser.create()
	await guest.post([guestLayout, signIn], '/auth/sign-in', { email, password: PASSWORD })
	const path = '/auth/sign-in/two-step?method=recovery_code'
	expect(locationOf(await guest.post([guestLayout, twoStep], path, { intent: 'recovery', code: codes[0]! }))).toBe('/')
})
