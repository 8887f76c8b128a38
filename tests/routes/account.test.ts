/**
 * What the account forms answer (moved from e2e/account.spec.ts and e2e/emails.spec.ts, issue 53): the change of
 * email (taken, wrong password, one email a minute), the change of password and its email, personal details, and
 * a page whose data the API fails to give.
 */
import i18next from 'i18next'
import { ApiError } from '#app/api/errors'
import { beforeEach, describe, expect, test } from 'vitest'
import { PASSWORD, uniqueEmail } from '#tests/mock-api/helpers'
import { type RouteBrowser, signedInBrowser, useRouteTestApi, type RouteAnswer } from '#tests/setup/routes'
import * as root from '#app/root'
import * as appLayout from '#app/routes/_app'
import * as accountLayout from '#app/routes/account/layout'
import * as emailPage from '#app/routes/account/email'
import * as passwordPage from '#app/routes/account/password'
import * as personalDetails from '#app/routes/account/personal-details'
import * as twoStepSettings from '#app/routes/account/two-step'

const api = useRouteTestApi()
const t = i18next.getFixedT('en-GB', ['common', 'account', 'validation'])
const EMAIL = [appLayout, accountLayout, emailPage]
const EMAIL_PATH = '/me/manage/security/email'
const PASSWORD_PAGE = [appLayout, accountLayout, passwordPage]
const PASSWORD_PATH = '/me/manage/security/password'
const DETAILS = [appLayout, accountLayout, personalDetails]
const DETAILS_PATH = '/me/manage/general/personal-details'
const NEW = 'Fresh-Password-2027'

type Reply = { result: { error: Record<string, string[]>; initialValue: Record<string, unknown> } }
const reply = (answer: RouteAnswer) => (answer.data as Reply).result
const locationOf = (answer: RouteAnswer) => answer.response.headers.get('location')
/** The writes the portal made to the partner's user. */
const userWrites = async () => (await api.mock.requests()).filter((r) => r.method === 'PATCH' && r.path === '/users/me')
const flashOf = async () =>
	((await browser.get([{ loader: root.loader as never }], '/')).data as { flash: { message: string } | null }).flash
		?.message ?? null

let browser: RouteBrowser
let email: string
beforeEach(async () => {
	;({ email, browser } = await signedInBrowser(api))
	await api.mock.clearRequests()
})

describe('change email', () => {
	const ask = (address: string, password = PASSWORD) =>
		browser.post(EMAIL, EMAIL_PATH, { email: address, current_password: password })

	test('an address another account has: a 422 that says so plainly on the field', async () => {
		const other = uniqueEmail('other')
		await api.createUser({ email: other })
		const taken = await ask(other)
		expect(taken.response.status).toBe(422)
		expect(reply(taken).error.email).toEqual([t('common:errors.emailTaken')])
		expect(JSON.stringify(taken.data)).not.toContain("doesn't exist")
		expect(await api.emails(other)).toEqual([])
	})

	test('a wrong password keeps the address, never the password; the right one sends the link and says so once', async () => {
		const next = uniqueEmail('new')
		const wrong = await ask(next, 'Wrong-Password-1')
		expect(wrong.response.status).toBe(422)
		expect(reply(wrong).error.current_password).toEqual([t('common:errors.passwordIncorrect')])
		expect(reply(wrong).initialValue).toEqual(expect.objectContaining({ email: next }))
		expect(reply(wrong).initialValue).not.toHaveProperty('current_password')
		expect(await api.emails(next)).toEqual([])

		const sent = await ask(next)
		expect(sent.response.status).toBe(302)
		expect(locationOf(sent)).toBe(EMAIL_PATH)
		expect((await api.lastEmail(next)).links.some((l) => l.includes('/tokens/email_change/'))).toBe(true)
		const page = await browser.get(EMAIL, EMAIL_PATH)
		expect(page.data).toMatchObject({ email, pendingEmail: next })
	})

	test('one confirmation email a minute to an address: the second ask is refused with the address kept', async () => {
		const next = uniqueEmail('twice')
		expect(locationOf(await ask(next))).toBe(EMAIL_PATH)
		const again = await ask(next)
		expect(again.response.status).toBe(429)
		expect(Object.values(reply(again).error).flat().join(' ')).toContain(
			'We sent an email to this address less than a minute ago. You can ask for another one in',
		)
		expect(reply(again).initialValue).toEqual(expect.objectContaining({ email: next }))
		expect(reply(again).initialValue).not.toHaveProperty('current_password')
		expect(await api.emails(next)).toHaveLength(1)
	})
})

describe('change password', () => {
	const change = (current: string, password: string) =>
		browser.post(PASSWORD_PAGE, PASSWORD_PATH, { current_password: current, password, password_confirmation: password })

	test('the current password again is no change: refused before the API is asked', async () => {
		const same = await change(PASSWORD, PASSWORD)
		expect(same.response.status).toBe(400)
		expect(Object.values(reply(same).error).flat()).toContain(t('validation:passwordUnchanged'))
		expect(await userWrites()).toEqual([])
	})

	test('a wrong current password is refused and sends no email; the right one goes home and emails a link to the page', async () => {
		const wrong = await change('Wrong-Password-1', NEW)
		expect(wrong.response.status).toBe(422)
		expect(reply(wrong).error.current_password).toEqual([t('common:errors.passwordIncorrect')])
		expect(JSON.stringify(wrong.data)).not.toContain(NEW)
		expect(await api.emails(email)).toEqual([])

		const changed = await change(PASSWORD, NEW)
		expect(changed.response.status).toBe(302)
		expect(locationOf(changed)).toBe('/')
		expect(await flashOf()).toBe(t('account:password.changed'))
		const mails = await api.emails(email)
		expect(mails.map((mail) => mail.links.map((link) => new URL(link).pathname))).toEqual([[PASSWORD_PATH]])
		expect((await api.signInRaw(email, PASSWORD)).status).toBe(422)
		expect((await api.signInRaw(email, NEW)).status).toBe(201)
	})
})

describe('personal details', () => {
	const save = (fields: Record<string, string>) =>
		browser.post(DETAILS, DETAILS_PATH, {
			first_name: 'Ada',
			last_name: 'Lovelace',
			company_name: 'Difference Engines Ltd',
			country: 'GB',
			locale: 'en-GB',
			...fields,
		})

	test('a first name left empty is refused on its field, the rest kept, and nothing is saved', async () => {
		const refused = await save({ first_name: '' })
		expect(refused.response.status).toBe(400)
		expect(reply(refused).error.first_name).toEqual([t('validation:required')])
		expect(reply(refused).initialValue).toEqual(expect.objectContaining({ company_name: 'Difference Engines Ltd' }))
		expect(await userWrites()).toEqual([])
	})

	test('a valid form is saved and says so', async () => {
		const saved = await save({ first_name: 'Augusta', country: 'IT' })
		expect(saved.response.status).toBe(302)
		expect(locationOf(saved)).toBe(DETAILS_PATH)
		expect(await flashOf()).toBe(t('account:personalDetails.saved'))
		expect(await userWrites()).toHaveLength(1)
		const { access } = await api.signIn(email)
		const me = (await api.call('getCurrentUser', { bearer: access })).body.data
		expect(me).toMatchObject({ first_name: 'Augusta', country: 'IT', company_name: 'Difference Engines Ltd' })
	})
})

test('a page whose data the API fails to give is a 500: the API failure goes to the error page', async () => {
	await api.mock.fault({ method: 'GET', path: '/user-authentications', status: 503, times: 5 })
	const path = '/me/manage/security/multi-factor-authentication'
	const { response, error } = await browser.get([appLayout, accountLayout, twoStepSettings], path)
	expect(response.status).toBe(500)
	expect(error).toBeInstanceOf(ApiError)
	expect(error).toMatchObject({ status: 503 })
})
