/**
 * What the services list's create form and a service's protections answer (moved from e2e/services-list.spec.ts and
 * e2e/services-protections.spec.ts, issue 53): one service per idempotency key, a create that fails upstream, and
 * made-up protections refused with nothing enabled.
 */
import i18next from 'i18next'
import { beforeEach, describe, expect, test } from 'vitest'
import { newServiceBody } from '#tests/mock-api/helpers'
import { type RouteBrowser, signedInBrowser, useRouteTestApi, type RouteAnswer } from '#tests/setup/routes'
import * as appLayout from '#app/routes/_app'
import * as servicesList from '#app/routes/services/list'
import * as service from '#app/routes/services/service'
import * as protections from '#app/routes/services/protections'

const api = useRouteTestApi()
const t = i18next.getFixedT('en-GB', ['common'])
const LIST = [appLayout, servicesList]

let browser: RouteBrowser
let access: string
beforeEach(async () => {
	;({ browser, access } = await signedInBrowser(api))
})

type ListData = { services: Array<{ id: string; name: string }>; idempotencyKey: string }
const CREATE = { name: 'Ledger Sync', category: 'finance' }

describe('the create form', () => {
	test('a double submit creates one service: both answers lead to it', async () => {
		const { idempotencyKey } = (await browser.get(LIST, '/services/manage')).data as ListData
		const first = await browser.post(LIST, '/services/manage', { ...CREATE, idempotency_key: idempotencyKey })
		const second = await browser.post(LIST, '/services/manage', { ...CREATE, idempotency_key: idempotencyKey })
		expect(first.response.status).toBe(302)
		expect(first.response.headers.get('location')).toMatch(/^\/services\/[^/]+$/)
		expect(second.response.headers.get('location')).toBe(first.response.headers.get('location'))
		const list = (await browser.get(LIST, '/services/manage')).data as ListData
		expect(list.services.filter((entry) => entry.name === CREATE.name)).toHaveLength(1)
	})

	test('a create that fails upstream: 503, "not saved", what was typed kept; once the API is back it creates', async () => {
		const { idempotencyKey } = (await browser.get(LIST, '/services/manage')).data as ListData
		await api.mock.fault({ method: 'POST', path: '/services', status: 503 })
		const failed: RouteAnswer = await browser.post(LIST, '/services/manage', {
			...CREATE,
			idempotency_key: idempotencyKey,
		})
		expect(failed.response.status).toBe(503)
		const result = (failed.data as { result: { error: Record<string, string[]>; initialValue: object } }).result
		expect(result.error['']).toEqual([
			t('common:errors.notSaved'),
			t('common:errors.reference', { requestId: failed.response.headers.get('x-request-id') }),
		])
		expect(result.initialValue).toEqual(expect.objectContaining(CREATE))
		const created = await browser.post(LIST, '/services/manage', { ...CREATE, idempotency_key: idempotencyKey })
		expect(created.response.status).toBe(302)
		const list = (await browser.get(LIST, '/services/manage')).data as ListData
		expect(list.services.map((entry) => entry.name)).toEqual([CREATE.name])
	})
})

describe("a made-up protection or value on one's own service", () => {
	let serviceId: string
	beforeEach(async () => {
		serviceId = (await api.call('createService', { bearer: access, body: newServiceBody() })).body.data.id
	})
	const PROTECTIONS = [appLayout, service, protections]
	const post = (fields: Record<string, string>) =>
		browser.post(PROTECTIONS, `/services/${serviceId}/protections`, fields, { serviceId })

	test.each([
		['an unknown protection', { intent: 'toggle', protection: 'nuke_everything', enabled: 'true' }],
		['an unknown value', { intent: 'toggle', protection: 'password_randomised', enabled: 'maybe' }],
		['an unknown intent', { intent: 'explode' }],
	])('%s is refused with a 400, and nothing is enabled', async (_name, fields) => {
		const { response, error } = await post(fields)
		expect(error).toBeUndefined()
		expect(response.status).toBe(400)
		const page = await browser.get(PROTECTIONS, `/services/${serviceId}/protections`, { serviceId })
		const listed = (page.data as { protections: Array<{ key: string; enabled: boolean }> }).protections
		expect(listed.map((entry) => entry.key)).toContain('password_randomised')
		expect(listed.filter((entry) => entry.enabled)).toEqual([])
	})
})
