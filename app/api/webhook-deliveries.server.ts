// Decision 0015.
import type { ApiClient } from './client.server'
import {
	webhookDeliveryStatusEnum,
	webhookEventTypeEnum,
	webhookLimits,
	type WebhookDeliveryStatus,
	type WebhookEventType,
} from './contract/index'
import { pageSearch } from './pagination.server'

export type DeliveryFilters = { status?: WebhookDeliveryStatus; event?: WebhookEventType }

/** Unknown values are dropped, so a hand-edited link shows the whole log, not an error. */
export function deliveryFilters(search: URLSearchParams): DeliveryFilters {
	const status = webhookDeliveryStatusEnum.safeParse(search.get('status'))
	const event = webhookEventTypeEnum.safeParse(search.get('event'))
	return { ...(status.success ? { status: status.data } : {}), ...(event.success ? { event: event.data } : {}) }
}

export const deliveryLogSearch = (filters: DeliveryFilters, cursor?: string | null) =>
	pageSearch({ ...filters, cursor })

export async function deliveriesPage(api: ApiClient, id: string, filters: DeliveryFilters, cursor?: string) {
	const { data, meta } = await api.call('listWebhookDeliveries', { params: { id }, query: { ...filters, cursor } })
	return { deliveries: data, nextCursor: meta.next_cursor }
}

export async function recentChecks(api: ApiClient, id: string) {
	const { data, meta } = await api.call('listWebhookChecks', {
		params: { id },
		query: { per_page: webhookLimits.recentChecksShown },
	})
	return { checks: data, more: meta.next_cursor !== null }
}
