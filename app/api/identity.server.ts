// Decision 0022: the password and the code go to the API only, never to a log or a URL.
import type { ApiClient } from './client.server'
import type { IdentityConfirmation } from './contract/index'
import { ApiError } from './errors'

export async function identityConfirmation(api: ApiClient): Promise<IdentityConfirmation> {
	return (await api.call('getIdentityConfirmation')).data
}

export async function confirmIdentity(api: ApiClient, proof: { password: string } | { code: string }) {
	return (await api.call('confirmIdentity', { body: proof })).data
}

export const needsIdentityConfirmation = (error: unknown) =>
	error instanceof ApiError && error.status === 403 && error.code === 'identity_confirmation_required'
