/**
 * The secrets of a service on top of `api.call`: the live ones (at most
 * `serviceLimits.liveSecretsMax`), rotate (add a second), reset (replace every
 * live one now) and revoke (one of two). Rotate and reset answer the plaintext
 * once: pass it on only to the page that shows it once (app/services/secret-once.server.ts),
 * never to a log, a URL or an error.
 */
import type { ApiClient } from './client.server'
import { serviceLimits, type ServiceSecret } from './contract/index'

/** The live secrets of a service, oldest first. */
export async function liveServiceSecrets(api: ApiClient, serviceId: string): Promise<ServiceSecret[]> {
	const { data } = await api.call('listServiceSecrets', { params: { id: serviceId } })
	return data.toSorted((a, b) => a.created_at.localeCompare(b.created_at))
}

/** True when another secret may be added: fewer than two are live. */
export const canRotate = (secrets: readonly ServiceSecret[]) => secrets.length < serviceLimits.liveSecretsMax

/** True when `secrets` may lose one: a service always keeps a live secret. */
export const canRevoke = (secrets: readonly ServiceSecret[]) => secrets.length > 1

/** Adds a second live secret; refused (422 `too_many_secrets`) while two are live. */
export async function rotateServiceSecret(api: ApiClient, serviceId: string) {
	return (await api.call('rotateServiceSecret', { params: { id: serviceId } })).data
}

/** Revokes every live secret now and creates one. */
export async function resetServiceSecret(api: ApiClient, serviceId: string) {
	return (await api.call('resetServiceSecret', { params: { id: serviceId } })).data
}

/** Revokes one of two live secrets; refused (422 `last_secret`) for the only one, 404 for one not live. */
export async function revokeServiceSecret(api: ApiClient, serviceId: string, secretId: string) {
	await api.call('revokeServiceSecret', { params: { id: serviceId, secretId } })
}
