/**
 * What the settings form of a service answers (moved from e2e/services-settings.spec.ts, issue 53): the server's
 * checks of each URL, a save that fails upstream, and the version a failed validation keeps checking.
 */
import i18next from 'i18next'
import { beforeEach, describe, expect, test } from 'vitest'
import { newServiceBody } from '#tests/mock-api/helpers'
import { EDITED_SERVICE, PUBLIC_DOMAIN, STARTS_WITH } from '#tests/setup/service-fixture'
import { type RouteBrowser, partnerWithService, useRouteTestApi, type RouteAnswer } from '#tests/setup/routes'
import * as appLayout from '#app/routes/_app'
import * as service from '#app/routes/services/service'
import * as settings from '#app/routes/services/settings'

const api = useRouteTestApi()
const t = i18next.getFixedT('en-GB', ['common'])
const SERVICE = [appLayout, service]

const PLAIN = 'This field must contain a plain address, without backslashes or a user name and password.'
const VALID_URL = 'This field must contain a valid url.'

type Reply = {
	result: { error?: Record<string, string[]>; initialValue: Record<string, unknown> }
	conflict?: { mine: Record<string, string>; saved: { name: string; version: number } }
}
const reply = (answer: RouteAnswer) => answer.data as Reply

let browser: RouteBrowser
let serviceId: string
let version: number
let original: ReturnType<typeof newServiceBody>

beforeEach(async () => {
	original = newServiceBody()
	;({ browser, serviceId, version } = await partnerWithService(api, original))
})

const manage = () => `/services/${serviceId}/manage`
/** The settings form as the page was opened (`version`), with `fields` typed over it. */
const save = (fields: Record<string, string>, openedAt = version) =>
	browser.post(
		[...SERVICE, settings],
		manage(),
		{ ...EDITED_SERVICE, version: String(openedAt), ...fields },
		{ serviceId },
	)

describe('each URL error names the rule it breaks, and the form keeps what was typed', () => {
	test.each([
		['website_url', 'ledger.example.com', STARTS_WITH],
		['website_url', 'http://pro.ledger.example.com', STARTS_WITH],
		['webhook_url', 'http://ledger.example.com/hooks', STARTS_WITH],
		['authorization_url', 'https://127.0.0.1/connect', PUBLIC_DOMAIN],
		['webhook_url', 'https://localhost:3000/hooks', PUBLIC_DOMAIN],
		['authorization_url', 'https://ledger .example.com/connect', VALID_URL],
		['webhook_url', 'https://ledger.example\\@127.0.0.1/hooks', PLAIN],
	])('%s = %s: 400, "%s"', async (field, value, message) => {
		const answer = await save({ [field]: value })
		expect(answer.response.status).toBe(400)
		expect(reply(answer).result.error).toEqual({ [field]: [message] })
		expect(reply(answer).result.initialValue).toEqual(expect.objectContaining({ ...EDITED_SERVICE, [field]: value }))
		// Nothing saved.
		const page = await browser.get([...SERVICE, settings], manage(), { serviceId })
		expect(JSON.stringify(page.data)).not.toContain(value.replace(/\\/g, '\\\\'))
	})

	test('three bad URLs at once: one message each, none of them "valid url"', async () => {
		const answer = await save({
			website_url: 'ledger.example.com',
			webhook_url: 'http://ledger.example.com/hooks',
			authorization_url: 'https://127.0.0.1/connect',
		})
		expect(reply(answer).result.error).toEqual({
			website_url: [STARTS_WITH],
			webhook_url: [STARTS_WITH],
			authorization_url: [PUBLIC_DOMAIN],
		})
	})

	test('corrected, the same form saves: back to the service, which has the new name', async () => {
		expect((await save({ website_url: 'http://pro.ledger.example.com' })).response.status).toBe(400)
		const { response } = await save({})
		expect(response.status).toBe(302)
		expect(response.headers.get('location')).toBe(`/services/${serviceId}`)
		const page = await browser.get(SERVICE, `/services/${serviceId}`, { serviceId })
		expect(page.data).toMatchObject({ service: { id: serviceId, name: EDITED_SERVICE.name } })
	})
})

test('a save that fails upstream: 503, "not saved", every typed value kept; once the API is back it saves', async () => {
	await api.mock.fault({ method: 'PATCH', path: `/services/${serviceId}`, status: 500 })
	const failed = await save({})
	expect(failed.response.status).toBe(503)
	expect(reply(failed).result.error?.['']).toEqual([
		t('common:errors.notSaved'),
		t('common:errors.reference', { requestId: failed.response.headers.get('x-request-id') }),
	])
	expect(reply(failed).result.initialValue).toEqual(expect.objectContaining(EDITED_SERVICE))
	const saved = await save({})
	expect(saved.response.status).toBe(302)
	expect(saved.response.headers.get('location')).toBe(`/services/${serviceId}`)
	const page = await browser.get(SERVICE, `/services/${serviceId}`, { serviceId })
	expect(page.data).toMatchObject({ service: { name: EDITED_SERVICE.name } })
})

test('a save that failed validation still checks the version the form was opened with', async () => {
	// Another tab renames the service.
	expect((await save({ ...original, name: EDITED_SERVICE.name })).response.status).toBe(302)
	const invalid = await save({ ...original, webhook_url: 'http://pro.ledger.example.com/hooks' })
	expect(invalid.response.status).toBe(400)
	expect(reply(invalid).result.error).toEqual({ webhook_url: [STARTS_WITH] })
	// The form rendered again keeps the version it was opened with.
	const kept = Number(reply(invalid).result.initialValue.version)
	expect(kept).toBe(version)
	const conflict = await save({ ...original, webhook_url: EDITED_SERVICE.webhook_url }, kept)
	expect(conflict.response.status).toBe(409)
	expect(reply(conflict).conflict).toMatchObject({
		mine: { name: original.name, webhook_url: EDITED_SERVICE.webhook_url },
		saved: { name: EDITED_SERVICE.name, version: version + 1 },
	})
})
