/**
 * Webhook recovery (docs/decisions/0032-webhook-recovery.md): every event whose deliveries since a time failed
 * and never got through is queued again — one redelivery per event, in the order the events were first sent, with
 * the event's id (the `webhook-id`) — and sent by the same queue as the retries (`runDueRetries`), in that order.
 */
import {
	recoverWebhookDeliveriesBody,
	serviceMessages,
	webhookLimits,
	webhookRecoveryMessages,
	webhookRecoveryQuery,
	type WebhookRecovery,
} from '../../../../app/api/contract/index'
import type { webhookRecoveryEndpoints } from '../../../../app/api/contract/webhook-recovery.endpoints'
import { list } from '../../collections'
import { newId } from '../../crypto'
import { fail, parseBody, parseQuery, reply, validationFailed, type Handlers } from '../../http'
import type { MockStore } from '../../store'
import { recordActivity } from '../activity/state'
import { serviceOf, type ServiceRecord } from '../services/state'
import { deliveriesOf, pruneWebhooks, queueDelivery, resumeEndpoint, runDueRetries, type DeliveryRecord } from './state'

const DAY_MS = 24 * 60 * 60 * 1000

export type RecoveryRecord = {
	id: string
	service_id: string
	idempotency_key: string
	since: number
	delivery_ids: string[]
	created_at: number
}

export const recoveryCollections = { webhook_recoveries: list<RecoveryRecord>() }

const earliestSince = (store: MockStore) => store.now() - webhookLimits.retentionDays * DAY_MS

/** `since` as epoch ms, or a 422 on `since` outside the delivery log. */
function sinceOf(store: MockStore, iso: string) {
	const since = Date.parse(iso)
	if (since < earliestSince(store)) throw validationFailed({ since: [webhookRecoveryMessages.sinceTooOld] })
	if (since > store.now()) throw validationFailed({ since: [webhookRecoveryMessages.sinceInFuture] })
	return since
}

/**
 * The first delivery of each event that a recovery from `since` sends again: a delivery created since then failed
 * (given up or still retrying), and none of the event's deliveries got through. In the order the events were sent.
 */
export function failedSince(store: MockStore, serviceId: string, since: number): DeliveryRecord[] {
	const deliveries = deliveriesOf(store, serviceId).sort((a, b) => a.seq - b.seq)
	const delivered = new Set(deliveries.filter((d) => d.status === 'delivered').map((d) => d.event_id))
	const inFlight = new Set(deliveries.filter((d) => d.status === 'pending').map((d) => d.event_id))
	const failed = new Set(
		deliveries.filter((d) => d.status === 'failed' && d.created_at >= since).map((d) => d.event_id),
	)
	const firsts = new Map<string, DeliveryRecord>()
	for (const delivery of deliveries) {
		const event = delivery.event_id
		if (failed.has(event) && !delivered.has(event) && !inFlight.has(event) && !firsts.has(event))
			firsts.set(event, delivery)
	}
	return [...firsts.values()]
}

/** Queues the redeliveries of a recovery (or of a resume, decision 0032) and starts sending them. */
export function recover(store: MockStore, service: ServiceRecord, since: number, key: string): RecoveryRecord {
	const recovery: RecoveryRecord = {
		id: newId(),
		service_id: service.id,
		idempotency_key: key,
		since,
		delivery_ids: failedSince(store, service.id, since).map((original) => queueDelivery(store, service, original).id),
		created_at: store.now(),
	}
	store.data.webhook_recoveries.push(recovery)
	store.changed()
	void runDueRetries(store)
	return recovery
}

const present = (store: MockStore, recovery: RecoveryRecord): WebhookRecovery => ({
	id: recovery.id,
	since: store.clock.iso(recovery.since),
	count: recovery.delivery_ids.length,
	delivery_ids: recovery.delivery_ids,
	created_at: store.clock.iso(recovery.created_at),
})

export const recoveryHandlers = {
	previewWebhookRecovery: async (ctx) => {
		const service = serviceOf(ctx)
		const since = sinceOf(ctx.store, parseQuery(ctx, webhookRecoveryQuery).since)
		await runDueRetries(ctx.store)
		pruneWebhooks(ctx.store)
		return reply(200, {
			data: {
				since: ctx.store.clock.iso(since),
				count: failedSince(ctx.store, service.id, since).length,
				earliest_since: ctx.store.clock.iso(earliestSince(ctx.store)),
			},
		})
	},

	recoverWebhookDeliveries: async (ctx) => {
		const { store } = ctx
		const service = serviceOf(ctx)
		const body = parseBody(ctx, recoverWebhookDeliveriesBody)
		const earlier = store.data.webhook_recoveries.find(
			(candidate) => candidate.service_id === service.id && candidate.idempotency_key === body.idempotency_key,
		)
		if (earlier) {
			if (earlier.since !== Date.parse(body.since)) {
				throw validationFailed(
					{ idempotency_key: [serviceMessages.idempotencyKeyReused] },
					{ code: 'idempotency_key_reused' },
				)
			}
			return reply(200, { data: present(store, earlier) })
		}
		const since = sinceOf(store, body.since)
		await runDueRetries(store)
		pruneWebhooks(store)
		const recovery = recover(store, service, since, body.idempotency_key)
		recordActivity(store, service.id, 'webhook_recovery_started', ctx, {
			since: store.clock.iso(since),
			count: recovery.delivery_ids.length,
		})
		return reply(202, { data: present(store, recovery) })
	},

	resumeWebhookEndpoint: async (ctx) => {
		const { store } = ctx
		const service = serviceOf(ctx)
		await runDueRetries(store)
		pruneWebhooks(store)
		const pausedAt = resumeEndpoint(store, service.id)
		if (pausedAt === null) throw fail(409, { message: webhookRecoveryMessages.notPaused })
		const since = store.clock.iso(pausedAt)
		const count = failedSince(store, service.id, pausedAt).length
		recordActivity(store, service.id, 'webhook_endpoint_resumed', ctx, { since, count })
		return reply(200, { data: { paused_at: since, count } })
	},
} satisfies Handlers<keyof typeof webhookRecoveryEndpoints>
