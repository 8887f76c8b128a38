/**
 * What the sign-up form and the verification prompt's resend answer (moved from e2e/auth-sign-up.spec.ts): the
 * form's checks with what was typed kept (never a password), an address already taken, and a resend too soon.
 */
import i18next from 'i18next'
import { beforeEach, describe, expect, test } from 'vitest'
import { PASSWORD, uniqueEmail } from '#tests/mock-api/helpers'
import { RouteBrowser, useRouteTestApi, type RouteAnswer } from '#tests/setup/routes'
import { RequestSession } from '#app/auth/session.server'
import * as appLayout from '#app/routes/_app'
import * as guestLayout from '#app/routes/_guest'
import * as signUp from '#app/routes/auth/sign-up'
import * as verificationResend from '#app/routes/auth/verification-resend'

const api = useRouteTestApi()
const t = i18next.getFixedT('en-GB', ['common', 'validation'])
const SIGN_UP = [guestLayout, signUp]

type Reply = {
	result: { error: Record<string, string[]>; initialValue: Record<string, unknown> }
	emailTaken?: boolean
}
const reply = (answer: RouteAnswer) => answer.data as Reply

let browser: RouteBrowser
beforeEach(async () => {
	browser = await RouteBrowser.create()
})

describe('the sign-up form', () => {
	/** The form as the page renders it (its spam trap's fields among them), with `fields` typed in. */
	async function signUpWith(fields: Record<string, string>) {
		const { data } = await browser.get(SIGN_UP, '/auth/sign-up')
		const { honeypotProps } = data as { honeypotProps: Record<string, string | undefined> }
		const trap: Record<string, string> = { [honeypotProps.nameFieldName!]: '' }
		if (honeypotProps.validFromFieldName && honeypotProps.encryptedValidFrom)
			trap[honeypotProps.validFromFieldName] = honeypotProps.encryptedValidFrom
		return browser.post(SIGN_UP, '/auth/sign-up', { ...trap, country: 'GB', locale: 'en-GB', ...fields })
	}
	const registrations = async () => (await api.mock.requests()).filter((r) => r.path === '/user-registrations')

	test('a missing field and a weak password: 400, each on its field, what was typed kept but the passwords', async () => {
		await api.mock.clearRequests()
		const email = uniqueEmail('weak')
		const answer = await signUpWith({
			first_name: 'Grace',
			company_name: 'Compilers Ltd',
			email,
			password: 'weak',
			password_confirmation: 'weak',
		})
		expect(answer.error).toBeUndefined()
		expect(answer.response.status).toBe(400)
		const { error, initialValue } = reply(answer).result
		expect(error.last_name).toEqual([t('validation:required')])
		expect(error.password).toEqual(expect.arrayContaining([t('validation:minLength', { minimum: 10 })]))
		expect(initialValue).toEqual(expect.objectContaining({ first_name: 'Grace', email }))
		expect(initialValue).not.toHaveProperty('password')
		expect(initialValue).not.toHaveProperty('password_confirmation')
		// Refused before the API: nothing registered, nobody signed in.
		expect(await registrations()).toEqual([])
		expect(browser.cookies.has('user.access-token')).toBe(false)
	})

	test('an address already registered: 422 on the email field in plain words, no password echoed', async () => {
		const taken = uniqueEmail('taken')
		await api.createUser({ email: taken })
		const answer = await signUpWith({
			first_name: 'Grace',
			last_name: 'Hopper',
			company_name: 'Compilers Ltd',
			email: taken,
			password: PASSWORD,
			password_confirmation: PASSWORD,
		})
		expect(answer.error).toBeUndefined()
		expect(answer.response.status).toBe(422)
		// `emailTaken` makes the page offer sign-in and a reset.
		expect(reply(answer).emailTaken).toBe(true)
		expect(reply(answer).result.error.email).toEqual([t('common:errors.emailTaken')])
		expect(reply(answer).result.initialValue).toEqual(expect.objectContaining({ first_name: 'Grace', email: taken }))
		expect(reply(answer).result.initialValue).not.toHaveProperty('password')
		expect(reply(answer).result.initialValue).not.toHaveProperty('password_confirmation')
		expect(browser.cookies.has('user.access-token')).toBe(false)
	})

	test('a complete form registers, signs in and goes home, where the verification prompt waits', async () => {
		const email = uniqueEmail('new')
		const answer = await signUpWith({
			first_name: 'Grace',
			last_name: 'Hopper',
			company_name: 'Compilers Ltd',
			email,
			password: PASSWORD,
			password_confirmation: PASSWORD,
			country: 'DE',
			locale: 'de-DE',
		})
		expect(answer.response.status).toBe(302)
		expect(answer.response.headers.get('location')).toBe('/')
		expect(browser.cookies.has('user.access-token')).toBe(true)
		expect(browser.cookies.has('user.refresh-token')).toBe(true)
		expect((await api.lastEmail(email)).links.some((l) => l.includes('/tokens/email_verification/'))).toBe(true)
	})
})

describe('the verification email sent again', () => {
	const RESEND = [appLayout, verificationResend]
	/** The one-time message the page the redirect leads to shows. */
	const flash = async () =>
		(
			await RequestSession.fromRequest(
				new Request('http://127.0.0.1:3000/', { headers: { cookie: browser.cookieHeader } }),
			)
		).takeFlash()

	test('within the minute nothing is sent (back to the page with a message); a minute later it goes', async () => {
		const email = uniqueEmail('resend')
		await api.createUser({ email, verified: false })
		await browser.signIn(await api.signIn(email))
		const before = (await api.emails(email)).length

		const early = await browser.post(RESEND, '/auth/verification/resend', { redirect_to: '/contact' })
		expect(early.error).toBeUndefined()
		expect(early.response.status).toBe(302)
		expect(early.response.headers.get('location')).toBe('/contact')
		// The "too soon" message travels in the one-time cookie; the API sent nothing.
		expect(await flash()).toMatchObject({ tone: 'warning', key: 'auth:verification.resendTooSoon' })
		expect(await api.emails(email)).toHaveLength(before)

		await api.mock.advanceClock(61)
		const later = await browser.post(RESEND, '/auth/verification/resend', { redirect_to: '/contact' })
		expect(later.response.status).toBe(302)
		expect(later.response.headers.get('location')).toBe('/contact')
		expect(await flash()).toMatchObject({ tone: 'success', key: 'auth:verification.resent', values: { email } })
		expect(await api.emails(email)).toHaveLength(before + 1)
	})
})
