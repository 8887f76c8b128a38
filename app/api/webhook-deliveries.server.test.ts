import { describe, expect, test, vi } from 'vitest'
import type { ApiClient } from './client.server'
import { webhookLimits } from './contract/index'
import { deliveriesPage, deliveryFilters, deliveryLogSearch, recentChecks } from './webhook-deliveries.server'

function fakeApi(answer: unknown) {
	const call = vi.fn(async () => answer)
	return { api: { call } as unknown as ApiClient, call }
}

describe('webhook deliveries', () => {
	test('filters come from the URL; unknown values are dropped', () => {
		expect(deliveryFilters(new URLSearchParams('status=failed&event=ping'))).toEqual({
			status: 'failed',
			event: 'ping',
		})
		expect(deliveryFilters(new URLSearchParams('status=broken&event='))).toEqual({})
	})

	test('log links keep the filters and add the cursor', () => {
		expect(deliveryLogSearch({ status: 'failed' }, 'abc')).toBe('?status=failed&cursor=abc')
		expect(deliveryLogSearch({}, null)).toBe('')
	})

	test('a page sends the filters and the cursor', async () => {
		const { api, call } = fakeApi({ data: [], meta: { next_cursor: 'next' } })
		expect(await deliveriesPage(api, 'svc', { event: 'ping' }, 'c1')).toEqual({ deliveries: [], nextCursor: 'next' })
		expect(call).toHaveBeenCalledWith('listWebhookDeliveries', {
			params: { id: 'svc' },
			query: { event: 'ping', cursor: 'c1' },
		})
	})

	test('recent checks: the newest few, and whether there are older ones', async () => {
		const { api, call } = fakeApi({ data: [{ id: 'c1' }], meta: { next_cursor: 'older' } })
		expect(await recentChecks(api, 'svc')).toEqual({ checks: [{ id: 'c1' }], more: true })
		expect(call).toHaveBeenCalledWith('listWebhookChecks', {
			params: { id: 'svc' },
			query: { per_page: webhookLimits.recentChecksShown },
		})
		const all = fakeApi({ data: [], meta: { next_cursor: null } })
		expect(await recentChecks(all.api, 'svc')).toEqual({ checks: [], more: false })
	})
})
