import { useTranslation } from 'react-i18next'
import { href, Link } from 'react-router'
import { statisticsDaysOptions } from '#app/api/contract/constants'
import type { ServiceStatistics } from '#app/api/contract/index'
import { formatDate, formatNumber, StatisticsChart } from './statistics-chart'
import { SummaryRow } from './summary-row'
import { TableHead } from './table-head'

/** The section's id: the period links come back to it. */
export const STATISTICS_ID = 'statistics'

/** The period choice is links, so it works without JS. */
export function StatisticsSection({ serviceId, statistics }: { serviceId: string; statistics: ServiceStatistics }) {
	const { t } = useTranslation('statistics')
	const details = href('/services/:serviceId', { serviceId })
	const { totals } = statistics
	const empty = totals.active_users === 0 && totals.new_users === 0 && totals.nukes === 0
	return (
		<section id={STATISTICS_ID} className="stack statistics" aria-labelledby="statistics-heading">
			<h2 id="statistics-heading">{t('heading')}</h2>
			<p className="muted">{t('intro')}</p>
			<nav aria-label={t('period')}>
				<ul className="statistics__periods">
					{statisticsDaysOptions.map((days) => (
						<li key={days}>
							<Link
								to={`${details}?days=${days}#${STATISTICS_ID}`}
								aria-current={days === statistics.days ? 'page' : undefined}
							>
								{t('days', { count: days })}
							</Link>
						</li>
					))}
				</ul>
			</nav>
			{empty ? (
				<div className="notice">
					<h3 className="notice__title">{t('emptyTitle')}</h3>
					<p className="notice__body">{t('empty', { count: statistics.days })}</p>
				</div>
			) : (
				<Period serviceId={serviceId} statistics={statistics} />
			)}
		</section>
	)
}

function Period({ serviceId, statistics }: { serviceId: string; statistics: ServiceStatistics }) {
	const { t } = useTranslation('statistics')
	const { totals } = statistics
	const range = { from: formatDate(statistics.from), to: formatDate(statistics.to) }
	const activeTotal = t('activeUsersTotal', {
		count: totals.active_users,
		formatted: formatNumber(totals.active_users),
	})
	return (
		<div className="stack">
			<h3 id="statistics-totals">{t('totals', range)}</h3>
			<dl className="summary-list" aria-labelledby="statistics-totals">
				<SummaryRow term={t('activeUsers')}>{activeTotal}</SummaryRow>
				<SummaryRow term={t('newUsers')}>{formatNumber(totals.new_users)}</SummaryRow>
				<SummaryRow term={t('nukesExplained')}>{formatNumber(totals.nukes)}</SummaryRow>
			</dl>
			<p className="muted">{t('activeUsersHint')}</p>
			<StatisticsChart statistics={statistics} />
			<details className="statistics__daily">
				<summary>{t('table.summary', { count: statistics.daily.length })}</summary>
				<table className="statistics__table">
					<caption>{t('table.caption', range)}</caption>
					<TableHead columns={[t('table.date'), t('activeUsers'), t('newUsers'), t('nukes')]} />
					<tbody>
						{statistics.daily.map((day) => (
							<tr key={day.date}>
								<th scope="row">
									<time dateTime={day.date}>{formatDate(day.date)}</time>
								</th>
								<td>{formatNumber(day.active_users)}</td>
								<td>{formatNumber(day.new_users)}</td>
								<td>{formatNumber(day.nukes)}</td>
							</tr>
						))}
					</tbody>
					<tfoot>
						<tr>
							<th scope="row">{t('table.total')}</th>
							<td>{activeTotal}</td>
							<td>{formatNumber(totals.new_users)}</td>
							<td>{formatNumber(totals.nukes)}</td>
						</tr>
					</tfoot>
				</table>
			</details>
			<p>
				<a href={`${href('/services/:serviceId/statistics.csv', { serviceId })}?days=${statistics.days}`} download>
					{t('csv')}
				</a>
			</p>
		</div>
	)
}
