/** Deliveries, checks and health as the contract shows them. */
import type {
	SigningSecret,
	WebhookCheck,
	WebhookCheckSummary,
	WebhookDelivery,
	WebhookDeliverySummary,
	WebhookExchange,
	WebhookHealth,
} from '../../../../app/api/contract/index'
import type { MockStore } from '../../store'
import type { liveSigningSecrets } from './keys'
import { attemptError, health, verdicts, type CheckRecord, type DeliveryRecord, type ExchangeRecord } from './state'

export function presentExchange(store: MockStore, exchange: ExchangeRecord, body: string): WebhookExchange {
	return {
		started_at: store.clock.iso(exchange.started_at),
		request: { method: 'POST', url: exchange.request.url, headers: { ...exchange.request.headers }, body },
		response: exchange.response && { ...exchange.response, headers: { ...exchange.response.headers } },
		error: exchange.error && { ...exchange.error },
		latency_ms: exchange.latency_ms,
	}
}

export function presentDeliverySummary(store: MockStore, delivery: DeliveryRecord): WebhookDeliverySummary {
	const last = delivery.attempts.at(-1)
	return {
		id: delivery.id,
		event_id: delivery.event_id,
		event_type: delivery.event_type,
		trigger: delivery.trigger,
		redelivery_of: delivery.redelivery_of,
		redelivered_by: store.data.webhook_deliveries.findLast((later) => later.redelivery_of === delivery.id)?.id ?? null,
		url: delivery.url,
		status: delivery.status,
		attempt_count: delivery.attempts.length,
		last_attempt_at: last ? store.clock.iso(last.started_at) : null,
		last_status_code: last?.response?.status ?? null,
		last_error: last && !last.succeeded ? attemptError(last) : null,
		next_retry_at: delivery.next_retry_at === null ? null : store.clock.iso(delivery.next_retry_at),
		signed_with: (last?.signed_with ?? []).map((secret) => ({ ...secret })),
		created_at: store.clock.iso(delivery.created_at),
	}
}

export function presentDelivery(store: MockStore, delivery: DeliveryRecord): WebhookDelivery {
	return {
		...presentDeliverySummary(store, delivery),
		payload: delivery.payload,
		attempts: delivery.attempts.map((entry) => ({
			...presentExchange(store, entry, delivery.payload),
			number: entry.number,
			succeeded: entry.succeeded,
			signed_with: entry.signed_with.map((secret) => ({ ...secret })),
		})),
	}
}

export function presentCheckSummary(store: MockStore, check: CheckRecord): WebhookCheckSummary {
	return { id: check.id, url: check.url, verdicts: verdicts(check), created_at: store.clock.iso(check.created_at) }
}

export function presentCheck(store: MockStore, check: CheckRecord): WebhookCheck {
	return {
		...presentCheckSummary(store, check),
		challenge: check.challenge,
		signed: presentExchange(store, check.signed, check.payload),
		wrong_signature: presentExchange(store, check.wrong_signature, check.payload),
	}
}

export function presentHealth(store: MockStore, serviceId: string): WebhookHealth {
	const state = health(store, serviceId)
	const iso = (at: number | null) => (at === null ? null : store.clock.iso(at))
	return {
		failing: state.failing,
		consecutive_failures: state.consecutive,
		last_attempt_at: iso(state.lastAttemptAt),
		last_success_at: iso(state.lastSuccessAt),
		failing_since: iso(state.failingSince),
		pauses_after: iso(state.pausesAfter),
		last_error: state.lastError && { ...state.lastError, at: store.clock.iso(state.lastError.at) },
		paused_at: iso(state.pausedAt),
	}
}

export function presentSigningSecrets(
	store: MockStore,
	secrets: ReturnType<typeof liveSigningSecrets>,
): SigningSecret[] {
	return secrets.map(({ record, secret }) => ({
		id: record.id,
		secret,
		hint: record.hint,
		created_at: store.clock.iso(record.created_at),
		expires_at: record.expires_at === null ? null : store.clock.iso(record.expires_at),
	}))
}
