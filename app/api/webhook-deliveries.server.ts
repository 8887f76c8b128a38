/**
 * Webhook deliveries (docs/decisions/0015-webhook-deliveries.md) on top of
 * `api.call`, for the test event, check, delivery log and delivery pages and
 * the failing banner on the details page. Everything else is `api.call` by name.
 */
import type { ApiClient } from './client.server'
import {
	webhookDeliveryStatusEnum,
	webhookEventTypeEnum,
	webhookLimits,
	type WebhookDeliveryStatus,
	type WebhookEventType,
} from './contract/index'

export type DeliveryFilters = { status?: WebhookDeliveryStatus; event?: WebhookEventType }

/**
 * The log's filters from the page URL (`?status=failed&event=ping`): unknown
 * values are dropped, so a hand-edited link shows the whole log, not an error.
 */
export function deliveryFilters(search: URLSearchParams): DeliveryFilters {
	const status = webhookDeliveryStatusEnum.safeParse(search.get('status'))
	const event = webhookEventTypeEnum.safeParse(search.get('event'))
	return {
		...(status.success ? { status: status.data } : {}),
		...(event.success ? { event: event.data } : {}),
	}
}

/** The query string of a log page: the filters, and the cursor of the next page when given (plain links, JS off). */
export function deliveryLogSearch(filters: DeliveryFilters, cursor?: string | null) {
	const search = new URLSearchParams()
	if (filters.status) search.set('status', filters.status)
	if (filters.event) search.set('event', filters.event)
	if (cursor) search.set('cursor', cursor)
	const text = search.toString()
	return text ? `?${text}` : ''
}

/** One page of the delivery log, newest first. */
export async function deliveriesPage(api: ApiClient, id: string, filters: DeliveryFilters, cursor?: string) {
	const { data, meta } = await api.call('listWebhookDeliveries', { params: { id }, query: { ...filters, cursor } })
	return { deliveries: data, nextCursor: meta.next_cursor }
}

/** The newest endpoint checks (the webhooks page's "Recent endpoint checks"), newest first, with their verdicts. */
export async function recentChecks(api: ApiClient, id: string) {
	const { data, meta } = await api.call('listWebhookChecks', {
		params: { id },
		query: { per_page: webhookLimits.recentChecksShown },
	})
	return { checks: data, more: meta.next_cursor !== null }
}

/** Redelivers with the key rendered into the delivery page's form: a double submit delivers once. */
export async function redeliver(api: ApiClient, id: string, deliveryId: string, idempotencyKey: string) {
	const { data } = await api.call('redeliverWebhookDelivery', {
		params: { id, deliveryId },
		body: { idempotency_key: idempotencyKey },
	})
	return data
}

/** Whether the details page shows "Your endpoint is failing", and with which error. */
export async function webhookHealth(api: ApiClient, id: string) {
	const { data } = await api.call('getWebhookHealth', { params: { id } })
	return data
}

/** The live webhook signing secrets, newest first: one, or two for a day after a rotation (decision 0020). */
export async function signingSecrets(api: ApiClient, id: string) {
	const { data } = await api.call('listWebhookSigningSecrets', { params: { id } })
	return data
}

/** A new signing secret; the previous one keeps signing beside it for a day. */
export async function rotateSigningSecret(api: ApiClient, id: string) {
	const { data } = await api.call('rotateWebhookSigningSecret', { params: { id } })
	return data
}
