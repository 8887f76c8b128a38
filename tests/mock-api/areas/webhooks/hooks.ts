/**
 * The /__mock hooks of services part 3 (README.md): simulated partner
 * endpoints for webhook deliveries, what they received, and product events.
 */
import { z } from 'zod'
import { eventEnum, type WebhookDelivery } from '../../../../app/api/contract/index'
import { randomToken } from '../../crypto'
import { notFound, parseBody, reply, withoutTrailingSlashes, type Ctx, type Reply } from '../../http'
import { normalizeUrl } from '../service-sections/state'
import { presentDelivery } from './presenters'
import { sendEvent, type ReceiverRecord } from './state'

export const mockWebhookReceiverBody = z.object({
	url: z.url(),
	status: z.number().int().min(100).max(599).optional(),
	body: z.string().optional(),
	delay_ms: z.number().int().min(0).max(60_000).optional(),
	echo_challenge: z.boolean().optional(),
	verify_signatures: z.boolean().optional(),
})
export type MockWebhookReceiverInput = z.input<typeof mockWebhookReceiverBody>

export const mockWebhookEventBody = z.object({
	type: eventEnum,
	data: z.record(z.string(), z.unknown()).optional(),
})
export type MockWebhookEventInput = z.input<typeof mockWebhookEventBody>

/** A receiver as registered (times as ISO). */
export type MockWebhookReceiver = Omit<ReceiverRecord, 'created_at'> & { created_at: string }
/** One request a simulated receiver got. */
export type MockWebhookRequest = {
	url: string
	method: string
	headers: Record<string, string>
	body: string
	received_at: string
}
export type { WebhookDelivery as MockWebhookDelivery }

/** Answers a services part 3 hook, or null when none matches. */
export async function handleWebhookHook(ctx: Ctx): Promise<Reply | null> {
	const { store, method } = ctx
	const path = withoutTrailingSlashes(ctx.path)
	switch (`${method} ${path}`) {
		case 'POST /__mock/webhook-receivers': {
			const body = parseBody(ctx, mockWebhookReceiverBody)
			const receiver: ReceiverRecord = {
				url: normalizeUrl(body.url),
				status: body.status ?? 200,
				body: body.body ?? 'ok',
				delay_ms: body.delay_ms ?? 0,
				echo_challenge: body.echo_challenge ?? true,
				verify_signatures: body.verify_signatures ?? true,
				created_at: store.now(),
			}
			store.data.mock_webhook_receivers = [
				...store.data.mock_webhook_receivers.filter((candidate) => candidate.url !== receiver.url),
				receiver,
			]
			store.changed()
			return reply(201, { data: { ...receiver, created_at: store.clock.iso(receiver.created_at) } })
		}
		case 'GET /__mock/webhook-receivers':
			return reply(200, {
				data: store.data.mock_webhook_receivers.map((receiver) => ({
					...receiver,
					created_at: store.clock.iso(receiver.created_at),
				})),
			})
		case 'DELETE /__mock/webhook-receivers':
			store.data.mock_webhook_receivers = []
			store.data.mock_webhook_requests = []
			store.changed()
			return reply(204)
		case 'GET /__mock/webhook-receivers/requests': {
			const url = ctx.query.get('url')
			const wanted = url ? normalizeUrl(url) : null
			const data: MockWebhookRequest[] = store.data.mock_webhook_requests
				.filter((request) => wanted === null || request.url === wanted)
				.map((request) => ({ ...request, received_at: store.clock.iso(request.received_at) }))
			return reply(200, { data })
		}
	}
	const match = /^\/__mock\/services\/([^/]+)\/webhook-events$/.exec(path)
	if (!match || method !== 'POST') return null
	const service = store.data.services.find((candidate) => candidate.id === decodeURIComponent(match[1]!))
	if (!service) throw notFound()
	const body = parseBody(ctx, mockWebhookEventBody)
	// The product's event names an end user's linked account and the protections the service has on now.
	const data = {
		account_id: `acct_${randomToken().slice(0, 12)}`,
		protections: service.security_protections.filter((entry) => entry.enabled).map((entry) => entry.key),
		...body.data,
	}
	const delivery = await sendEvent(store, service, body.type, data, 'event')
	return reply(201, { data: presentDelivery(store, delivery) })
}
