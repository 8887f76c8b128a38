/**
 * What the two-step settings answer (issue 56): the authenticator app's setup (a secret only for the portal's own
 * requests, kept across wrong codes, on to the recovery codes) and turning a method off (the password first, never
 * echoed; then the other sessions end).
 */
import i18next from 'i18next'
import { beforeEach, expect, test } from 'vitest'
import { PASSWORD } from '#tests/mock-api/helpers'
import { totp } from '#tests/mock-api/totp'
import { signedInBrowser, useRouteTestApi, type RouteBrowser, type RouteModule } from '#tests/setup/routes'
import * as root from '#app/root'
import * as appLayout from '#app/routes/_app'
import * as accountLayout from '#app/routes/account/layout'
import * as twoStepPage from '#app/routes/account/two-step'
import * as twoStepEmail from '#app/routes/account/two-step-email'
import * as twoStepTotp from '#app/routes/account/two-step-totp'

const api = useRouteTestApi()
const t = i18next.getFixedT('en-GB', ['account', 'common'])
const OVERVIEW_PATH = '/me/manage/security/multi-factor-authentication'
const TOTP_PATH = `${OVERVIEW_PATH}/totp`
const OVERVIEW = [appLayout, accountLayout, twoStepPage]
const TOTP = [appLayout, accountLayout, twoStepTotp]
const ROOT: RouteModule = { loader: root.loader as RouteModule['loader'] }
type Setup = { setup: { uri: string; key: string } | null }
type Reply = { result: { error: Record<string, string[]> } }

let email: string
let browser: RouteBrowser
beforeEach(async () => {
	;({ email, browser } = await signedInBrowser(api))
})

const flash = async () =>
	((await browser.get([ROOT], '/')).data as { flash: { message: string } | null }).flash?.message
/** The setup page as the browser asks for it: `site` is its `Sec-Fetch-Site`. */
const setupPage = async (site: string) =>
	(await browser.get(TOTP, TOTP_PATH, {}, { 'sec-fetch-site': site })).data as Setup
const pendingSecrets = async () => {
	const path = `/user-authentications/authentication-type-id/${await api.typeId('totp')}/secret`
	return (await api.mock.requests()).filter((request) => request.method === 'POST' && request.path === path)
}

test('the authenticator setup: a secret only for the portal’s own requests, kept across a wrong code; the right one leads to the codes', async () => {
	await api.mock.clearRequests()
	// Another site's link: the start button, and nothing created.
	expect(await setupPage('cross-site')).toMatchObject({ setup: null })
	expect(await pendingSecrets()).toEqual([])
	const { setup } = await setupPage('same-origin')
	expect(setup?.uri).toMatch(/^otpauth:\/\/totp\//)
	const secret = new URL(setup!.uri).searchParams.get('secret')!
	expect(setup!.key.replace(/\s/g, '')).toBe(secret)

	const right = totp(secret, await api.now())
	const wrong = right === '000000' ? '111111' : '000000'
	const refused = await browser.post(TOTP, TOTP_PATH, { code: wrong })
	expect(refused.response.status).toBe(422)
	expect((refused.data as Reply).result.error).toEqual({ code: ['The code is invalid.'] })
	// The same secret after the wrong code and a reload, asked of the API once.
	expect((await setupPage('same-origin')).setup?.key).toBe(setup!.key)
	expect(await pendingSecrets()).toHaveLength(1)

	const on = await browser.post(TOTP, TOTP_PATH, { code: right })
	expect(on.response.headers.get('location')).toBe(`${OVERVIEW_PATH}/recovery-codes`)
	expect(await flash()).toBe(t('account:twoStep.enabled', { method: t('account:twoStep.totp') }))
	// On now: the setup page goes to the overview, and its start button too.
	const again = await browser.get(TOTP, TOTP_PATH)
	expect(again.response.headers.get('location')).toBe(OVERVIEW_PATH)
	const start = await browser.post(TOTP, TOTP_PATH, { intent: 'start' })
	expect(start.response.headers.get('location')).toBe(OVERVIEW_PATH)
})

test('turning a method off: a wrong password is 422 on its field, never echoed, still on; the right one ends the other sessions', async () => {
	const other = await api.signIn(email)
	const setup = [appLayout, accountLayout, twoStepEmail]
	await browser.post(setup, `${OVERVIEW_PATH}/email`, { intent: 'send' })
	await browser.post(setup, `${OVERVIEW_PATH}/email`, {
		intent: 'activate',
		code: (await api.lastEmail(email)).codes[0]!,
	})
	const overview = async () =>
		(await browser.get(OVERVIEW, OVERVIEW_PATH)).data as { on: string[]; recoveryCodes: unknown }
	expect(await overview()).toMatchObject({ on: ['email'], recoveryCodes: { remaining: 10 } })
	const otherIsLive = async () => (await api.call('getCurrentUser', { bearer: other.access })).status === 200

	const wrong = await browser.post(OVERVIEW, OVERVIEW_PATH, { method: 'email', password: 'Not-the-passw0rd!' })
	expect(wrong.response.status).toBe(422)
	expect((wrong.data as Reply).result.error).toEqual({ password: [t('common:errors.passwordIncorrect')] })
	expect(JSON.stringify(wrong.data)).not.toContain('Not-the-passw0rd!')
	expect(await overview()).toMatchObject({ on: ['email'] })
	expect(await otherIsLive()).toBe(true)

	const right = await browser.post(OVERVIEW, OVERVIEW_PATH, { method: 'email', password: PASSWORD })
	expect(right.response.headers.get('location')).toBe(OVERVIEW_PATH)
	expect(await flash()).toBe(t('account:twoStep.disabled', { method: t('account:twoStep.email') }))
	// The last method off: no codes any more, and every other session ended; this one goes on.
	expect(await overview()).toMatchObject({ on: [], recoveryCodes: null })
	expect(await otherIsLive()).toBe(false)
})
