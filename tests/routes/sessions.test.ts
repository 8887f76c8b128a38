/** The sessions page (issue 56, decision 0040): where the account is signed in, and signing the others out. */
import i18next from 'i18next'
import { beforeEach, expect, test } from 'vitest'
import { uniqueEmail } from '#tests/mock-api/helpers'
import { RouteBrowser, signedInBrowser, useRouteTestApi, type RouteModule } from '#tests/setup/routes'
import * as root from '#app/root'
import * as appLayout from '#app/routes/_app'
import * as accountLayout from '#app/routes/account/layout'
import * as sessions from '#app/routes/account/sessions'

const api = useRouteTestApi()
const t = i18next.getFixedT('en-GB', ['account', 'common', 'sessions'])
const PAGE = '/me/manage/security/sessions'
const SESSIONS = [appLayout, accountLayout, sessions]
const ROOT: RouteModule = { loader: root.loader as RouteModule['loader'] }
type Page = { sessions: Array<{ id: string; current: boolean; agent: unknown }>; more: boolean }

let email: string
let browser: RouteBrowser
let other: { access: string }
beforeEach(async () => {
	;({ email, browser } = await signedInBrowser(api))
	other = await api.signIn(email)
})

const page = async () => (await browser.get(SESSIONS, PAGE)).data as Page
const flash = async () => ((await browser.get([ROOT], '/')).data as { flash: { message: string } | null }).flash
const otherIsLive = async () => (await api.call('getCurrentUser', { bearer: other.access })).status === 200

test('the page lists both sessions, this one marked; signing the other out ends it in the API and says so', async () => {
	const { sessions: list } = await page()
	expect(list.map((session) => session.current)).toEqual([true, false])
	const answer = await browser.post(SESSIONS, PAGE, { intent: 'end', session: list[1]!.id })
	expect(answer.response.status).toBe(302)
	expect(answer.response.headers.get('location')).toBe(PAGE)
	expect(await otherIsLive()).toBe(false)
	expect((await flash())?.message).toBe(t('sessions:ended'))
	expect((await page()).sessions).toHaveLength(1)
	expect((await api.lastEmail(email)).subject).toBe('A session of your account was ended')
})

test('"Sign out everywhere else" keeps this session and counts the others', async () => {
	await api.signIn(email)
	const answer = await browser.post(SESSIONS, PAGE, { intent: 'end-others' })
	expect(answer.response.headers.get('location')).toBe(PAGE)
	expect((await flash())?.message).toBe(t('sessions:othersEnded', { count: 2 }))
	expect(await otherIsLive()).toBe(false)
	expect((await page()).sessions.map((session) => session.current)).toEqual([true])
	await browser.post(SESSIONS, PAGE, { intent: 'end-others' })
	expect((await flash())?.message).toBe(t('sessions:noOthers'))
})

test('a session already ended (another tab) says so; one of another account is not touched', async () => {
	const { sessions: list } = await page()
	await browser.post(SESSIONS, PAGE, { intent: 'end', session: list[1]!.id })
	await flash()
	const again = await browser.post(SESSIONS, PAGE, { intent: 'end', session: list[1]!.id })
	expect(again.response.headers.get('location')).toBe(PAGE)
	expect((await flash())?.message).toBe(t('sessions:alreadyEnded'))
	const stranger = uniqueEmail()
	await api.createUser({ email: stranger })
	const theirs = await api.signIn(stranger)
	const id = (await api.call('listSessions', { bearer: theirs.access })).body.data[0].id as string
	await browser.post(SESSIONS, PAGE, { intent: 'end', session: id })
	expect((await api.call('getCurrentUser', { bearer: theirs.access })).status).toBe(200)
})

test('a form the page never sends is 400; the API down keeps the page with a reference', async () => {
	const forms: Record<string, string>[] = [
		{ intent: 'end' },
		{ intent: 'end', session: 'x'.repeat(500) },
		{ intent: 'other' },
	]
	for (const form of forms) {
		expect((await browser.post(SESSIONS, PAGE, form)).response.status).toBe(400)
	}
	await api.mock.fault({ method: 'POST', path: '/users/me/sessions/end-others', status: 503 })
	const down = await browser.post(SESSIONS, PAGE, { intent: 'end-others' })
	expect(down.response.status).toBe(503)
	expect(JSON.stringify(down.data)).toContain(t('common:errors.notSaved'))
	expect(await otherIsLive()).toBe(true)
})

test('the next request of a browser whose session was ended goes to sign-in', async () => {
	const elsewhere = await RouteBrowser.create()
	await elsewhere.signIn(await api.signIn(email))
	expect((await elsewhere.get(SESSIONS, PAGE)).response.status).toBe(200)
	await browser.post(SESSIONS, PAGE, { intent: 'end-others' })
	const next = await elsewhere.get(SESSIONS, PAGE)
	expect(next.response.status).toBe(302)
	expect(next.response.headers.get('location')).toMatch(/^\/auth\/sign-in\?/)
})
