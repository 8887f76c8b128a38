import type { TFunction } from 'i18next'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { ServiceStatistics, StatisticsDay, StatisticsNumbers } from '#app/api/contract/index'
import { defaultLanguage } from '#app/locales/index'
import { onFirstUse } from '#app/utils/date-time'

// Small multiples, one SVG per series on its own scale; the daily table below has the exact figures.

type Series = keyof StatisticsNumbers

export const SERIES = [
	{ key: 'active_users', label: 'activeUsers', colour: '#1d4ed8', dash: undefined, marker: 'circle' },
	{ key: 'new_users', label: 'newUsers', colour: '#166534', dash: '8 4', marker: 'square' },
	{ key: 'nukes', label: 'nukes', colour: '#b91c1c', dash: '2 3', marker: 'triangle' },
] as const satisfies readonly { key: Series; label: string; colour: string; dash?: string; marker: string }[]

type Marker = (typeof SERIES)[number]['marker']

const WIDTH = 360
const HEIGHT = 220
/** The top margin holds the series' name and the day read out. */
const PLOT = { left: 44, right: 14, top: 44, bottom: 30 }
const PLOT_WIDTH = WIDTH - PLOT.left - PLOT.right
const PLOT_HEIGHT = HEIGHT - PLOT.top - PLOT.bottom
/** At most this many markers per series, so 90 days stay readable on a phone. */
const MAX_MARKERS = 16
/** A series whose days never pass this is drawn as bars: a line between 0, 1 and 3 reads as a trend it is not. */
export const BARS_UP_TO = 5

const SHORT_DATE = { day: 'numeric', month: 'short', timeZone: 'UTC' } as const
const shortDate = onFirstUse(() => new Intl.DateTimeFormat(defaultLanguage, SHORT_DATE))
const longDate = onFirstUse(() => new Intl.DateTimeFormat(defaultLanguage, { ...SHORT_DATE, year: 'numeric' }))
const compact = onFirstUse(() => new Intl.NumberFormat(defaultLanguage, { notation: 'compact' }))
const whole = onFirstUse(() => new Intl.NumberFormat(defaultLanguage))

const formatShortDate = (date: string) => shortDate().format(new Date(`${date}T00:00:00Z`))
export const formatDate = (date: string) => longDate().format(new Date(`${date}T00:00:00Z`))
export const formatNumber = (value: number) => whole().format(value)

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

/** A line's points span the plot; bars sit in equal bands, each centred in its own. */
const xAt = (index: number, count: number, bars: boolean) =>
	bars
		? PLOT.left + ((index + 0.5) * PLOT_WIDTH) / Math.max(count, 1)
		: PLOT.left + (count <= 1 ? PLOT_WIDTH / 2 : (index * PLOT_WIDTH) / (count - 1))

/** Rounded to a tenth, so the markup stays short. */
const round = (value: number) => Math.round(value * 10) / 10

type SeriesSummary = { key: Series; first: number; last: number; max: number; maxDate: string; total: number }

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

export function StatisticsChart({ statistics }: { statistics: ServiceStatistics }) {
	return (
		<ul className="statistics-charts">
			{SERIES.map((series) => (
				<li key={series.key}>
					<SeriesChart statistics={statistics} series={series} />
				</li>
			))}
		</ul>
	)
}

function dayAt(svg: SVGSVGElement, clientX: number, count: number, bars: boolean) {
	const box = svg.getBoundingClientRect()
	const x = ((clientX - box.left) / box.width) * WIDTH
	const index = bars
		? Math.floor(((x - PLOT.left) / PLOT_WIDTH) * count)
		: count <= 1
			? 0
			: Math.round(((x - PLOT.left) / PLOT_WIDTH) * (count - 1))
	return Math.min(count - 1, Math.max(0, index))
}

/** How far a key moves the day read out, as a slider's keys do: a day, a week (later is up). */
const KEY_STEPS: Record<string, number> = {
	ArrowLeft: -1,
	ArrowDown: -1,
	ArrowRight: 1,
	ArrowUp: 1,
	PageDown: -7,
	PageUp: 7,
}

function moved(key: string, index: number, count: number): number | null {
	if (key === 'Home') return 0
	if (key === 'End') return count - 1
	const step = KEY_STEPS[key]
	return step === undefined ? null : Math.min(count - 1, Math.max(0, index + step))
}

function SeriesChart({ statistics, series }: { statistics: ServiceStatistics; series: (typeof SERIES)[number] }) {
	const { t } = useTranslation('statistics')
	const { daily } = statistics
	const count = daily.length
	const [selected, setSelected] = useState<number | null>(null)
	const [announced, setAnnounced] = useState('')
	const hydrated = useHydrated()
	const { max } = summarise(daily, series.key)
	const bars = max <= BARS_UP_TO
	const { top, step } = yScale(max)
	const yAt = (value: number) => round(PLOT.top + PLOT_HEIGHT - (value / top) * PLOT_HEIGHT)
	const xs = daily.map((_, index) => round(xAt(index, count, bars)))
	const ys = daily.map((entry) => yAt(entry[series.key]))
	const barWidth = round(Math.min(24, (PLOT_WIDTH / Math.max(count, 1)) * 0.7))
	const ticks = Array.from({ length: top / step + 1 }, (_, index) => index * step)
	const every = Math.max(1, Math.ceil(count / MAX_MARKERS))
	const markerIndexes = daily.map((_, index) => index).filter((index) => index % every === 0 || index === count - 1)
	const xLabels = count > 2 ? [0, Math.floor((count - 1) / 2), count - 1] : daily.map((_, index) => index)
	const anchorOf = (position: number) =>
		xLabels.length === 1 ? 'middle' : position === 0 ? 'start' : position === xLabels.length - 1 ? 'end' : 'middle'
	const titleId = `statistics-chart-${series.key}-title`
	const descId = `statistics-chart-${series.key}-desc`
	const name = t(`${series.label}`)
	const day = selected === null ? undefined : daily[selected]
	const readout = (index: number) => {
		const at = daily[index]!
		return t('chart.readout', { series: name, date: formatDate(at.date), value: formatNumber(at[series.key]) })
	}
	const select = (index: number, announce: boolean) => {
		setSelected(index)
		if (announce) setAnnounced(readout(index))
	}
	return (
		<>
			<svg
				className="statistics-chart__svg"
				role="img"
				aria-labelledby={titleId}
				aria-describedby={descId}
				viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
				width="100%"
				preserveAspectRatio="xMidYMid meet"
				xmlns="http://www.w3.org/2000/svg"
				// Focusable once the script that reads it out runs; without it the daily table has the numbers.
				tabIndex={hydrated && count ? 0 : undefined}
				onFocus={() => {
					const index = selected ?? count - 1
					setSelected(index)
					setAnnounced(`${readout(index)} ${t('chart.keys')}`)
				}}
				onBlur={() => setSelected(null)}
				onKeyDown={(event) => {
					const to = moved(event.key, selected ?? count - 1, count)
					if (to === null) return
					event.preventDefault()
					select(to, true)
				}}
				onPointerMove={(event) => select(dayAt(event.currentTarget, event.clientX, count, bars), false)}
				onPointerLeave={(event) => {
					if (document.activeElement !== event.currentTarget) setSelected(null)
				}}
			>
				<title id={titleId}>{t('chart.title', { series: name, count: statistics.days })}</title>
				<desc id={descId}>{describe(statistics, series, t)}</desc>
				<g fontSize={15} fontWeight={600} fill="#0b0c0c">
					<text x={PLOT.left} y={18}>
						{name}
					</text>
					{day ? (
						<text className="statistics-chart__readout" x={WIDTH - PLOT.right} y={18} textAnchor="end">
							{t('chart.readoutShort', { date: formatShortDate(day.date), value: formatNumber(day[series.key]) })}
						</text>
					) : null}
				</g>
				<g className="statistics-chart__axis" fontSize={13} fill="#505a5f">
					{ticks.map((tick) => (
						<g key={tick}>
							<line
								x1={PLOT.left}
								x2={WIDTH - PLOT.right}
								y1={yAt(tick)}
								y2={yAt(tick)}
								stroke={tick === 0 ? '#505a5f' : '#d9dcde'}
								strokeWidth={1}
							/>
							<text x={PLOT.left - 6} y={yAt(tick)} textAnchor="end" dominantBaseline="middle">
								{compact().format(tick)}
							</text>
						</g>
					))}
					{xLabels.map((index, position) => (
						<text key={index} x={xs[index]} y={HEIGHT - 8} textAnchor={anchorOf(position)}>
							{formatShortDate(daily[index]!.date)}
						</text>
					))}
				</g>
				<g className={`statistics-chart__series statistics-chart__series--${series.key}`}>
					{bars ? (
						daily.map((entry, index) => (
							<rect
								key={entry.date}
								x={round(xs[index]! - barWidth / 2)}
								y={ys[index]}
								width={barWidth}
								height={round(PLOT.top + PLOT_HEIGHT - ys[index]!)}
								fill={series.colour}
							/>
						))
					) : (
						// At most `MAX_MARKERS` markers, so its shape tells a series apart without colour.
						<>
							<path
								d={xs.map((x, index) => `${index === 0 ? 'M' : 'L'}${x} ${ys[index]}`).join(' ')}
								fill="none"
								stroke={series.colour}
								strokeWidth={2}
								strokeDasharray={series.dash}
								strokeLinejoin="round"
							/>
							{markerIndexes.map((index) => (
								<MarkerShape key={index} marker={series.marker} colour={series.colour} x={xs[index]!} y={ys[index]!} />
							))}
						</>
					)}
				</g>
				{day && selected !== null ? (
					<g className="statistics-chart__cursor">
						<line
							x1={xs[selected]}
							x2={xs[selected]}
							y1={PLOT.top - 6}
							y2={PLOT.top + PLOT_HEIGHT}
							stroke="#0b0c0c"
							strokeWidth={1}
							strokeDasharray="3 3"
						/>
						<circle cx={xs[selected]} cy={ys[selected]} r={5.5} fill="#ffffff" stroke={series.colour} strokeWidth={3} />
					</g>
				) : null}
			</svg>
			<p className="visually-hidden" aria-live="polite">
				{announced}
			</p>
		</>
	)
}

function describe(statistics: ServiceStatistics, { key, label }: (typeof SERIES)[number], t: TFunction<'statistics'>) {
	const { daily } = statistics
	const period = t('chart.period', { from: formatDate(statistics.from), to: formatDate(statistics.to) })
	const summary = summarise(daily, key)
	const series = t(`${label}`)
	if (summary.total === 0) return `${period} ${t('chart.none', { series })}`
	const firstDate = formatShortDate(daily[0]!.date)
	const lastDate = formatShortDate(daily.at(-1)!.date)
	const values = { series, first: formatNumber(summary.first), last: formatNumber(summary.last), firstDate, lastDate }
	const trend = summary.last > summary.first ? 'up' : summary.last < summary.first ? 'down' : 'flat'
	const total = formatNumber(summary.total)
	const highest = t('chart.highest', { max: formatNumber(summary.max), maxDate: formatShortDate(summary.maxDate) })
	const totalText = key === 'active_users' ? t('chart.totalActive', { total }) : t('chart.total', { total })
	return `${period} ${t(`chart.${trend}`, values)}, ${highest}; ${totalText}.`
}

function MarkerShape({ marker, colour, x, y }: { marker: Marker; colour: string; x: number; y: number }) {
	if (marker === 'circle') return <circle cx={x} cy={y} r={3.5} fill={colour} />
	if (marker === 'square') return <rect x={round(x - 3.5)} y={round(y - 3.5)} width={7} height={7} fill={colour} />
	const base = round(y + 3.5)
	return <path d={`M${x} ${round(y - 4.5)} L${round(x + 4.5)} ${base} L${round(x - 4.5)} ${base} Z`} fill={colour} />
}
