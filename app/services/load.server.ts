import { data, type RouterContextProvider } from 'react-router'
import { ApiError } from '#app/api/errors'
import { getApi } from '#app/context.server'

/**
 * The signed-in partner's service `id`, for a loader or action under
 * `/services/:serviceId`. Another partner's service and a malformed id are the
 * same 404 page: the portal never confirms that someone else's id exists.
 */
export async function loadService(context: Readonly<RouterContextProvider>, id: string) {
	try {
		return (await getApi(context).call('getService', { params: { id } })).data
	} catch (error) {
		if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 })
		throw error
	}
}
