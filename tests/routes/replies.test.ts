/**
 * What an action answers when the partner API refuses or fails (`replyWithApiError`, app/forms/forms.server.ts),
 * when someone saved first (`versionConflict`) and when a confirmed identity ended (`confirmChange`): at the route
 * level, against the mock API and its fault hook.
 */
import i18next from 'i18next'
import { beforeEach, describe, expect, test } from 'vitest'
import { newServiceBody, PASSWORD, uniqueEmail } from '#tests/mock-api/helpers'
import { type RouteBrowser, partnerWithService, useRouteTestApi, type RouteAnswer } from '#tests/setup/routes'
import * as appLayout from '#app/routes/_app'
import * as accountLayout from '#app/routes/account/layout'
import * as accountEmail from '#app/routes/account/email'
import * as service from '#app/routes/services/service'
import * as settings from '#app/routes/services/settings'
import * as secretsRotate from '#app/routes/services/secrets-rotate'
import { formatDuration } from '#app/utils/duration'

const api = useRouteTestApi()
const t = i18next.getFixedT('en-GB', ['common', 'settings', 'identity'])
const SERVICE = [appLayout, service]

let browser: RouteBrowser
let serviceId: string
let version: number

beforeEach(async () => {
	;({ browser, serviceId, version } = await partnerWithService(api))
})

const saveSettings = (fields: Record<string, string> = {}) =>
	browser.post(
		[...SERVICE, settings],
		`/services/${serviceId}/manage`,
		{ ...newServiceBody(), version: String(version), ...fields },
		{ serviceId },
	)

/** The next call to save the service answers `status` (the mock's fault hook). */
const failNextSave = (status: number) => api.mock.fault({ method: 'PATCH', path: `/services/${serviceId}`, status })

type Reply = {
	result: { error: Record<string, string[]>; initialValue: Record<string, unknown> }
	retryAfterSeconds?: number
	conflict?: { mine: Record<string, string>; saved: { name: string; version: number } }
}
const reply = (answer: RouteAnswer) => answer.data as Reply
/** The messages of the form's error summary. */
const summary = (answer: RouteAnswer) => reply(answer).result.error[''] ?? []

test('a save goes back to the service', async () => {
	const { response } = await saveSettings({ name: 'Acme Link' })
	expect(response.status).toBe(302)
	expect(response.headers.get('location')).toBe(`/services/${serviceId}`)
})

describe('replyWithApiError', () => {
	test("a 422 puts the API's messages on the fields the form has, and keeps what was typed except secrets", async () => {
		const taken = uniqueEmail()
		const answer = await browser.post([appLayout, accountLayout, accountEmail], '/me/manage/security/email', {
			email: taken,
			current_password: 'Not-The-Password-1',
		})
		expect(answer.response.status).toBe(422)
		expect(reply(answer).result.error.current_password).toEqual([t('common:errors.passwordIncorrect')])
		expect(reply(answer).result.initialValue).toEqual(expect.objectContaining({ email: taken }))
		expect(reply(answer).result.initialValue).not.toHaveProperty('current_password')
	})

	test('a 422 with no field the form has: its message in the summary', async () => {
		await failNextSave(422)
		const answer = await saveSettings({ name: 'Acme Link' })
		expect(answer.response.status).toBe(422)
		expect(summary(answer)).toEqual(['This field is invalid.'])
		expect(reply(answer).result.initialValue).toEqual(expect.objectContaining({ name: 'Acme Link' }))
	})

	test('a 429 says when to try again, and gives the page the seconds for its countdown', async () => {
		await failNextSave(429)
		const answer = await saveSettings()
		expect(answer.response.status).toBe(429)
		expect(reply(answer).retryAfterSeconds).toBe(60)
		expect(summary(answer)).toEqual([t('common:errors.rateLimited', { time: formatDuration(60, t) })])
	})

	test.each([
		['a success whose body breaks the contract', 200, 502],
		['an API error', 500, 503],
		['an API outage', 503, 503],
	])('%s: "not saved" with the request reference, %i → %i', async (_name, apiStatus, status) => {
		await failNextSave(apiStatus)
		const answer = await saveSettings({ name: 'Acme Link' })
		expect(answer.response.status).toBe(status)
		const requestId = answer.response.headers.get('x-request-id')
		expect(summary(answer)).toEqual([t('common:errors.notSaved'), t('common:errors.reference', { requestId })])
		expect(reply(answer).result.initialValue).toEqual(expect.objectContaining({ name: 'Acme Link' }))
	})

	test('a session that ended meanwhile: sign-in, "session expired", back to the page', async () => {
		// The call and the retry after refreshing the tokens are both refused.
		await api.mock.fault({ method: 'PATCH', path: `/services/${serviceId}`, status: 401, times: 2 })
		const { response } = await saveSettings({ name: 'Acme Link' })
		expect(response.status).toBe(302)
		expect(response.headers.get('location')).toBe(
			`/auth/sign-in?notice=session-expired&redirect_to=%2Fservices%2F${serviceId}%2Fmanage`,
		)
		expect(browser.cookies.has('user.access-token')).toBe(false)
	})
})

test('a save based on an older version: 409 with both versions, nothing overwritten', async () => {
	expect((await saveSettings({ name: 'Saved in another tab' })).response.status).toBe(302)
	const answer = await saveSettings({ name: 'Typed here' })
	expect(answer.response.status).toBe(409)
	expect(summary(answer)).toEqual([t('settings:conflict.summary')])
	expect(reply(answer).conflict).toMatchObject({
		mine: { name: 'Typed here' },
		saved: { name: 'Saved in another tab', version: version + 1 },
	})
})

describe('identity confirmation', () => {
	const rotate = (fields: Record<string, string>) =>
		browser.post([...SERVICE, secretsRotate], `/services/${serviceId}/developers/secrets/rotate`, fields, { serviceId })

	test('a change the page thought confirmed, whose confirmation ended: 403, asking for it again', async () => {
		const answer = await rotate({ identity_method: 'confirmed' })
		expect(answer.response.status).toBe(403)
		expect(summary(answer)).toEqual([t('identity:ended')])
	})

	test('with the password, the change is made', async () => {
		const { response } = await rotate({ identity_method: 'password', password: PASSWORD })
		expect(response.status).toBe(302)
		expect(response.headers.get('location')).toBe(`/services/${serviceId}/developers`)
	})
})
