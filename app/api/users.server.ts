import type { ApiClient } from './client.server'
import { validationMessages, type UpdateMeBody, type User } from './contract/index'
import { ApiError } from './errors'
import { userTokenTypeId } from './reference.server'

export type { User }

const currentUsers = new WeakMap<ApiClient, Promise<User>>()

/** Read once per request however many loaders ask. */
export function currentUser(api: ApiClient): Promise<User> {
	let user = currentUsers.get(api)
	if (!user) {
		user = api.call('getCurrentUser').then((r) => r.data)
		currentUsers.set(api, user)
	}
	return user
}

/** An outage is still an error. */
export async function currentUserOrNull(api: ApiClient): Promise<User | null> {
	if (!api.tokens.access && !api.tokens.refresh) return null
	try {
		return await currentUser(api)
	} catch (error) {
		if (error instanceof ApiError && (error.kind === 'unauthenticated' || error.status === 403)) {
			await api.tokens.clearTokens()
			return null
		}
		throw error
	}
}

/** Later reads in this request see the new user. */
export async function updateCurrentUser(api: ApiClient, body: UpdateMeBody) {
	const { data } = await api.call('updateCurrentUser', { body })
	currentUsers.set(api, Promise.resolve(data))
	return data
}

export function isEmailTaken(error: unknown): error is ApiError {
	return (
		error instanceof ApiError &&
		error.status === 422 &&
		(error.fieldErrors.email ?? []).includes(validationMessages.unique)
	)
}

/** A reset_password token is only checked, not used. */
export async function verifyUserToken(api: ApiClient, typeKey: string, token: string) {
	const id = await userTokenTypeId(api, typeKey)
	return (await api.call('verifyUserToken', { params: { id }, body: { token } })).data
}

export async function followEmailLink(
	api: ApiClient,
	typeKey: 'email_verification' | 'email_change',
	token: string,
): Promise<'confirmed' | 'already' | 'invalid'> {
	try {
		await verifyUserToken(api, typeKey, token)
		return 'confirmed'
	} catch (error) {
		if (error instanceof ApiError && error.status === 409 && error.code === 'already_verified') return 'already'
		if (error instanceof ApiError && error.kind === 'bad_request') return 'invalid'
		throw error
	}
}

export async function resetTokenState(api: ApiClient, token: string): Promise<'usable' | 'used' | 'invalid'> {
	try {
		await verifyUserToken(api, 'reset_password', token)
		return 'usable'
	} catch (error) {
		return unusableResetToken(error)
	}
}

/** Why the API refused a reset token (`error`); rethrows any other failure. */
export function unusableResetToken(error: unknown): 'used' | 'invalid' {
	if (error instanceof ApiError && error.status === 409 && error.code === 'token_used') return 'used'
	if (error instanceof ApiError && (error.status === 422 || error.code === 'invalid_token')) return 'invalid'
	throw error
}
