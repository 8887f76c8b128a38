/**
 * What the account and contact forms answer when the partner API fails (moved from e2e/api-failures.spec.ts, issue
 * 53): the status, the "not saved" summary with its reference, and what the form gets back to show again.
 */
import i18next from 'i18next'
import { beforeEach, describe, expect, test } from 'vitest'
import { PASSWORD } from '#tests/mock-api/helpers'
import { type RouteBrowser, signedInBrowser, useRouteTestApi, type RouteAnswer } from '#tests/setup/routes'
import * as appLayout from '#app/routes/_app'
import * as accountLayout from '#app/routes/account/layout'
import * as password from '#app/routes/account/password'
import * as personalDetails from '#app/routes/account/personal-details'
import * as contact from '#app/routes/contact'

const api = useRouteTestApi()
const t = i18next.getFixedT('en-GB', ['common'])

type Reply = { result: { error: Record<string, string[]>; initialValue: Record<string, unknown> } }
const reply = (answer: RouteAnswer) => answer.data as Reply
const answerId = (answer: RouteAnswer) => answer.response.headers.get('x-request-id')
const notSaved = (answer: RouteAnswer) => [
	t('common:errors.notSaved'),
	t('common:errors.reference', { requestId: answerId(answer) }),
]

let browser: RouteBrowser
beforeEach(async () => {
	;({ browser } = await signedInBrowser(api))
})

describe('the contact form', () => {
	const send = () =>
		browser.post([contact], '/contact', {
			subject: 'Invoices',
			message: 'Where do I find last month’s invoice?',
		})

	test.each([500, 503])(
		'an API %i: 503, "not saved" with the reference and what was typed; once the API is back it is sent',
		async (apiStatus) => {
			await api.mock.fault({ method: 'POST', path: '/contact-messages', status: apiStatus })
			const failed = await send()
			expect(failed.response.status).toBe(503)
			expect(answerId(failed)).toMatch(/^[0-9a-f-]{36}$/)
			expect(reply(failed).result.error['']).toEqual(notSaved(failed))
			expect(reply(failed).result.initialValue).toEqual(
				expect.objectContaining({ subject: 'Invoices', message: 'Where do I find last month’s invoice?' }),
			)
			const sent = await send()
			expect(sent.response.status).toBe(302)
			expect(sent.response.headers.get('location')).toBe('/contact')
		},
	)
})

test('personal details keep every typed value when saving fails', async () => {
	await api.mock.fault({ method: 'PATCH', path: '/users/me', status: 500 })
	const answer = await browser.post(
		[appLayout, accountLayout, personalDetails],
		'/me/manage/general/personal-details',
		{
			first_name: 'Augusta',
			last_name: 'Lovelace',
			company_name: 'Difference Engines plc',
			country: 'GB',
			locale: 'en-GB',
		},
	)
	expect(answer.response.status).toBe(503)
	expect(reply(answer).result.error['']).toEqual(notSaved(answer))
	expect(reply(answer).result.initialValue).toEqual(
		expect.objectContaining({ first_name: 'Augusta', company_name: 'Difference Engines plc' }),
	)
})

test('a password change that fails upstream never echoes the passwords', async () => {
	await api.mock.fault({ method: 'PATCH', path: '/users/me', status: 503 })
	const answer = await browser.post([appLayout, accountLayout, password], '/me/manage/security/password', {
		current_password: PASSWORD,
		password: 'Brand-New-Secret-7',
		password_confirmation: 'Brand-New-Secret-7',
	})
	expect(answer.response.status).toBe(503)
	expect(reply(answer).result.error['']).toEqual(notSaved(answer))
	const kept = reply(answer).result.initialValue
	expect(kept).not.toHaveProperty('current_password')
	expect(kept).not.toHaveProperty('password')
	expect(kept).not.toHaveProperty('password_confirmation')
	expect(JSON.stringify(answer.data)).not.toContain('Brand-New-Secret-7')
	expect(JSON.stringify(answer.data)).not.toContain(PASSWORD)
})
