import { data, type RouterContextProvider } from 'react-router'
import { ApiError } from '#app/api/errors'
import { statisticsDays } from '#app/api/service-sections.server'
import { getApi } from '#app/context.server'

/** Null for another partner's service or a malformed id (the API's 404). */
export async function findStatistics(context: Readonly<RouterContextProvider>, id: string, url: string) {
	const days = statisticsDays(new URL(url).searchParams.get('days'))
	try {
		const query = { days: String(days) as '7' | '30' | '90' }
		return (await getApi(context).call('getServiceStatistics', { params: { id }, query })).data
	} catch (error) {
		if (error instanceof ApiError && error.status === 404) return null
		throw error
	}
}

export async function loadStatistics(context: Readonly<RouterContextProvider>, id: string, url: string) {
	const statistics = await findStatistics(context, id, url)
	if (!statistics) throw data(null, { status: 404 })
	return statistics
}
