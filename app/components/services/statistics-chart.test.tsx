import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { BARS_UP_TO, SERIES, StatisticsChart, summarise, yScale } from './statistics-chart'
import type { ServiceStatistics } from '#app/api/contract/index'

function render(statistics: ServiceStatistics) {
	return renderToStaticMarkup(<StatisticsChart statistics={statistics} />)
}

/** Seven days ending 23 Nov 2026: active users rise, new users fall, no nukes. */
const WEEK: ServiceStatistics = {
	days: 7,
	from: '2026-11-17',
	to: '2026-11-23',
	daily: [3, 5, 4, 9, 7, 8, 12].map((active, index) => ({
		date: `2026-11-${17 + index}`,
		active_users: active,
		new_users: 6 - index,
		nukes: 0,
	})),
	totals: { active_users: 48, new_users: 21, nukes: 0 },
}

/** Just enough of the markup to read attributes without a DOM. */
class DOMParserLite {
	constructor(readonly html: string) {}
	attribute(tag: string, name: string) {
		const match = new RegExp(`<${tag}\\b[^>]*\\s${name}="([^"]*)"`).exec(this.html)
		return match?.[1]
	}
	text(tag: string) {
		return new RegExp(`<${tag}\\b[^>]*>([^<]*)</${tag}>`).exec(this.html)?.[1]
	}
	all(tag: string) {
		return [...this.html.matchAll(new RegExp(`<${tag}\\b[^>]*>`, 'g'))].map((match) => match[0])
	}
}

/** The SVG of one series, by its key. */
const chartOf = (html: string, key: string) => {
	const match = new RegExp(`<svg[^>]*aria-labelledby="statistics-chart-${key}-title"[\\s\\S]*?</svg>`).exec(html)
	if (!match) throw new Error(`no chart for ${key}`)
	return new DOMParserLite(match[0])
}

describe('StatisticsChart', () => {
	test('one image per series, each named by its title and described by its desc', () => {
		const html = render(WEEK)
		const titles = SERIES.map(({ key }) => {
			const svg = chartOf(html, key)
			expect(svg.attribute('svg', 'role')).toBe('img')
			expect(svg.attribute('title', 'id')).toBe(`statistics-chart-${key}-title`)
			expect(svg.attribute('desc', 'id')).toBe(svg.attribute('svg', 'aria-describedby'))
			expect(svg.attribute('svg', 'width')).toBe('100%')
			return svg.text('title')
		})
		expect(titles).toEqual([
			'Active users per day, last 7 days',
			'New users per day, last 7 days',
			'Nukes per day, last 7 days',
		])
	})

	test('each series on its own scale: small numbers do not lie flat beside large ones', () => {
		const html = render({
			...WEEK,
			daily: WEEK.daily.map((day, index) => ({ ...day, active_users: 1000 + index * 100, nukes: index % 2 })),
		})
		const topTick = (key: string) =>
			[...chartOf(html, key).html.matchAll(/dominant-baseline="middle">([^<]*)</g)].map((match) => match[1]).at(-1)
		expect(topTick('active_users')).toBe('2k')
		expect(topTick('new_users')).toBe('6')
		expect(topTick('nukes')).toBe('1')
	})

	test('describes the trend of each series in words', () => {
		const html = render(WEEK)
		const period = 'From 17 Nov 2026 to 23 Nov 2026.'
		expect(chartOf(html, 'active_users').text('desc')).toBe(
			`${period} Active users rose from 3 on 17 Nov to 12 on 23 Nov, highest 12 on 23 Nov; 48 user-days in total.`,
		)
		expect(chartOf(html, 'new_users').text('desc')).toBe(
			`${period} New users fell from 6 on 17 Nov to 0 on 23 Nov, highest 6 on 17 Nov; 21 in total.`,
		)
		expect(chartOf(html, 'nukes').text('desc')).toBe(`${period} Nukes: none.`)
	})

	test('draws each series without relying on colour, with no inline style (strict CSP)', () => {
		const html = render(WEEK)
		for (const key of ['active_users', 'new_users']) {
			const line = chartOf(html, key)
				.all('path')
				.find((path) => path.includes('fill="none"'))!
			// One point per day: seven.
			expect(/d="([^"]*)"/.exec(line)![1]!.match(/[ML]/g)).toHaveLength(7)
		}
		expect(html).toContain('<circle')
		expect(html).toContain('<rect')
		expect(html).not.toContain('style=')
		expect(html).not.toContain('<style')
	})

	test(`daily counts up to ${BARS_UP_TO} are bars, one a day, with no line (issue 55, point 18)`, () => {
		const html = render({
			...WEEK,
			daily: WEEK.daily.map((day, index) => ({ ...day, nukes: [0, 1, 0, 4, 2, 0, 1][index]! })),
		})
		const nukes = chartOf(html, 'nukes').html.split('statistics-chart__series--nukes')[1]!.split('</g>')[0]!
		expect(nukes.match(/<rect/g)).toHaveLength(7)
		expect(nukes).not.toContain('<path')
		// The day with 4 is four times the day with 1; a day with none has no height.
		const heights = [...nukes.matchAll(/height="([^"]*)"/g)].map((match) => Number(match[1]))
		expect(heights[3]).toBeCloseTo(heights[1]! * 4, 0)
		expect(heights[0]).toBe(0)
		expect(chartOf(html, 'active_users').html.split('statistics-chart__series--active_users')[1]).toContain('<path')
	})

	test('keeps 90 days readable: at most 16 markers a series plus the last day', () => {
		const daily = Array.from({ length: 90 }, (_, index) => ({
			date: new Date(Date.UTC(2026, 7, 26 + index)).toISOString().slice(0, 10),
			active_users: 100 + index,
			new_users: 5,
			nukes: index % 10 === 0 ? 1 : 0,
		}))
		const html = render({
			days: 90,
			from: daily[0]!.date,
			to: daily.at(-1)!.date,
			daily,
			totals: { active_users: 300, new_users: 450, nukes: 9 },
		})
		expect(chartOf(html, 'active_users').all('circle').length).toBeLessThanOrEqual(17)
		expect(chartOf(html, 'new_users').text('desc')).toContain(
			'New users were 5 on 26 Aug and on 23 Nov, highest 5 on 26 Aug; 450 in total.',
		)
		expect(chartOf(html, 'active_users').text('desc')).toContain('13,005 user-days in total.')
	})
})

describe('yScale', () => {
	test.each([
		[0, 4, 1],
		[3, 3, 1],
		[12, 15, 5],
		[48, 60, 20],
		[189, 200, 50],
		[1234, 1500, 500],
	])('max %i → top %i in steps of %i', (max, top, step) => {
		expect(yScale(max)).toEqual({ top, step })
	})
})

test('summarise: first, last, highest day and total of one series', () => {
	expect(summarise(WEEK.daily, 'active_users')).toEqual({
		key: 'active_users',
		first: 3,
		last: 12,
		max: 12,
		maxDate: '2026-11-23',
		total: 48,
	})
	expect(SERIES.map((series) => series.key)).toEqual(['active_users', 'new_users', 'nukes'])
})
