/**
 * Identity confirmation on top of `api.call` (docs/decisions/0022): whether
 * this sign-in may make a change that needs it (reset, rotate or revoke a
 * secret), and confirming it with the password or an authenticator code.
 * The password and the code go to the API only: never to a log or a URL.
 */
import type { ApiClient } from './client.server'
import type { IdentityConfirmation } from './contract/index'
import { ApiError } from './errors'

export async function identityConfirmation(api: ApiClient): Promise<IdentityConfirmation> {
	return (await api.call('getIdentityConfirmation')).data
}

export async function confirmIdentity(api: ApiClient, proof: { password: string } | { code: string }) {
	return (await api.call('confirmIdentity', { body: proof })).data
}

/** True for the API's 403: the change needs a confirmed identity, and this sign-in's has ended (or never was). */
export const needsIdentityConfirmation = (error: unknown) =>
	error instanceof ApiError && error.status === 403 && error.code === 'identity_confirmation_required'
