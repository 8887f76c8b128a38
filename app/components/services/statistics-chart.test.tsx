import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { SERIES, StatisticsChart, summarise, yScale } from './statistics-chart'
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

const svgOf = (html: string) => new DOMParserLite(html)

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

describe('StatisticsChart', () => {
	test('is an image named by its title and described by its desc', () => {
		const svg = svgOf(render(WEEK))
		expect(svg.attribute('svg', 'role')).toBe('img')
		const titleId = svg.attribute('svg', 'aria-labelledby')!
		const descId = svg.attribute('svg', 'aria-describedby')!
		expect(svg.attribute('title', 'id')).toBe(titleId)
		expect(svg.attribute('desc', 'id')).toBe(descId)
		expect(titleId).not.toBe(descId)
		expect(svg.text('title')).toBe('Active users, new users and nukes per day, last 7 days')
		expect(svg.attribute('svg', 'viewBox')).toBe('0 0 400 220')
		expect(svg.attribute('svg', 'width')).toBe('100%')
	})

	test('describes the trend of each series in words', () => {
		const desc = svgOf(render(WEEK)).text('desc')
		expect(desc).toBe(
			'From 17 Nov 2026 to 23 Nov 2026. ' +
				'Active users rose from 3 on 17 Nov to 12 on 23 Nov, highest 12 on 23 Nov; 48 user-days in total. ' +
				'New users fell from 6 on 17 Nov to 0 on 23 Nov, highest 6 on 17 Nov; 21 in total. ' +
				'Nukes: none.',
		)
	})

	test('draws three series that differ without colour: dash pattern, marker shape, legend text', () => {
		const html = render(WEEK)
		const chart = svgOf(html)
		const lines = chart.all('path').filter((path) => path.includes('fill="none"'))
		expect(lines).toHaveLength(3)
		const dashes = lines.map((line) => /stroke-dasharray="([^"]*)"/.exec(line)?.[1] ?? 'solid')
		expect(new Set(dashes).size).toBe(3)
		// One point per day: seven on each line.
		for (const line of lines) expect(/d="([^"]*)"/.exec(line)![1]!.match(/[ML]/g)).toHaveLength(7)
		expect(html).toContain('<circle')
		expect(html).toContain('<rect')
		expect(html).toMatch(/<path d="M[^"]*Z" fill=/)
		expect(html).toMatch(/<ul class="statistics-chart__legend" aria-label="Legend">/)
		for (const label of ['Active users', 'New users', 'Nukes']) expect(html).toContain(`</svg>${label}</li>`)
		// The legend's samples are decoration; no inline style anywhere (strict CSP).
		expect(chart.all('svg').filter((svg) => svg.includes('aria-hidden="true"'))).toHaveLength(3)
		expect(html).not.toContain('style=')
		expect(html).not.toContain('<style')
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
			totals: { active_users: 13005, new_users: 450, nukes: 9 },
		})
		expect(svgOf(html).all('circle').length).toBeLessThanOrEqual(17)
		expect(svgOf(html).text('desc')).toContain(
			'New users were 5 on 26 Aug and on 23 Nov, highest 5 on 26 Aug; 450 in total.',
		)
		expect(svgOf(html).text('desc')).toContain('13,005 user-days in total.')
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
