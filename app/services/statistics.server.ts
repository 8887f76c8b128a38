import { data, type RouterContextProvider } from 'react-router'
import { ApiError } from '#app/api/errors'
import { serviceStatistics, statisticsDays } from '#app/api/service-sections.server'
import { getApi } from '#app/context.server'

/**
 * The statistics of the signed-in partner's service `id` for the period the
 * URL asks for (`?days=7|30|90`; anything else is the default, 30: see
 * docs/decisions/0013-services-part-2.md); null when the service is another
 * partner's or the id is malformed (the API's 404).
 */
export async function findStatistics(context: Readonly<RouterContextProvider>, id: string, url: string) {
	const days = statisticsDays(new URL(url).searchParams.get('days'))
	try {
		return await serviceStatistics(getApi(context), id, days)
	} catch (error) {
		if (error instanceof ApiError && error.status === 404) return null
		throw error
	}
}

/** `findStatistics` for a page loader: no statistics is the same 404 page as `loadService`, whichever answers first. */
export async function loadStatistics(context: Readonly<RouterContextProvider>, id: string, url: string) {
	const statistics = await findStatistics(context, id, url)
	if (!statistics) throw data(null, { status: 404 })
	return statistics
}
