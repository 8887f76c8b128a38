import { data, type RouterContextProvider } from 'react-router'
import { ApiError } from '#app/api/errors'
import { getApi } from '#app/context.server'

/**
 * The signed-in partner's service `id`: called once per request by the
 * service layout's middleware (app/routes/services/service.tsx); pages read it
 * with `getService`.
 */
export async function loadService(context: Readonly<RouterContextProvider>, id: string) {
	try {
		return (await getApi(context).call('getService', { params: { id } })).data
	} catch (error) {
		return rethrowNotFound(error)
	}
}

/**
 * An API 404 inside the service area is the page's 404: another partner's
 * service (or delivery, secret…) and a malformed id look the same, so the
 * portal never confirms that someone else's id exists.
 */
export function throwIfNotFound(error: unknown) {
	if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 })
}

/** `throwIfNotFound`, then anything else rethrown: for a `.catch` that handles nothing else. */
export function rethrowNotFound(error: unknown): never {
	throwIfNotFound(error)
	throw error
}
