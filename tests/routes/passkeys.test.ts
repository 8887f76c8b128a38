/** Passkeys in the portal (issue 56, decision 0041): added after the identity step, used at the two-step prompt. */
import i18next from 'i18next'
import { beforeEach, expect, test } from 'vitest'
import { PASSWORD, PORTAL_URL } from '#tests/mock-api/helpers'
import { SoftwarePasskey } from '#tests/mock-api/webauthn-authenticator'
import { RouteBrowser, signedInBrowser, useRouteTestApi, type RouteAnswer, type RouteModule } from '#tests/setup/routes'
import { passkeyRules } from '#app/api/contract/constants'
import type { PasskeyCreationOptions, PasskeyRequestOptions } from '#app/api/contract/passkeys'
import * as root from '#app/root'
import * as appLayout from '#app/routes/_app'
import * as guestLayout from '#app/routes/_guest'
import * as accountLayout from '#app/routes/account/layout'
import * as passkeyNew from '#app/routes/account/passkey-new'
import * as passkeyRemove from '#app/routes/account/passkey-remove'
import * as twoStepPage from '#app/routes/account/two-step'
import * as twoStepEmail from '#app/routes/account/two-step-email'
import * as signIn from '#app/routes/auth/sign-in'
import * as twoStep from '#app/routes/auth/two-step'

const api = useRouteTestApi()
const t = i18next.getFixedT('en-GB', ['account', 'auth', 'common', 'identity', 'passkeys'])
const TWO_STEP = '/me/manage/security/multi-factor-authentication'
const NEW = `${TWO_STEP}/passkeys/new`
const ADD = [appLayout, accountLayout, passkeyNew]
const REMOVE = [appLayout, accountLayout, passkeyRemove]
const OVERVIEW = [appLayout, accountLayout, twoStepPage]
const PROMPT = [guestLayout, twoStep]
const ROOT: RouteModule = { loader: root.loader as RouteModule['loader'] }
const locationOf = (answer: RouteAnswer) => answer.response.headers.get('location')
const flash = async (browser: RouteBrowser) =>
	((await browser.get([ROOT], '/')).data as { flash: { message: string } | null }).flash?.message

let email: string
let browser: RouteBrowser
/** A new partner, signed in, who turned email codes on through the portal. */
async function partnerWithEmailCodes() {
	const partner = await signedInBrowser(api)
	const setup = [appLayout, accountLayout, twoStepEmail]
	await partner.browser.post(setup, `${TWO_STEP}/email`, { intent: 'send' })
	const code = (await api.lastEmail(partner.email)).codes[0]!
	await partner.browser.post(setup, `${TWO_STEP}/email`, { intent: 'activate', code })
	return partner
}
beforeEach(async () => {
	;({ email, browser } = await partnerWithEmailCodes())
})

/** The password and the browser's ceremony: the answer to posting the new passkey. */
async function addPasskey(passkey: SoftwarePasskey, { origin = PORTAL_URL, name = '' } = {}) {
	expect((await browser.get(ADD, NEW)).data).toMatchObject({ twoStepOn: true, identityConfirmed: false })
	const options = await browser.post(ADD, NEW, { intent: 'options', name, password: PASSWORD })
	const { passkeyOptions } = options.data as { passkeyOptions: PasskeyCreationOptions }
	const credential = JSON.stringify(passkey.create(passkeyOptions, origin))
	return browser.post(ADD, NEW, { intent: 'create', name, credential })
}

test('a passkey is added after the identity step, named after the browser when left unnamed, and listed', async () => {
	// The options only for who the partner is: a wrong password, or none before a confirmation, gets none.
	const wrong = await browser.post(ADD, NEW, { intent: 'options', name: '', password: 'Not-the-passw0rd!' })
	expect(wrong.response.status).toBe(422)
	expect(wrong.data).not.toHaveProperty('passkeyOptions')
	expect((await browser.post(ADD, NEW, { intent: 'options', name: '' })).response.status).toBe(403)
	const added = await addPasskey(new SoftwarePasskey())
	expect(locationOf(added)).toBe(TWO_STEP)
	expect(await flash(browser)).toBe(t('passkeys:addedFlash', { name: t('passkeys:defaultName') }))
	const page = (await browser.get(OVERVIEW, TWO_STEP)).data as { passkeys: Array<{ name: string }> }
	expect(page.passkeys.map((passkey) => passkey.name)).toEqual([t('passkeys:defaultName')])
	expect((await api.lastEmail(email)).subject).toBe('A passkey was added to your account')
})

test('a credential from another origin, or not a credential at all, is refused with the page kept', async () => {
	const phished = await addPasskey(new SoftwarePasskey(), { origin: 'https://portal.test.evil.example', name: 'Mine' })
	expect(phished.response.status).toBe(422)
	expect(JSON.stringify(phished.data)).toContain('The passkey could not be verified.')
	for (const credential of ['not json', '{"id":"x"}', 'x'.repeat(40_000)]) {
		const junk = await browser.post(ADD, NEW, { intent: 'create', name: 'Mine', credential })
		expect(junk.response.status).toBe(400)
	}
})

test('the two-step prompt offers the passkey first and signs in with it; another passkey is refused', async () => {
	const passkey = new SoftwarePasskey()
	await addPasskey(passkey, { name: 'Work laptop' })
	const guest = await RouteBrowser.create()
	expect(locationOf(await guest.post([guestLayout, signIn], '/auth/sign-in', { email, password: PASSWORD }))).toBe(
		'/auth/sign-in/two-step',
	)
	expect((await guest.get(PROMPT, '/auth/sign-in/two-step')).data).toMatchObject({ method: 'passkey', passkeys: 1 })
	const ask = async () =>
		(
			(await guest.post(PROMPT, '/auth/sign-in/two-step', { intent: 'passkey-options' })).data as {
				passkeyOptions: PasskeyRequestOptions
			}
		).passkeyOptions
	const stranger = new SoftwarePasskey().get(await ask(), PORTAL_URL, 'portal.test')
	const refused = await guest.post(PROMPT, '/auth/sign-in/two-step', {
		intent: 'passkey',
		credential: JSON.stringify(stranger),
	})
	expect(refused.response.status).toBe(422)
	expect(JSON.stringify(refused.data)).toContain(t('auth:twoStep.passkey.invalid'))
	// A signed answer is never sent back, as a code is not.
	expect(JSON.stringify(refused.data)).not.toContain(stranger.response.signature)
	const right = await guest.post(PROMPT, '/auth/sign-in/two-step', {
		intent: 'passkey',
		credential: JSON.stringify(passkey.get(await ask(), PORTAL_URL)),
	})
	expect(locationOf(right)).toBe('/')
	expect(guest.cookies.has('user.access-token')).toBe(true)
})

test('removing asks who it is, then removes; an unknown passkey is 404', async () => {
	await addPasskey(new SoftwarePasskey(), { name: 'Old phone' })
	const { passkeys } = (await browser.get(OVERVIEW, TWO_STEP)).data as { passkeys: Array<{ id: string }> }
	const params = { passkeyId: passkeys[0]!.id }
	const path = `${TWO_STEP}/passkeys/${params.passkeyId}/remove`
	expect((await browser.get(REMOVE, path, params)).data).toMatchObject({
		heading: t('passkeys:remove.title', { name: 'Old phone' }),
	})
	const removed = await browser.post(REMOVE, path, { identity_method: 'confirmed' }, params)
	expect(locationOf(removed)).toBe(TWO_STEP)
	expect(await flash(browser)).toBe(t('passkeys:remove.done'))
	expect((await browser.get(REMOVE, path, params)).response.status).toBe(404)
})

test('the API down while asking for options or keeping the passkey: 503 with a reference, the name kept, no password', async () => {
	await api.mock.fault({ method: 'POST', path: '/passkeys/registration-options', status: 503 })
	const down = await browser.post(ADD, NEW, { intent: 'options', name: 'Work laptop', password: PASSWORD })
	expect(down.response.status).toBe(503)
	const text = JSON.stringify(down.data)
	expect(text).toContain(t('common:errors.notSaved'))
	expect(text).toContain('Work laptop')
	expect(text).not.toContain(PASSWORD)
	const options = await browser.post(ADD, NEW, { intent: 'options', name: 'Work laptop' })
	const { passkeyOptions } = options.data as { passkeyOptions: PasskeyCreationOptions }
	await api.mock.fault({ method: 'POST', path: '/passkeys', status: 503 })
	const credential = JSON.stringify(new SoftwarePasskey().create(passkeyOptions, PORTAL_URL))
	const keeping = await browser.post(ADD, NEW, { intent: 'create', name: 'Work laptop', credential })
	expect(keeping.response.status).toBe(503)
	expect(JSON.stringify(keeping.data)).toContain(t('common:errors.notSaved'))
	expect(JSON.stringify(keeping.data)).toContain('Work laptop')
	expect(JSON.stringify(keeping.data)).not.toContain(JSON.parse(credential).response.attestationObject)
})

const listed = async (who = browser) =>
	((await who.get(OVERVIEW, TWO_STEP)).data as { passkeys: Array<{ id: string; name: string }> }).passkeys

test('at ten passkeys the options are refused with the limit and no challenge; removing one makes room', async () => {
	expect(locationOf(await addPasskey(new SoftwarePasskey(), { name: 'Key 1' }))).toBe(TWO_STEP)
	// The identity confirmed by the first: the options without the password, then the ceremony.
	for (let n = 2; n <= passkeyRules.perAccountMax; n++) {
		const options = await browser.post(ADD, NEW, { intent: 'options', name: `Key ${n}` })
		const { passkeyOptions } = options.data as { passkeyOptions: PasskeyCreationOptions }
		const credential = JSON.stringify(new SoftwarePasskey().create(passkeyOptions, PORTAL_URL))
		const added = await browser.post(ADD, NEW, { intent: 'create', name: `Key ${n}`, credential })
		expect(locationOf(added), `passkey ${n}`).toBe(TWO_STEP)
	}
	expect(await listed()).toHaveLength(passkeyRules.perAccountMax)
	const full = await browser.post(ADD, NEW, { intent: 'options', name: 'One more' })
	expect(full.response.status).toBe(422)
	expect(full.data).not.toHaveProperty('passkeyOptions')
	expect(JSON.stringify(full.data)).toContain(`You have ${passkeyRules.perAccountMax} passkeys. Remove one first.`)
	const [oldest] = await listed()
	const params = { passkeyId: oldest!.id }
	await browser.post(
		REMOVE,
		`${TWO_STEP}/passkeys/${params.passkeyId}/remove`,
		{ identity_method: 'confirmed' },
		params,
	)
	const room = await browser.post(ADD, NEW, { intent: 'options', name: 'One more' })
	expect(room.response.status).toBe(200)
	expect(room.data).toHaveProperty('passkeyOptions')
})

test("removing with a wrong password is 422 on its field, never echoed, the passkey kept; another partner's is a 404", async () => {
	await addPasskey(new SoftwarePasskey(), { name: 'Theirs' })
	const theirs = { browser, passkeyId: (await listed())[0]!.id }
	;({ email, browser } = await partnerWithEmailCodes())
	await addPasskey(new SoftwarePasskey(), { name: 'Mine' })
	const mine = (await listed())[0]!.id
	const removePath = (id: string) => `${TWO_STEP}/passkeys/${id}/remove`

	const wrong = await browser.post(
		REMOVE,
		removePath(mine),
		{ identity_method: 'password', password: 'Not-the-passw0rd!' },
		{ passkeyId: mine },
	)
	expect(wrong.response.status).toBe(422)
	expect((wrong.data as { result: { error: Record<string, string[]> } }).result.error).toEqual({
		password: [t('common:errors.passwordIncorrect')],
	})
	expect(JSON.stringify(wrong.data)).not.toContain('Not-the-passw0rd!')
	expect((await listed()).map((passkey) => passkey.name)).toEqual(['Mine'])

	const params = { passkeyId: theirs.passkeyId }
	const page = await browser.get(REMOVE, removePath(theirs.passkeyId), params)
	expect(page.error).toBeUndefined()
	expect(page.response.status).toBe(404)
	const posted = await browser.post(
		REMOVE,
		removePath(theirs.passkeyId),
		{ identity_method: 'password', password: PASSWORD },
		params,
	)
	expect(posted.error).toBeUndefined()
	expect(posted.response.status).toBe(404)
	expect((await listed(theirs.browser)).map((passkey) => passkey.name)).toEqual(['Theirs'])
	expect((await listed()).map((passkey) => passkey.name)).toEqual(['Mine'])
})
