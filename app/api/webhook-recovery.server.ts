/** Webhook recovery (docs/decisions/0032-webhook-recovery.md) on top of `api.call`. */
import type { ApiClient } from './client.server'
import { ApiError } from './errors'
import { webhookRecoveryMessages } from './contract/index'

/**
 * How many deliveries a recovery from `since` sends again, or why `since` is refused (outside the log's days, in
 * the future) — the API's 422 on `since`, named.
 */
export async function previewRecovery(api: ApiClient, id: string, since: string) {
	try {
		const { data } = await api.call('previewWebhookRecovery', { params: { id }, query: { since } })
		return { ok: true as const, ...data }
	} catch (error) {
		const refused = error instanceof ApiError && error.status === 422 ? sinceError(error.body) : null
		if (!refused) throw error
		return { ok: false as const, error: refused }
	}
}

function sinceError(body: unknown): 'tooOld' | 'future' | null {
	const since = (body as { errors?: { since?: string[] } } | undefined)?.errors?.since ?? []
	if (since.includes(webhookRecoveryMessages.sinceTooOld)) return 'tooOld'
	if (since.includes(webhookRecoveryMessages.sinceInFuture)) return 'future'
	return null
}

/** Queues the recovery with the key rendered into the confirmation's form: a double submit queues once. */
export async function recoverDeliveries(api: ApiClient, id: string, since: string, idempotencyKey: string) {
	const { data } = await api.call('recoverWebhookDeliveries', {
		params: { id },
		body: { since, idempotency_key: idempotencyKey },
	})
	return data
}

/**
 * Resumes deliveries to an endpoint paused after failing for days: answers when the pause began (the recovery's
 * `since`), or null when it was not paused (already resumed, a double submit).
 */
export async function resumeDeliveries(api: ApiClient, id: string) {
	try {
		return (await api.call('resumeWebhookEndpoint', { params: { id } })).data
	} catch (error) {
		if (error instanceof ApiError && error.status === 409) return null
		throw error
	}
}
