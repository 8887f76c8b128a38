import type { TFunction } from '#app/i18n'
import { h, Markup } from '#app/utils/markup'
import { remembered } from '#app/utils/remembered'
import type { ServiceStatistics, StatisticsDay, StatisticsNumbers } from '#app/api/contract/index'
import { defaultLanguage } from '#app/locales/index'

/**
 * The daily statistics as a line chart, drawn as SVG markup (no chart
 * library, no script, no inline style; see `app/utils/markup.ts` for why it
 * is a string, not React elements). A pure function of the numbers:
 * the SVG is an image with a title and a text description of the trend, the
 * three series differ by dash pattern and marker shape as well as by colour,
 * and the legend beside it is text. The viewBox scales it to any width.
 */

export type Series = keyof StatisticsNumbers

/** Drawn in this order; each series' label key, colour, dash pattern and marker shape. */
export const SERIES = [
	{ key: 'active_users', label: 'activeUsers', colour: '#1d4ed8', dash: undefined, marker: 'circle' },
	{ key: 'new_users', label: 'newUsers', colour: '#166534', dash: '8 4', marker: 'square' },
	{ key: 'nukes', label: 'nukes', colour: '#b91c1c', dash: '2 3', marker: 'triangle' },
] as const satisfies readonly { key: Series; label: string; colour: string; dash?: string; marker: string }[]

export type Marker = (typeof SERIES)[number]['marker']

const WIDTH = 400
const HEIGHT = 220
const PLOT = { left: 44, right: 12, top: 12, bottom: 30 }
const PLOT_WIDTH = WIDTH - PLOT.left - PLOT.right
const PLOT_HEIGHT = HEIGHT - PLOT.top - PLOT.bottom
/** At most this many markers per series, so 90 days stay readable on a phone. */
const MAX_MARKERS = 16

const shortDate = new Intl.DateTimeFormat(defaultLanguage, { day: 'numeric', month: 'short', timeZone: 'UTC' })
const longDate = new Intl.DateTimeFormat(defaultLanguage, {
	day: 'numeric',
	month: 'short',
	year: 'numeric',
	timeZone: 'UTC',
})
const compact = new Intl.NumberFormat(defaultLanguage, { notation: 'compact' })
const whole = new Intl.NumberFormat(defaultLanguage)

/**
 * A details page formats each of up to 90 days and their figures for the
 * chart, the table and the totals, on every request, and `Intl` formatting is
 * the costly part of that: the answers are remembered.
 */
const kept = <T>(format: (value: T) => string) => remembered(format, 2_000)

/** "23 Nov" for an API date (YYYY-MM-DD, UTC). */
export const formatShortDate = kept((date: string) => shortDate.format(new Date(`${date}T00:00:00Z`)))
/** "23 Nov 2026" for an API date (YYYY-MM-DD, UTC). */
export const formatDate = kept((date: string) => longDate.format(new Date(`${date}T00:00:00Z`)))
/** "1,234". */
export const formatNumber = kept((value: number) => whole.format(value))
/** "1.2K": the y axis' ticks. */
const formatCompact = kept((value: number) => compact.format(value))

/** The top of the y axis and its step: a round number at or above `max`, in about four steps. */
export function yScale(max: number): { top: number; step: number } {
	if (max <= 0) return { top: 4, step: 1 }
	const rough = max / 4
	const magnitude = 10 ** Math.floor(Math.log10(rough))
	const residual = rough / magnitude
	const nice = residual <= 1 ? 1 : residual <= 2 ? 2 : residual <= 5 ? 5 : 10
	const step = Math.max(1, nice * magnitude)
	return { top: Math.ceil(max / step) * step, step }
}

/** The x position of day `index` of `count`. */
const xAt = (index: number, count: number) =>
	PLOT.left + (count <= 1 ? PLOT_WIDTH / 2 : (index * PLOT_WIDTH) / (count - 1))

/** Rounded to a tenth, so the markup stays short. */
const round = (value: number) => Math.round(value * 10) / 10

/**
 * `String(round(value))`, from integers: V8 writes a fraction several times
 * slower than an integer, and a 90-day chart writes about 1,500 coordinates.
 */
export function tenths(value: number): string {
	const scaled = Math.round(value * 10)
	const fraction = scaled % 10
	if (fraction === 0) return String(scaled / 10)
	return `${scaled < 0 ? '-' : ''}${Math.trunc(Math.abs(scaled) / 10)}.${Math.abs(fraction)}`
}

type SeriesSummary = {
	key: Series
	first: number
	last: number
	max: number
	maxDate: string
	total: number
}

/** What the description says about one series: first, last, highest day and total. */
export function summarise(daily: StatisticsDay[], key: Series): SeriesSummary {
	let max = -1
	let maxDate = daily[0]?.date ?? ''
	let total = 0
	for (const day of daily) {
		total += day[key]
		if (day[key] > max) {
			max = day[key]
			maxDate = day.date
		}
	}
	return { key, first: daily[0]?.[key] ?? 0, last: daily.at(-1)?.[key] ?? 0, max: Math.max(max, 0), maxDate, total }
}

/** The ids of the chart's title and description: one chart per page. */
const TITLE_ID = 'statistics-chart-title'
const DESC_ID = 'statistics-chart-desc'

/** The chart (SVG) and its legend, as markup (`t` of the services namespace). */
export function statisticsChart(statistics: ServiceStatistics, t: TFunction): Markup {
	const { daily } = statistics
	const count = daily.length
	let max = 0
	for (const day of daily) for (const series of SERIES) max = Math.max(max, day[series.key])
	const { top, step } = yScale(max)
	const yAt = (value: number) => PLOT.top + PLOT_HEIGHT - (value / top) * PLOT_HEIGHT
	// Each day's x, rounded and written once for the three series.
	const xs = daily.map((_, index) => round(xAt(index, count)))
	const xLabelsAt = xs.map(tenths)
	const ticks = Array.from({ length: top / step + 1 }, (_, index) => index * step)
	const every = Math.max(1, Math.ceil(count / MAX_MARKERS))
	const markerIndexes = daily.map((_, index) => index).filter((index) => index % every === 0 || index === count - 1)
	const xLabels = count > 2 ? [0, Math.floor((count - 1) / 2), count - 1] : daily.map((_, index) => index)

	const firstDate = daily[0] ? formatShortDate(daily[0].date) : ''
	const lastDate = daily.at(-1) ? formatShortDate(daily.at(-1)!.date) : ''
	const sentences = SERIES.map(({ key, label }) => {
		const summary = summarise(daily, key)
		const series = t(`statistics.${label}`)
		if (summary.total === 0) return t('statistics.chart.none', { series })
		const values = {
			series,
			first: formatNumber(summary.first),
			last: formatNumber(summary.last),
			firstDate,
			lastDate,
		}
		const trend = summary.last > summary.first ? 'up' : summary.last < summary.first ? 'down' : 'flat'
		const total = formatNumber(summary.total)
		return `${t(`statistics.chart.${trend}`, values)}, ${t('statistics.chart.highest', {
			max: formatNumber(summary.max),
			maxDate: formatShortDate(summary.maxDate),
		})}; ${key === 'active_users' ? t('statistics.chart.totalActive', { total }) : t('statistics.chart.total', { total })}.`
	})
	const description = [
		t('statistics.chart.period', { from: formatDate(statistics.from), to: formatDate(statistics.to) }),
		...sentences,
	].join(' ')

	const anchorOf = (position: number) =>
		xLabels.length === 1 ? 'middle' : position === 0 ? 'start' : position === xLabels.length - 1 ? 'end' : 'middle'
	const axis = h(
		'g',
		{ class: 'statistics-chart__axis', 'font-size': 13, fill: '#505a5f' },
		ticks.map((tick) => {
			const y = tenths(yAt(tick))
			return h(
				'g',
				null,
				h('line', {
					x1: PLOT.left,
					x2: WIDTH - PLOT.right,
					y1: y,
					y2: y,
					stroke: tick === 0 ? '#505a5f' : '#d9dcde',
					'stroke-width': 1,
				}),
				h('text', { x: PLOT.left - 6, y, 'text-anchor': 'end', 'dominant-baseline': 'middle' }, formatCompact(tick)),
			)
		}),
		xLabels.map((index, position) =>
			h(
				'text',
				{ x: xLabelsAt[index], y: HEIGHT - 8, 'text-anchor': anchorOf(position) },
				formatShortDate(daily[index]!.date),
			),
		),
	)
	const series = SERIES.map((series) =>
		h(
			'g',
			{ class: `statistics-chart__series statistics-chart__series--${series.key}` },
			h('path', {
				d: linePath(xLabelsAt, (index) => tenths(yAt(daily[index]![series.key]))),
				fill: 'none',
				stroke: series.colour,
				'stroke-width': 2,
				'stroke-dasharray': series.dash,
				'stroke-linejoin': 'round',
			}),
			markerIndexes.map((index) =>
				markerShape(series.marker, series.colour, xs[index]!, round(yAt(daily[index]![series.key]))),
			),
		),
	)
	return h(
		'div',
		{ class: 'statistics-chart' },
		h(
			'svg',
			{
				class: 'statistics-chart__svg',
				role: 'img',
				'aria-labelledby': TITLE_ID,
				'aria-describedby': DESC_ID,
				viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
				width: '100%',
				preserveAspectRatio: 'xMidYMid meet',
				xmlns: 'http://www.w3.org/2000/svg',
			},
			h('title', { id: TITLE_ID }, t('statistics.chart.title', { count: statistics.days })),
			h('desc', { id: DESC_ID }, description),
			axis,
			series,
		),
		h(
			'ul',
			{ class: 'statistics-chart__legend', 'aria-label': t('statistics.chart.legend') },
			SERIES.map((series) =>
				h(
					'li',
					null,
					h(
						'svg',
						{ 'aria-hidden': 'true', focusable: 'false', width: 36, height: 12, viewBox: '0 0 36 12' },
						h('line', {
							x1: 2,
							x2: 34,
							y1: 6,
							y2: 6,
							stroke: series.colour,
							'stroke-width': 2,
							'stroke-dasharray': series.dash,
						}),
						markerShape(series.marker, series.colour, 18, 6),
					),
					t(`statistics.${series.label}`),
				),
			),
		),
	)
}

/** An SVG path through the points (`xs[index]`, `yOf(index)`): "M44 64.2 L55.9 87.4 …". */
function linePath(xs: readonly string[], yOf: (index: number) => string): string {
	let d = ''
	for (let index = 0; index < xs.length; index++) d += `${index === 0 ? 'M' : ' L'}${xs[index]} ${yOf(index)}`
	return d
}

/**
 * A circle, square or triangle centred on (x, y), both already rounded to a
 * tenth. Written directly (up to 48 per chart): numbers and the series' own
 * colour, a constant, have nothing to escape.
 */
function markerShape(marker: Marker, colour: string, x: number, y: number): Markup {
	if (marker === 'circle')
		return new Markup(`<circle cx="${tenths(x)}" cy="${tenths(y)}" r="3.5" fill="${colour}"></circle>`)
	if (marker === 'square') {
		return new Markup(
			`<rect x="${tenths(x - 3.5)}" y="${tenths(y - 3.5)}" width="7" height="7" fill="${colour}"></rect>`,
		)
	}
	const base = tenths(y + 3.5)
	return new Markup(
		`<path d="M${tenths(x)} ${tenths(y - 4.5)} L${tenths(x + 4.5)} ${base} L${tenths(x - 4.5)} ${base} Z" fill="${colour}"></path>`,
	)
}
