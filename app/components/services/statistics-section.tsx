import { useTranslation, type TFunction } from '#app/i18n'
import { href } from 'react-router'
import { Link } from '#app/components/ui/link'
import { statisticsDaysOptions } from '#app/api/contract/constants'
import type { ServiceStatistics } from '#app/api/contract/index'
import { formatDate, formatNumber, statisticsChart } from './statistics-chart'
import { escapeHtml, fragment, h, Markup } from '#app/utils/markup'

/** The section's id: the period links come back to it. */
export const STATISTICS_ID = 'statistics'

/**
 * The statistics of the details page: the period choice (links, so it works
 * without JS), then the totals, the chart, the daily table and the CSV
 * download of the same numbers, or the empty state when nobody used the
 * service in the period. The numbers are markup built as a string
 * (`app/utils/markup.ts`), the same on the server and in the browser.
 */
export function StatisticsSection({ serviceId, statistics }: { serviceId: string; statistics: ServiceStatistics }) {
	const { t } = useTranslation('services')
	const details = href('/services/:serviceId', { serviceId })
	const { totals } = statistics
	const empty = totals.active_users === 0 && totals.new_users === 0 && totals.nukes === 0
	return (
		<section id={STATISTICS_ID} className="stack statistics" aria-labelledby="statistics-heading">
			<h2 id="statistics-heading">{t('statistics.heading')}</h2>
			<p className="muted">{t('statistics.intro')}</p>
			<nav aria-label={t('statistics.period')}>
				<ul className="statistics__periods">
					{statisticsDaysOptions.map((days) => (
						<li key={days}>
							<Link
								to={`${details}?days=${days}#${STATISTICS_ID}`}
								aria-current={days === statistics.days ? 'page' : undefined}
							>
								{t('statistics.days', { count: days })}
							</Link>
						</li>
					))}
				</ul>
			</nav>
			{empty ? (
				<div className="notice">
					<h3 className="notice__title">{t('statistics.emptyTitle')}</h3>
					<p className="notice__body">{t('statistics.empty', { count: statistics.days })}</p>
				</div>
			) : (
				<div className="stack" dangerouslySetInnerHTML={{ __html: periodMarkup(serviceId, statistics, t).html }} />
			)}
		</section>
	)
}

/** The totals, the chart, the daily table and the CSV link of one period (`t` of the services namespace). */
function periodMarkup(serviceId: string, statistics: ServiceStatistics, t: TFunction): Markup {
	const { totals } = statistics
	const range = { from: formatDate(statistics.from), to: formatDate(statistics.to) }
	const term = (name: string, value: string) => h('div', null, h('dt', null, name), h('dd', null, value))
	// The table's cells, up to 90 rows of them, written directly: each value goes through the escaper all the same.
	const figures = (numbers: ServiceStatistics['totals']) =>
		new Markup(
			`<td>${escapeHtml(formatNumber(numbers.active_users))}</td><td>${escapeHtml(formatNumber(numbers.new_users))}</td><td>${escapeHtml(formatNumber(numbers.nukes))}</td>`,
		)
	const dayHeader = (date: string) =>
		new Markup(`<th scope="row"><time datetime="${escapeHtml(date)}">${escapeHtml(formatDate(date))}</time></th>`)
	return fragment(
		h('h3', { id: 'statistics-totals' }, t('statistics.totals', range)),
		h(
			'dl',
			{ class: 'summary-list', 'aria-labelledby': 'statistics-totals' },
			term(
				t('statistics.activeUsers'),
				t('statistics.activeUsersTotal', {
					count: totals.active_users,
					formatted: formatNumber(totals.active_users),
				}),
			),
			term(t('statistics.newUsers'), formatNumber(totals.new_users)),
			term(t('statistics.nukes'), formatNumber(totals.nukes)),
		),
		h('p', { class: 'muted' }, `${t('statistics.activeUsersHint')} ${t('statistics.nukesHint')}`),
		statisticsChart(statistics, t),
		h(
			'table',
			{ class: 'statistics__table' },
			h('caption', null, t('statistics.table.caption', range)),
			h(
				'thead',
				null,
				h(
					'tr',
					null,
					[
						t('statistics.table.date'),
						t('statistics.activeUsers'),
						t('statistics.newUsers'),
						t('statistics.nukes'),
					].map((name) => h('th', { scope: 'col' }, name)),
				),
			),
			h(
				'tbody',
				null,
				statistics.daily.map((day) => h('tr', null, dayHeader(day.date), figures(day))),
			),
			h('tfoot', null, h('tr', null, h('th', { scope: 'row' }, t('statistics.table.total')), figures(totals))),
		),
		h(
			'p',
			null,
			h(
				'a',
				{
					href: `${href('/services/:serviceId/statistics.csv', { serviceId })}?days=${statistics.days}`,
					download: true,
				},
				t('statistics.csv'),
			),
		),
	)
}
