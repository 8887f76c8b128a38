import type { Route } from './+types/statistics-csv'
import { statisticsCsv } from '#app/api/service-sections.server'
import { getT } from '#app/middleware/i18n.server'
import { findStatistics } from '#app/services/statistics.server'

/**
 * `/services/:serviceId/statistics.csv?days=7|30|90`: the numbers of the
 * details page's statistics as a download, with the page's rules (own service
 * only, else 404; the same fallback for `days`). Never cached: they change daily.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
	const statistics = await findStatistics(context, params.serviceId, request.url)
	if (!statistics) {
		return new Response(getT(context)('services:statistics.csvNotFound'), {
			status: 404,
			headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' },
		})
	}
	return new Response(statisticsCsv(statistics), {
		headers: {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="service-statistics-${statistics.from}-to-${statistics.to}.csv"`,
			'Cache-Control': 'private, no-store',
		},
	})
}
