import type { ApiClient } from './client.server'
import { createTtlCache } from './cache.server'
import type { AuthenticationTypeKey } from './contract/index'
import { ApiError } from './errors'
import { allPages } from './pagination.server'

/** Reference lists change rarely: cached per process for 60 s (spec point 9). */
const referenceCache = createTtlCache<Array<{ id: string; key: string }>>()

async function typeId(api: ApiClient, list: 'listAuthenticationTypes' | 'listUserTokenTypes', key: string) {
	const items = await referenceCache.get(list, () => allPages(api, list))
	const id = items.find((item) => item.key === key)?.id
	if (!id) throw new ApiError('bad_response', `${list} has no "${key}"`)
	return id
}

/** The id of an authentication type, for the token and two-step calls that take one. */
export function authenticationTypeId(api: ApiClient, key: AuthenticationTypeKey) {
	return typeId(api, 'listAuthenticationTypes', key)
}

/** The id of a user token type (`reset_password`, `email_verification`, `email_change`). */
export function userTokenTypeId(api: ApiClient, key: string) {
	return typeId(api, 'listUserTokenTypes', key)
}
