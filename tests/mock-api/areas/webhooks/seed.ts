/**
 * The webhook deliveries of a seeded live service, consistent with its seeded
 * statistics: one `password_changed_to_random_string` event per nuke of each
 * day still kept (30 days, up to yesterday), delivered at once — except one
 * that failed once and was delivered by its retry, and one that failed every
 * attempt. Every delivery is finished (no retry left to run), the latest
 * ones delivered, so the endpoint is healthy. Derived from the service id and
 * the dates only: the same deliveries after every reset on the same day.
 */
import { webhookLimits } from '../../../../app/api/contract/index'
import { sha256 } from '../../crypto'
import type { MockStore } from '../../store'
import { isoDay, lastDays, seededDay } from '../service-sections/state'
import { webhookUrlOf, type ServiceRecord } from '../services/state'
import { signedHeaders, type AttemptRecord, type DeliveryRecord } from './state'

const DAY_MS = 24 * 60 * 60 * 1000

/** A UUID-shaped id from a seed string. */
function seededId(seed: string) {
	const hex = sha256(seed)
	return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

/** A number in [0, 1) from a seed string. */
const unit = (seed: string) => parseInt(sha256(seed).slice(0, 12), 16) / 2 ** 48

type Outcome = 'delivered' | 'retried' | 'failed'

export function seedWebhookDeliveries(store: MockStore, service: ServiceRecord) {
	const yesterday = isoDay(store.now() - DAY_MS)
	const events = lastDays(store, webhookLimits.retentionDays)
		.filter((date) => date <= yesterday && date >= isoDay(service.created_at))
		.flatMap((date) =>
			Array.from({ length: seededDay(service, date).nukes }, (_, index) => ({
				seed: `${service.id}:${date}:${index}`,
				// Between 08:00 and 20:00 UTC that day.
				at: Date.parse(`${date}T08:00:00.000Z`) + Math.floor(unit(`${service.id}:${date}:${index}:at`) * 12 * 3600_000),
			})),
		)
		// In the order they happened: the log lists by creation, so a later event has a later place.
		.sort((a, b) => a.at - b.at)
	// With three or more: the oldest failed every attempt, the next one needed its retry; the rest, the latest
	// included, got through (so the endpoint is healthy).
	const outcomes: Outcome[] = events.map((_, index) =>
		events.length < 3 ? 'delivered' : index === 0 ? 'failed' : index === 1 ? 'retried' : 'delivered',
	)
	let seq = store.data.webhook_deliveries.reduce((max, delivery) => Math.max(max, delivery.seq), 0)
	events.forEach(({ seed, at }, index) => {
		const id = seededId(`${seed}:delivery`)
		const eventId = `evt_${sha256(`${seed}:event`).slice(0, 32)}`
		const payload = JSON.stringify({
			id: eventId,
			type: 'password_changed_to_random_string',
			created_at: store.clock.iso(at),
			service_id: service.id,
			data: {
				account_id: `acct_${sha256(`${seed}:account`).slice(0, 12)}`,
				protections: service.security_protections.filter((entry) => entry.enabled).map((entry) => entry.key),
			},
		})
		const attempt = (number: number, started: number, succeeded: boolean): AttemptRecord => {
			const event = { id: eventId, type: 'password_changed_to_random_string' as const }
			const { headers, signedWith } = signedHeaders(store, service.id, payload, started, event, id)
			return {
				number,
				started_at: started,
				request: { url: webhookUrlOf(service), headers },
				response: succeeded
					? { status: 200, headers: { 'content-type': 'text/plain' }, body: 'ok', body_truncated: false }
					: {
							status: 503,
							headers: { 'content-type': 'text/plain' },
							body: 'Service Unavailable',
							body_truncated: false,
						},
				error: null,
				latency_ms: 80 + Math.floor(unit(`${seed}:${number}:latency`) * 400),
				succeeded,
				signed_with: signedWith,
			}
		}
		const outcome = outcomes[index]!
		const attempts: AttemptRecord[] = []
		let started = at
		const tries = outcome === 'failed' ? webhookLimits.retryBackoffSeconds.length + 1 : outcome === 'retried' ? 2 : 1
		for (let number = 1; number <= tries; number++) {
			const succeeded = number === tries && outcome !== 'failed'
			attempts.push(attempt(number, started, succeeded))
			started += (webhookLimits.retryBackoffSeconds[number - 1] ?? 0) * 1000
		}
		const delivery: DeliveryRecord = {
			id,
			seq: ++seq,
			service_id: service.id,
			event_id: eventId,
			event_type: 'password_changed_to_random_string',
			trigger: 'event',
			redelivery_of: null,
			idempotency_key: null,
			url: webhookUrlOf(service),
			payload,
			status: outcome === 'failed' ? 'failed' : 'delivered',
			attempts,
			next_retry_at: null,
			created_at: at,
		}
		store.data.webhook_deliveries.push(delivery)
	})
}
