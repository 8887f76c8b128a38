/** Services part 3: test event, endpoint check, delivery log, redelivery, health. */
import {
	redeliverBody,
	serviceMessages,
	signingSecretMessages,
	validationMessages,
	webhookDeliveryListQuery,
	limits,
	listQuery,
} from '../../../../app/api/contract/index'
import type { webhookDeliveriesEndpoints } from '../../../../app/api/contract/webhook-deliveries.endpoints'
import {
	caller,
	decodeSeqCursor,
	encodeSeqCursor,
	fail,
	notFound,
	parseBody,
	parseQuery,
	reply,
	validationFailed,
	type Ctx,
	type Handlers,
} from '../../http'
import { emailSigningSecretRotated } from '../emails/notices'
import { recordActivity } from '../activity/state'
import { requireConfirmedIdentity } from '../identity/state'
import { serviceOf } from '../services/state'
import { liveSigningSecrets, rotateSigningSecret } from './keys'
import {
	presentCheck,
	presentCheckSummary,
	presentDelivery,
	presentDeliverySummary,
	presentHealth,
	presentSigningSecrets,
} from './presenters'
import {
	checkEndpoint,
	deliver,
	deliveriesOf,
	pruneWebhooks,
	runDueRetries,
	sendEvent,
	type CheckRecord,
} from './state'

/** Runs the retries that are due, then drops what is older than 30 days: every read sees the clock's truth. */
async function settle(ctx: Ctx) {
	await runDueRetries(ctx.store)
	pruneWebhooks(ctx.store)
}

function deliveryOf(ctx: Ctx) {
	const service = serviceOf(ctx)
	const delivery = deliveriesOf(ctx.store, service.id).find((candidate) => candidate.id === ctx.params.deliveryId)
	if (!delivery) throw notFound()
	return { service, delivery }
}

/**
 * The checks' cursor is the position of the last check of a page in their order (newest first by `created_at`,
 * then by id): the next page starts after it, whether it is still kept or not.
 */
type CheckPosition = { at: number; id: string }
const encodeCheckCursor = (check: CheckRecord) =>
	Buffer.from(JSON.stringify({ at: check.created_at, id: check.id })).toString('base64url')
function decodeCheckCursor(cursor: string): CheckPosition | null {
	try {
		const { at, id } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<CheckPosition>
		return typeof at === 'number' && Number.isInteger(at) && typeof id === 'string' && id !== '' ? { at, id } : null
	} catch {
		return null
	}
}
/** Newest first; the same time (one millisecond) by id, so every check has one place. */
const newestCheckFirst = (a: CheckRecord, b: CheckRecord) =>
	b.created_at - a.created_at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)
const isAfter = (check: CheckRecord, position: CheckPosition) =>
	check.created_at < position.at || (check.created_at === position.at && check.id < position.id)

export const PING_MESSAGE = 'A test event sent from the partner portal.'

type WebhookEndpointName = keyof typeof webhookDeliveriesEndpoints

export const webhookHandlers = {
	sendWebhookTestEvent: async (ctx) => {
		const service = serviceOf(ctx)
		const delivery = await sendEvent(ctx.store, service, 'ping', { message: PING_MESSAGE }, 'test')
		recordActivity(ctx.store, service.id, 'webhook_test_sent', ctx, { delivery_id: delivery.id })
		return reply(201, { data: presentDelivery(ctx.store, delivery) })
	},

	checkWebhookEndpoint: async (ctx) => {
		const service = serviceOf(ctx)
		const check = await checkEndpoint(ctx.store, service)
		recordActivity(ctx.store, service.id, 'webhook_endpoint_checked', ctx, { check_id: check.id })
		return reply(201, { data: presentCheck(ctx.store, check) })
	},

	listWebhookChecks: (ctx) => {
		const service = serviceOf(ctx)
		const query = parseQuery(ctx, listQuery)
		let after: CheckPosition | null = null
		if (query.cursor !== undefined) {
			after = decodeCheckCursor(query.cursor)
			if (after === null) throw validationFailed({ cursor: [validationMessages.invalid] })
		}
		pruneWebhooks(ctx.store)
		const perPage = query.per_page ?? limits.perPageDefault
		const matching = ctx.store.data.webhook_checks
			.filter((check) => check.service_id === service.id && (after === null || isAfter(check, after)))
			.sort(newestCheckFirst)
		const page = matching.slice(0, perPage)
		return reply(200, {
			data: page.map((check) => presentCheckSummary(ctx.store, check)),
			meta: { next_cursor: matching.length > perPage ? encodeCheckCursor(page.at(-1)!) : null },
		})
	},

	getWebhookCheck: (ctx) => {
		const service = serviceOf(ctx)
		pruneWebhooks(ctx.store)
		const check = ctx.store.data.webhook_checks.find(
			(candidate) => candidate.id === ctx.params.checkId && candidate.service_id === service.id,
		)
		if (!check) throw notFound()
		return reply(200, { data: presentCheck(ctx.store, check) })
	},

	listWebhookDeliveries: async (ctx) => {
		const service = serviceOf(ctx)
		const query = parseQuery(ctx, webhookDeliveryListQuery)
		const before = query.cursor === undefined ? Number.POSITIVE_INFINITY : decodeSeqCursor(query.cursor)
		await settle(ctx)
		const perPage = query.per_page ?? limits.perPageDefault
		const matching = deliveriesOf(ctx.store, service.id)
			.filter((delivery) => (query.status === undefined || delivery.status === query.status) && delivery.seq < before)
			.filter((delivery) => query.event === undefined || delivery.event_type === query.event)
			.sort((a, b) => b.seq - a.seq)
		const page = matching.slice(0, perPage)
		const next = matching.length > perPage ? encodeSeqCursor(page.at(-1)!.seq) : null
		return reply(200, {
			data: page.map((delivery) => presentDeliverySummary(ctx.store, delivery)),
			meta: { next_cursor: next },
		})
	},

	getWebhookDelivery: async (ctx) => {
		serviceOf(ctx)
		await settle(ctx)
		return reply(200, { data: presentDelivery(ctx.store, deliveryOf(ctx).delivery) })
	},

	redeliverWebhookDelivery: async (ctx) => {
		const { service, delivery } = deliveryOf(ctx)
		const { idempotency_key: key } = parseBody(ctx, redeliverBody)
		const earlier = deliveriesOf(ctx.store, service.id).find((candidate) => candidate.idempotency_key === key)
		if (earlier) {
			if (earlier.redelivery_of !== delivery.id) {
				throw validationFailed(
					{ idempotency_key: [serviceMessages.idempotencyKeyReused] },
					{ code: 'idempotency_key_reused' },
				)
			}
			return reply(200, { data: presentDelivery(ctx.store, earlier) })
		}
		const redelivery = await deliver(
			ctx.store,
			service,
			{ id: delivery.event_id, type: delivery.event_type, payload: delivery.payload },
			'redelivery',
			{ redelivery_of: delivery.id, idempotency_key: key },
		)
		return reply(201, { data: presentDelivery(ctx.store, redelivery) })
	},

	getWebhookHealth: async (ctx) => {
		const service = serviceOf(ctx)
		await settle(ctx)
		return reply(200, { data: presentHealth(ctx.store, service.id) })
	},
	// The signing secrets are secrets: showing and rotating them need a confirmed identity, as changing a client
	// secret does (decision 0022), after the 404 of someone else's service.
	listWebhookSigningSecrets: (ctx) => {
		const service = serviceOf(ctx)
		requireConfirmedIdentity(ctx.store, caller(ctx))
		pruneWebhooks(ctx.store)
		return reply(200, { data: presentSigningSecrets(ctx.store, liveSigningSecrets(ctx.store, service.id)) })
	},

	rotateWebhookSigningSecret: (ctx) => {
		const service = serviceOf(ctx)
		requireConfirmedIdentity(ctx.store, caller(ctx))
		pruneWebhooks(ctx.store)
		const rotated = rotateSigningSecret(ctx.store, service.id)
		if (!rotated.ok) {
			const until = ctx.store.clock.iso(rotated.previousExpiresAt)
			throw fail(409, {
				message: signingSecretMessages.rotationInProgress(until),
				code: 'rotation_in_progress',
				previous_expires_at: until,
			})
		}
		emailSigningSecretRotated(ctx.store, service)
		recordActivity(ctx.store, service.id, 'signing_secret_rotated', ctx, { secret_hint: rotated.live[0]!.record.hint })
		return reply(201, { data: presentSigningSecrets(ctx.store, rotated.live) })
	},
} satisfies Handlers<WebhookEndpointName>
