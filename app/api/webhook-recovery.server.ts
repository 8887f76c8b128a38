// Decision 0032.
import type { ApiClient } from './client.server'
import { ApiError } from './errors'
import { webhookRecoveryMessages } from './contract/index'

export async function previewRecovery(api: ApiClient, id: string, since: string) {
	try {
		const { data } = await api.call('previewWebhookRecovery', { params: { id }, query: { since } })
		return { ok: true as const, ...data }
	} catch (error) {
		const refused = error instanceof ApiError && error.status === 422 ? sinceError(error.fieldErrors.since) : null
		if (!refused) throw error
		return { ok: false as const, error: refused }
	}
}

function sinceError(since: string[] = []): 'tooOld' | 'future' | null {
	if (since.includes(webhookRecoveryMessages.sinceTooOld)) return 'tooOld'
	if (since.includes(webhookRecoveryMessages.sinceInFuture)) return 'future'
	return null
}

/** The pause's start (the recovery's `since`), or null when not paused (a double submit). */
export async function resumeDeliveries(api: ApiClient, id: string) {
	try {
		return (await api.call('resumeWebhookEndpoint', { params: { id } })).data
	} catch (error) {
		if (error instanceof ApiError && error.status === 409) return null
		throw error
	}
}
