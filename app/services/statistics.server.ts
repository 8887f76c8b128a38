import type { RouterContextProvider } from 'react-router'
import { statisticsDays } from '#app/api/service-sections.server'
import { getApi } from '#app/context.server'

/** The period the URL asks for (`?days=`, the default when it is not one offered). */
export async function loadStatistics(context: Readonly<RouterContextProvider>, id: string, url: string) {
	const days = `${statisticsDays(new URL(url).searchParams.get('days'))}` as const
	return (await getApi(context).call('getServiceStatistics', { params: { id }, query: { days } })).data
}
