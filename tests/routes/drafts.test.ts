/**
 * What is kept of a form posted as the session ended (decision 0010; moved from e2e/session-expiry.spec.ts, issue
 * 53): the draft cookie, the sign-in that says why, and the root loader's draft and banner back on the page — for
 * the partner who typed it only, never a password, and not when too large.
 */
import i18next from 'i18next'
import { beforeEach, expect, test } from 'vitest'
import { PASSWORD, uniqueEmail } from '#tests/mock-api/helpers'
import { RouteBrowser, signedInBrowser, useRouteTestApi, type RouteModule } from '#tests/setup/routes'
import * as root from '#app/root'
import * as guestLayout from '#app/routes/_guest'
import * as appLayout from '#app/routes/_app'
import * as accountLayout from '#app/routes/account/layout'
import * as emailPage from '#app/routes/account/email'
import * as personalDetails from '#app/routes/account/personal-details'
import * as signOut from '#app/routes/auth/sign-out'
import * as signIn from '#app/routes/auth/sign-in'
import * as contact from '#app/routes/contact'

const api = useRouteTestApi()
const t = i18next.getFixedT('en-GB', ['common'])
const PAST_REFRESH_LIFETIME = 32 * 24 * 60 * 60
/** The root loader alone (its middleware runs first anyway): what every page gets, the draft and banner among it. */
const ROOT: RouteModule = { loader: root.loader as RouteModule['loader'] }
type RootData = { flash: { message: string } | null; draft: { values: Record<string, string> } | null }

let browser: RouteBrowser
let email: string
beforeEach(async () => {
	;({ email, browser } = await signedInBrowser(api))
	// A page seen signed in: the browser now knows whose drafts it may keep.
	expect((await browser.get([ROOT], '/contact')).response.status).toBe(200)
})

/** Posts `fields` to `path` once the session has ended: the sign-in it is sent to. */
async function postAfterExpiry(modules: RouteModule[], path: string, fields: Record<string, string>) {
	await api.mock.advanceClock(PAST_REFRESH_LIFETIME)
	const { response } = await browser.post(modules, path, fields)
	expect(response.status).toBe(302)
	return response.headers.get('location')!
}

async function signInAs(address: string, location: string) {
	const { response } = await browser.post([guestLayout, signIn], location, { email: address, password: PASSWORD })
	expect(response.status).toBe(302)
	return response.headers.get('location')!
}

test('a contact message typed as the session expired comes back after signing in, once', async () => {
	const fields = { subject: 'Webhooks', message: 'Our endpoint stopped receiving events yesterday.' }
	const location = await postAfterExpiry([contact], '/contact', fields)
	expect(location).toBe('/auth/sign-in?notice=session-expired&redirect_to=%2Fcontact')
	expect(browser.cookies.has('user.form-draft')).toBe(true)
	expect(await signInAs(email, location)).toBe('/contact')
	const back = (await browser.get([ROOT], '/contact')).data as RootData
	expect(back.draft?.values).toEqual(expect.objectContaining(fields))
	expect(back.flash?.message).toBe(t('common:draft.restored'))
	expect(browser.cookies.has('user.form-draft')).toBe(false)
	expect(((await browser.get([ROOT], '/contact')).data as RootData).draft).toBeNull()
})

test('another partner signing in on the browser never sees the draft, which is dropped unread', async () => {
	const location = await postAfterExpiry([contact], '/contact', {
		subject: 'Confidential: our merger',
		message: 'Only for the first partner.',
	})
	expect(browser.cookies.has('user.form-draft')).toBe(true)
	const other = uniqueEmail('other')
	await api.createUser({ email: other })
	expect(await signInAs(other, location)).toBe('/contact')
	const page = await browser.get([ROOT], '/contact')
	expect((page.data as RootData).draft).toBeNull()
	expect(JSON.stringify(page.data)).not.toContain('Confidential: our merger')
	expect(browser.cookies.has('user.form-draft')).toBe(false)
})

test('a draft never keeps a password', async () => {
	const path = '/me/manage/security/email'
	const location = await postAfterExpiry([appLayout, accountLayout, emailPage], path, {
		email: `new-${email}`,
		current_password: PASSWORD,
	})
	expect(await signInAs(email, location)).toBe(path)
	const { draft } = (await browser.get([ROOT], path)).data as RootData
	expect(draft?.values).toEqual(expect.objectContaining({ email: `new-${email}` }))
	expect(draft?.values).not.toHaveProperty('current_password')
	expect(JSON.stringify(draft)).not.toContain(PASSWORD)
})

test('a draft too large to keep is dropped, and the partner is told', async () => {
	const location = await postAfterExpiry([contact], '/contact', {
		subject: 'A long story',
		message: 'All work and no play. '.repeat(200),
	})
	expect(browser.cookies.has('user.form-draft')).toBe(false)
	const signInPage = (await browser.get([ROOT], location)).data as RootData
	expect(signInPage.flash?.message).toBe(t('common:draft.dropped'))
	expect(await signInAs(email, location)).toBe('/contact')
	expect(((await browser.get([ROOT], '/contact')).data as RootData).draft).toBeNull()
})

// Issue 55, point 13 (decision 0038): JavaScript off, a page left open in one tab and a sign-out in another.
test('a form sent from a tab opened before signing out elsewhere goes to sign-in, says why, and comes back', async () => {
	const path = '/me/manage/general/personal-details'
	const modules = [appLayout, accountLayout, personalDetails]
	const fields = { name: 'Ada Lovelace', company_name: 'Analytical Engines' }
	const staleToken = browser.csrfToken
	expect((await browser.post([appLayout, signOut], '/auth/sign-out', {})).response.status).toBe(302)
	await browser.get([ROOT], '/auth/sign-in')
	const sent = await browser.post(modules, path, { ...fields, csrf: staleToken })
	expect(sent.response.status).toBe(302)
	const location = sent.response.headers.get('location')!
	expect(location).toBe(`/auth/sign-in?notice=signed-out-elsewhere&redirect_to=${encodeURIComponent(path)}`)
	expect(await signInAs(email, location)).toBe(path)
	const { draft } = (await browser.get([ROOT], path)).data as RootData
	expect(draft?.values).toEqual(expect.objectContaining(fields))
})

test('a stale token is still a 403 when the browser does not say the form was ours, or nobody signed out', async () => {
	const path = '/me/manage/general/personal-details'
	const modules = [appLayout, accountLayout, personalDetails]
	const staleToken = browser.csrfToken
	await browser.post([appLayout, signOut], '/auth/sign-out', {})
	const body = new URLSearchParams({ name: 'Mallory', csrf: staleToken }).toString()
	const crossSite = await browser.postRaw(modules, path, { body, contentType: 'application/x-www-form-urlencoded' })
	expect(crossSite.response.status).toBe(403)
	expect(browser.cookies.has('user.form-draft')).toBe(false)
	const stranger = await RouteBrowser.create()
	const fresh = await stranger.post(modules, path, { name: 'Mallory', csrf: 'x'.repeat(43) })
	expect(fresh.response.status).toBe(403)
})
