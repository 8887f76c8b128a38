// Decision 0032: failed deliveries are sent again in their original order, with their original `webhook-id`.
import { z } from 'zod'
import { dataOf, isoDateTime, opaqueId, wholeNumber } from './common'
import { webhookLimits } from './constants'
import { idempotencyKeyField } from './services'

export const webhookRecoveryMessages = {
	sinceTooOld: `This field must be within the last ${webhookLimits.retentionDays} days.`,
	sinceInFuture: 'This field must be a time in the past.',
	notPaused: 'Deliveries to this endpoint are not paused.',
} as const

export const webhookRecoveryQuery = z.object({
	since: isoDateTime.describe(`From when; within the delivery log's ${webhookLimits.retentionDays} days.`),
})

export const recoverWebhookDeliveriesBody = webhookRecoveryQuery.extend({
	idempotency_key: idempotencyKeyField('the same key answers the recovery it started (a double submit).'),
})

export const webhookRecoveryPreview = z.object({
	since: isoDateTime,
	count: wholeNumber().describe(
		'Events whose deliveries since then failed and were never delivered: what a recovery sends.',
	),
	earliest_since: isoDateTime.describe('The oldest `since` allowed now (the start of the delivery log).'),
})
export const webhookRecoveryPreviewResponse = dataOf(webhookRecoveryPreview)

export const webhookRecoveryResource = z.object({
	id: opaqueId(),
	since: isoDateTime,
	count: wholeNumber(),
	delivery_ids: z.array(opaqueId()).describe('The redeliveries queued, in the original order of their events.'),
	created_at: isoDateTime,
})
export type WebhookRecovery = z.infer<typeof webhookRecoveryResource>
export const webhookRecoveryResponse = dataOf(webhookRecoveryResource)

export const webhookResumeResource = z.object({
	paused_at: isoDateTime.describe('When the pause began: the `since` of the recovery the portal offers.'),
	count: wholeNumber().describe(
		'Events since the pause that were never delivered: what a recovery from `paused_at` sends.',
	),
})
export const webhookResumeResponse = dataOf(webhookResumeResource)
