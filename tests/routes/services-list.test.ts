/**
 * What the services list answers (moved from e2e/services-list.spec.ts, issue 53): a category not chosen is missing,
 * not invalid, with the name kept; 15 services a page, newest first; a stale cursor starts again from the first.
 */
import { beforeEach, expect, test } from 'vitest'
import { newServiceBody } from '#tests/mock-api/helpers'
import { type RouteBrowser, signedInBrowser, useRouteTestApi } from '#tests/setup/routes'
import * as appLayout from '#app/routes/_app'
import * as servicesList from '#app/routes/services/list'

const api = useRouteTestApi()
const LIST = [appLayout, servicesList]

type ListData = { services: Array<{ name: string }>; nextCursor: string | null; idempotencyKey: string }

let browser: RouteBrowser
let access: string
beforeEach(async () => {
	;({ browser, access } = await signedInBrowser(api))
})

test('a create without a category: 400 "required" (not "invalid") on it, the name kept, nothing created', async () => {
	const { idempotencyKey } = (await browser.get(LIST, '/services/manage')).data as ListData
	await api.mock.clearRequests()
	const answer = await browser.post(LIST, '/services/manage', { name: 'Ledger Sync', idempotency_key: idempotencyKey })
	expect(answer.response.status).toBe(400)
	const { result } = answer.data as { result: { error: Record<string, string[]>; initialValue: object } }
	expect(result.error).toEqual({ category: ['This field is required.'] })
	expect(result.initialValue).toEqual(expect.objectContaining({ name: 'Ledger Sync' }))
	expect((await api.mock.requests()).filter((request) => request.method === 'POST')).toEqual([])
})

test('16 services: 15 on the first page, newest first, then the oldest; a stale cursor is the first page again', async () => {
	for (let i = 1; i <= 16; i++) {
		await api.call('createService', { bearer: access, body: newServiceBody({ name: `Service ${i}` }) })
		// One mock second apart, so "newest first" is an order, not a tie.
		await api.advance(1)
	}
	const first = (await browser.get(LIST, '/services/manage')).data as ListData
	expect(first.services).toHaveLength(15)
	expect(first.services[0]!.name).toBe('Service 16')
	expect(first.nextCursor).toEqual(expect.any(String))
	const next = (await browser.get(LIST, `/services/manage?cursor=${encodeURIComponent(first.nextCursor!)}`))
		.data as ListData
	expect(next.services.map((entry) => entry.name)).toEqual(['Service 1'])
	expect(next.nextCursor).toBeNull()

	const stale = await browser.get(LIST, '/services/manage?cursor=not-a-cursor')
	expect(stale.error).toBeUndefined()
	expect(stale.response.status).toBe(302)
	expect(stale.response.headers.get('location')).toBe('/services/manage')
})
