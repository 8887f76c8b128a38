/**
 * Issue 31's answers (moved from e2e/first-week.spec.ts): the ways back without the authenticator (the email code,
 * the contact form signed out and what it refuses) and a second click on a confirmation link.
 */
import i18next from 'i18next'
import { beforeEach, describe, expect, test } from 'vitest'
import { CONTACT_EMAIL, PASSWORD, uniqueEmail } from '#tests/mock-api/helpers'
import { RouteBrowser, useRouteTestApi, type RouteAnswer } from '#tests/setup/routes'
import * as guestLayout from '#app/routes/_guest'
import * as signIn from '#app/routes/auth/sign-in'
import * as twoStep from '#app/routes/auth/two-step'
import * as contact from '#app/routes/contact'
import * as tokens from '#app/routes/tokens'

const api = useRouteTestApi()
const t = i18next.getFixedT('en-GB', ['auth', 'common', 'validation'])

type Reply = { result: { error: Record<string, string[]>; initialValue: Record<string, unknown> } }
const reply = (answer: RouteAnswer) => answer.data as Reply

let browser: RouteBrowser
beforeEach(async () => {
	browser = await RouteBrowser.create()
})

describe('point 11: a way back without the authenticator', () => {
	test('with both methods on, the code step asks for the authenticator and offers the email code', async () => {
		const email = uniqueEmail('both')
		await api.createUser({ email, totp: true, email_two_step: true })
		const password = await browser.post([guestLayout, signIn], '/auth/sign-in', { email, password: PASSWORD })
		expect(password.response.headers.get('location')).toBe('/auth/sign-in/two-step')
		const step = (query = '') => browser.get([guestLayout, twoStep], `/auth/sign-in/two-step${query}`)
		expect((await step()).data).toMatchObject({ methods: ['totp', 'email'], method: 'totp', email })
		// The link "Email me a code instead".
		expect((await step('?method=email')).data).toMatchObject({ method: 'email' })

		// "Contact us" from the step: the guest form, the address typed at sign-in offered.
		const page = await browser.get([contact], '/contact')
		expect(page.response.status).toBe(200)
		expect(page.data).toMatchObject({ guest: { email } })
	})

	describe('the contact form signed out', () => {
		/** The guest form's fields, its spam trap's among them, as the page renders them. */
		async function send(fields: Record<string, string>) {
			const { data } = await browser.get([contact], '/contact')
			const { honeypotProps } = (data as { guest: { honeypotProps: Record<string, string | undefined> } }).guest
			const trap: Record<string, string> = { [honeypotProps.nameFieldName!]: '' }
			if (honeypotProps.validFromFieldName && honeypotProps.encryptedValidFrom)
				trap[honeypotProps.validFromFieldName] = honeypotProps.encryptedValidFrom
			return browser.post([contact], '/contact', { ...trap, ...fields })
		}

		test('a bad address and no message: 400 on each field, what was typed kept, nothing sent', async () => {
			const answer = await send({ name: 'Ada Lovelace', email: 'not-an-email', subject: 'Lost my phone', message: '' })
			expect(answer.error).toBeUndefined()
			expect(answer.response.status).toBe(400)
			expect(reply(answer).result.error).toMatchObject({
				email: [t('validation:email')],
				message: [t('validation:required')],
			})
			expect(reply(answer).result.initialValue).toEqual(
				expect.objectContaining({ name: 'Ada Lovelace', subject: 'Lost my phone' }),
			)
			expect((await api.emails(CONTACT_EMAIL)).filter((m) => m.subject.includes('Lost my phone'))).toEqual([])
		})

		test('a complete message goes to the partner team, marked signed out, from the name and address given', async () => {
			const email = uniqueEmail('guest')
			const answer = await send({
				name: 'Ada Lovelace',
				email,
				subject: 'Lost my phone',
				message: 'My authenticator app was on the phone I lost.',
			})
			expect(answer.response.status).toBe(302)
			expect(answer.response.headers.get('location')).toBe('/contact')
			const mail = await api.lastEmail(CONTACT_EMAIL)
			expect(mail.subject).toBe('Contact (signed out): Lost my phone')
			expect(mail.text).toContain(`From: Ada Lovelace <${email}>`)
			expect(mail.text).toContain('My authenticator app was on the phone I lost.')
		})
	})
})

test('point 15: a second click on a confirmation link is a 200 that says the address is already confirmed', async () => {
	const email = uniqueEmail('twice')
	const registered = await api.send('POST', '/user-registrations', {
		body: {
			first_name: 'Grace',
			last_name: 'Hopper',
			company_name: 'Compilers Ltd',
			country: 'GB',
			locale: 'en-GB',
			email,
			password: PASSWORD,
			password_confirmation: PASSWORD,
		},
	})
	expect(registered.status).toBe(201)
	const link = (await api.lastEmail(email)).links.find((l) => l.includes('/tokens/email_verification/'))!
	const path = new URL(link).pathname
	const [, , type, token] = path.split('/')
	const follow = () => browser.get([tokens], path, { type: type!, token: token! })

	expect((await follow()).response.status).toBe(303)
	const again = await follow()
	expect(again.response.status).toBe(200)
	expect(again.data).toMatchObject({
		status: 'already',
		title: t('common:pageTitle', { title: t('auth:verification.alreadyTitle') }),
	})
})
