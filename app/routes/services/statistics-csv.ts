import type { Route } from './+types/statistics-csv'
import { ApiError } from '#app/api/errors'
import { statisticsCsv } from '#app/api/service-sections.server'
import { getT } from '#app/i18n.server'
import { loadStatistics } from '#app/services/statistics.server'
import { getApi } from '#app/context.server'

/** The service's name as a file name's first part: "Ledger Sync" → "ledger-sync" (ASCII, at most 60 characters). */
function fileNamePart(name: string) {
	const slug = name
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-+|(?<!-)-+$/g, '')
		.slice(0, 60)
		.replace(/(?<!-)-+$/, '')
	return slug || 'service'
}

/** The details page's statistics as a download, with that page's rules; never cached: they change daily. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
	try {
		const [statistics, { data: service }] = await Promise.all([
			loadStatistics(context, params.serviceId, request.url),
			getApi(context).call('getService', { params: { id: params.serviceId } }),
		])
		const fileName = `${fileNamePart(service.name)}-statistics-${statistics.from}-to-${statistics.to}.csv`
		return new Response(statisticsCsv(statistics), {
			headers: {
				'Content-Type': 'text/csv; charset=utf-8',
				'Content-Disposition': `attachment; filename="${fileName}"`,
				'Cache-Control': 'private, no-store',
			},
		})
	} catch (error) {
		// Another partner's service or a malformed id (the API's 404).
		if (!(error instanceof ApiError && error.status === 404)) throw error
		return new Response(getT(context)('statistics:csvNotFound'), {
			status: 404,
			headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' },
		})
	}
}
