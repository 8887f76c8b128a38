import { getConfig } from '#app/config.server'
import { endpoints } from './contract/endpoints'

// Any answer below 500 counts: a 401 or 404 still proves the API is up.
export async function checkApiReachable(
	signal?: AbortSignal,
): Promise<{ ok: true } | { ok: false; reason: 'timeout' | 'unreachable' | 'error_status' }> {
	const url = `${getConfig().API_BASE_URL}${endpoints.listAuthenticationTypes.path}?per_page=1`
	const timeout = AbortSignal.timeout(2_000)
	try {
		const response = await fetch(url, {
			headers: { accept: 'application/json' },
			signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
		})
		await response.body?.cancel()
		return response.status < 500 ? { ok: true } : { ok: false, reason: 'error_status' }
	} catch {
		return { ok: false, reason: timeout.aborted ? 'timeout' : 'unreachable' }
	}
}
