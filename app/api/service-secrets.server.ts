// The plaintext is answered once: pass it only to the page that shows it, never a log, a URL or an error.
import type { ApiClient } from './client.server'
import { serviceLimits, type ServiceSecret } from './contract/index'

export async function liveServiceSecrets(api: ApiClient, serviceId: string): Promise<ServiceSecret[]> {
	const { data } = await api.call('listServiceSecrets', { params: { id: serviceId } })
	return data.toSorted((a, b) => a.created_at.localeCompare(b.created_at))
}

export const canRotate = (secrets: readonly ServiceSecret[]) => secrets.length < serviceLimits.liveSecretsMax

/** A service always keeps a live secret. */
export const canRevoke = (secrets: readonly ServiceSecret[]) => secrets.length > 1
