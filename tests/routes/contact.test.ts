/**
 * What the contact page answers, signed in and out (moved from e2e/account.spec.ts and e2e/first-week.spec.ts,
 * issue 53): the forms it offers, the limits of the partner API with what was typed kept, and the spam trap.
 */
import i18next from 'i18next'
import { beforeEach, describe, expect, test } from 'vitest'
import { limits, rateLimits } from '#app/api/contract/constants'
import { CONTACT_EMAIL, uniqueEmail } from '#tests/mock-api/helpers'
import { RouteBrowser, useRouteTestApi, type RouteAnswer, type RouteModule } from '#tests/setup/routes'
import * as root from '#app/root'
import * as contact from '#app/routes/contact'

const api = useRouteTestApi()
const t = i18next.getFixedT('en-GB', ['account', 'common', 'validation'])
const ROOT: RouteModule = { loader: root.loader as RouteModule['loader'] }

type Reply = { result: { error: Record<string, string[]>; initialValue: Record<string, unknown> } }
const reply = (answer: RouteAnswer) => answer.data as Reply
const RATE_LIMITED = t('common:errors.rateLimited', { time: '' }).replace(/\.$/, '').trim()

let browser: RouteBrowser
beforeEach(async () => {
	browser = await RouteBrowser.create()
})

describe('signed in', () => {
	let email: string
	beforeEach(async () => {
		email = uniqueEmail()
		await api.createUser({ email })
		await browser.signIn(await api.signIn(email))
	})

	test('the page asks no name or address', async () => {
		const { response, data } = await browser.get([contact], '/contact')
		expect(response.status).toBe(200)
		expect(data).toMatchObject({ guest: null, contactEmail: CONTACT_EMAIL })
	})

	test('no message and a subject too long: 400 on each field, what was typed kept, nothing sent; then it goes, once', async () => {
		const long = 'S'.repeat(limits.contactSubjectMax + 1)
		const refused = await browser.post([contact], '/contact', { subject: long, message: '' })
		expect(refused.error).toBeUndefined()
		expect(refused.response.status).toBe(400)
		expect(reply(refused).result.error).toEqual({
			subject: [t('validation:maxLength', { maximum: limits.contactSubjectMax })],
			message: [t('validation:required')],
		})
		expect(reply(refused).result.initialValue).toEqual(expect.objectContaining({ subject: long }))
		expect(await api.emails(CONTACT_EMAIL)).toEqual([])

		const sent = await browser.post([contact], '/contact', {
			subject: 'Webhook question',
			message: 'How do I rotate the webhook secret?',
		})
		expect(sent.response.status).toBe(302)
		expect(sent.response.headers.get('location')).toBe('/contact')
		const { flash } = (await browser.get([ROOT], '/')).data as { flash: { message: string } }
		expect(flash.message).toBe(t('account:contact.sent'))
		const mails = await api.emails(CONTACT_EMAIL)
		expect(mails.map((mail) => mail.subject)).toEqual(['Contact: Webhook question'])
		expect(mails[0]!.text).toContain('How do I rotate the webhook secret?')
		expect(mails[0]!.text).toContain(email)
	})

	test('five messages a minute; the sixth is 429 with what was typed kept, and goes a minute later', async () => {
		const send = (n: number) =>
			browser.post([contact], '/contact', {
				subject: `Question ${n}`,
				message: `Question number ${n}, about webhooks.`,
			})
		for (let n = 1; n <= rateLimits.contactMessages.max; n++) {
			const sent = await send(n)
			expect(sent.response.status, `message ${n}`).toBe(302)
			expect(sent.response.headers.get('location')).toBe('/contact')
		}
		const refused = await send(6)
		expect(refused.response.status).toBe(429)
		expect(reply(refused).result.error[''] ?? []).toEqual(
			expect.arrayContaining([expect.stringContaining(RATE_LIMITED)]),
		)
		expect(reply(refused).result.initialValue).toEqual(
			expect.objectContaining({ subject: 'Question 6', message: 'Question number 6, about webhooks.' }),
		)
		const received = async () => (await api.emails(CONTACT_EMAIL)).filter((m) => m.text.includes(email))
		expect(await received()).toHaveLength(rateLimits.contactMessages.max)

		await api.mock.advanceClock(rateLimits.contactMessages.windowSeconds)
		expect((await send(6)).response.status).toBe(302)
		expect(await received()).toHaveLength(rateLimits.contactMessages.max + 1)
	})
})

describe('signed out', () => {
	/** The guest form's fields, its spam trap's among them, as the page renders them. */
	async function guestFields(fields: Record<string, string>) {
		const { data } = await browser.get([contact], '/contact')
		const { honeypotProps } = (data as { guest: { honeypotProps: Record<string, string | undefined> } }).guest
		const trap: Record<string, string> = { [honeypotProps.nameFieldName!]: '' }
		if (honeypotProps.validFromFieldName && honeypotProps.encryptedValidFrom)
			trap[honeypotProps.validFromFieldName] = honeypotProps.encryptedValidFrom
		return { ...trap, ...fields, trapName: honeypotProps.nameFieldName! }
	}

	test('the page asks who is writing', async () => {
		const { response, data } = await browser.get([contact], '/contact')
		expect(response.status).toBe(200)
		expect(data).toMatchObject({ guest: { email: '' } })
	})

	test('a few messages an hour per address: then 429 with what was typed kept', async () => {
		const email = uniqueEmail('guest-limit')
		const send = async (subject: string, message: string) => {
			const { trapName: _trapName, ...fields } = await guestFields({ name: 'Ada Lovelace', email, subject, message })
			return browser.post([contact], '/contact', fields)
		}
		for (let n = 1; n <= rateLimits.guestContactMessages.max; n++) {
			const sent = await send(`Question ${n}`, `Question number ${n}.`)
			expect(sent.response.status, `message ${n}`).toBe(302)
			expect(sent.response.headers.get('location')).toBe('/contact')
		}
		const refused = await send('One more', 'Still locked out.')
		expect(refused.response.status).toBe(429)
		expect(reply(refused).result.error[''] ?? []).toEqual(
			expect.arrayContaining([expect.stringContaining(RATE_LIMITED)]),
		)
		expect(reply(refused).result.initialValue).toEqual(expect.objectContaining({ email, message: 'Still locked out.' }))
		const received = (await api.emails(CONTACT_EMAIL)).filter((m) => m.text.includes(email))
		expect(received).toHaveLength(rateLimits.guestContactMessages.max)
	})

	test('a bot that fills the hidden field is refused with a 400, and nothing is sent', async () => {
		const email = uniqueEmail('bot')
		const { trapName, ...fields } = await guestFields({ name: 'Bot', email, subject: 'Buy', message: 'Now' })
		const { response } = await browser.post([contact], '/contact', { ...fields, [trapName]: 'I am a bot' })
		expect(response.status).toBe(400)
		expect((await api.emails(CONTACT_EMAIL)).filter((m) => m.text.includes(email))).toHaveLength(0)
	})
})
