import type { ApiClient } from './client.server'
import { createTtlCache } from './cache.server'
import type { AuthenticationTypeKey } from './contract/index'
import { ApiError } from './errors'
import { allPages } from './pagination.server'

// Spec point 9: cached per process for 60 s.
const referenceCache = createTtlCache<Array<{ id: string; key: string }>>()

async function typeId(api: ApiClient, list: 'listAuthenticationTypes' | 'listUserTokenTypes', key: string) {
	const items = await referenceCache.get(list, () => allPages(api, list))
	const id = items.find((item) => item.key === key)?.id
	if (!id) throw new ApiError('bad_response', `${list} has no "${key}"`)
	return id
}

export function authenticationTypeId(api: ApiClient, key: AuthenticationTypeKey) {
	return typeId(api, 'listAuthenticationTypes', key)
}

export const userTokenTypeId = (api: ApiClient, key: string) => typeId(api, 'listUserTokenTypes', key)
