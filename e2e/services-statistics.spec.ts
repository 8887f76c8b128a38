import type { Locator, Page } from '@playwright/test'
import { createFormTokens, postCreate, SERVICE } from './utils/services'
import { expectAccessible } from './utils/axe'
import { expect, jsDisabled, test } from './fixtures'
import { distinctActiveUsers } from '#tests/mock-api/areas/service-sections/state'

type Numbers = { active_users: number; new_users: number; nukes: number }

/**
 * The numbers set through the hook, by days before today (the mock's clock):
 * each period's first day and the day just before it are set, so a window one
 * day off shows in the totals.
 */
const SET: Record<number, Numbers> = {
	0: { active_users: 12, new_users: 3, nukes: 1 },
	3: { active_users: 8, new_users: 2, nukes: 0 },
	6: { active_users: 5, new_users: 1, nukes: 2 },
	7: { active_users: 20, new_users: 4, nukes: 0 },
	29: { active_users: 7, new_users: 7, nukes: 1 },
	30: { active_users: 100, new_users: 9, nukes: 3 },
	89: { active_users: 2, new_users: 1, nukes: 1 },
	90: { active_users: 999, new_users: 99, nukes: 9 },
}
const ZERO: Numbers = { active_users: 0, new_users: 0, nukes: 0 }

const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })
const isoDate = (date: Date) => date.toISOString().slice(0, 10)
const daysBefore = (today: Date, days: number) => new Date(today.getTime() - days * 86_400_000)

/** The period ending today as the API answers it: oldest first, zeros included. */
function expectedPeriod(today: Date, days: number) {
	const daily = Array.from({ length: days }, (_, index) => {
		const ago = days - 1 - index
		return { date: daysBefore(today, ago), ...(SET[ago] ?? ZERO) }
	})
	const sums = { ...ZERO }
	for (const day of daily) {
		sums.active_users += day.active_users
		sums.new_users += day.new_users
		sums.nukes += day.nukes
	}
	// The API counts active users as different people over the period (the mock's model of it), not user-days.
	const people = distinctActiveUsers(daily.map((day) => ({ ...day, date: isoDate(day.date) })))
	return { daily, sums, people, from: longDate.format(daily[0]!.date), to: longDate.format(daily.at(-1)!.date) }
}

const statisticsOf = (page: Page) => page.getByRole('region', { name: 'Statistics' })
const periodLinks = (page: Page) => statisticsOf(page).getByRole('navigation', { name: 'Period' }).getByRole('link')
/** The value next to a term of the statistics' totals. */
const total = (region: Locator, term: string) => region.locator(`dt:text-is("${term}") + dd`)
const cellsOf = (table: Locator, rowHeader: string) =>
	table
		.getByRole('row')
		.filter({ has: table.page().getByRole('rowheader', { name: rowHeader, exact: true }) })
		.getByRole('cell')

async function createService(page: Page, baseURL: string, name = SERVICE.name) {
	const request = page.context().request
	const path = await postCreate(request, baseURL, await createFormTokens(request), name)
	return { path, id: path.split('/').at(-1)! }
}

async function expectPeriodShown(page: Page, path: string, today: Date, days: 7 | 30 | 90) {
	const { daily, sums, people, from, to } = expectedPeriod(today, days)
	const region = statisticsOf(page)
	await expect(periodLinks(page).and(page.locator('[aria-current="page"]'))).toHaveText(`Last ${days} days`)

	await expect(region.getByRole('heading', { level: 3, name: `Totals, ${from} to ${to}` })).toBeVisible()
	await expect(total(region, 'Active users')).toHaveText(`${people} people`)
	expect(people).toBeLessThan(sums.active_users)
	await expect(total(region, 'New users')).toHaveText(String(sums.new_users))
	// What a nuke is, beside the word (issue 55, point 18).
	await expect(total(region, 'Nukes (emergency button presses by your end users)')).toHaveText(String(sums.nukes))

	// One chart per series, each on its own scale, each described in words.
	await expect(region.getByRole('img')).toHaveCount(3)
	const chart = (series: string) => region.getByRole('img', { name: `${series} per day, last ${days} days` })
	await expect(chart('Active users')).toHaveAccessibleDescription(
		new RegExp(`^From ${from} to ${to}\\. Active users .*; ${sums.active_users} user-days in total\\.$`),
	)
	await expect(chart('New users')).toHaveAccessibleDescription(
		new RegExp(`^From ${from} to ${to}\\. New users .*; ${sums.new_users} in total\\.$`),
	)
	await expect(chart('Nukes')).toHaveAccessibleDescription(
		new RegExp(`^From ${from} to ${to}\\. Nukes .*; ${sums.nukes} in total\\.$`),
	)

	// The daily table is folded away (a native disclosure, with or without JS) with its row count.
	const table = region.getByRole('table', { name: `Daily numbers, ${from} to ${to}` })
	if (!(await table.isVisible())) await region.getByText(`Daily numbers (${days} days)`, { exact: true }).click()
	await expect(table).toBeVisible()
	// A header row, one row per day, the totals row.
	await expect(table.getByRole('row')).toHaveCount(days + 2)
	await expect(table.getByRole('columnheader')).toHaveText(['Date', 'Active users', 'New users', 'Nukes'])
	for (const day of [daily[0]!, daily[1]!, daily.at(-1)!]) {
		await expect(cellsOf(table, longDate.format(day.date))).toHaveText(
			[day.active_users, day.new_users, day.nukes].map(String),
		)
	}
	await expect(cellsOf(table, 'Whole period')).toHaveText([
		`${people} people`,
		String(sums.new_users),
		String(sums.nukes),
	])

	// The file itself (its name, headers and every day): tests/routes/services-statistics.test.ts.
	await expect(region.getByRole('link', { name: 'Download these numbers (CSV)' })).toHaveAttribute(
		'href',
		`${path}/statistics.csv?days=${days}`,
	)
}

test('statistics for 7, 30 and 90 days match the numbers set through the hook: table, totals, CSV and chart', async ({
	page,
	partner: _signedIn,
	mock,
	baseURL,
}, testInfo) => {
	const { path, id } = await createService(page, baseURL!)
	const today = await mock.now()
	await mock.setStats(
		id,
		Object.entries(SET).map(([ago, numbers]) => ({ date: isoDate(daysBefore(today, Number(ago))), ...numbers })),
	)

	await page.goto(path)
	await expect(page.getByRole('heading', { level: 2, name: 'Statistics' })).toBeVisible()
	await expect(periodLinks(page)).toHaveText(['Last 7 days', 'Last 30 days', 'Last 90 days'])
	await expect(statisticsOf(page).getByText('Daily numbers (30 days)', { exact: true })).toBeVisible()
	await expect(statisticsOf(page).getByRole('table')).toBeHidden()
	await expectPeriodShown(page, path, today, 30)
	await expectAccessible(page, testInfo)

	// The choices are links: the same with JS on and off.
	await periodLinks(page).filter({ hasText: 'Last 7 days' }).click()
	await expect(page).toHaveURL(`${path}?days=7#statistics`)
	await expectPeriodShown(page, path, today, 7)

	await periodLinks(page).filter({ hasText: 'Last 90 days' }).click()
	await expect(page).toHaveURL(`${path}?days=90#statistics`)
	await expectPeriodShown(page, path, today, 90)
	await expectAccessible(page, testInfo)

	await periodLinks(page).filter({ hasText: 'Last 30 days' }).click()
	await expect(page).toHaveURL(`${path}?days=30#statistics`)
	await expectPeriodShown(page, path, today, 30)
})

// A period the page does not offer (the default, 30 days, on the page and in the CSV): tests/routes/services-pages.test.ts.

test('a service with no users shows the empty state, without chart, table or download', async ({
	page,
	partner: _signedIn,
	baseURL,
}, testInfo) => {
	const { path } = await createService(page, baseURL!)
	await page.goto(path)
	const region = statisticsOf(page)
	await expect(region.getByRole('heading', { level: 3, name: 'No users yet' })).toBeVisible()
	await expect(region).toContainText(
		'No customer has used this service in the last 30 days. Numbers appear here once customers connect their accounts to it.',
	)
	await expect(region.getByRole('img')).toHaveCount(0)
	await expect(region.getByRole('table')).toHaveCount(0)
	await expect(region.getByRole('link', { name: 'Download these numbers (CSV)' })).toHaveCount(0)
	await expectAccessible(page, testInfo)

	await periodLinks(page).filter({ hasText: 'Last 90 days' }).click()
	await expect(page).toHaveURL(`${path}?days=90#statistics`)
	await expect(region).toContainText('No customer has used this service in the last 90 days.')
})

test("on a 390 px phone the charts and the table fit; the charts are large enough to read, each day's number on focus and with the arrow keys (JS), in the table without", async ({
	page,
	partner: _signedIn,
	mock,
	baseURL,
}, testInfo) => {
	const { path, id } = await createService(page, baseURL!)
	const today = await mock.now()
	await mock.setStats(
		id,
		Object.entries(SET).map(([ago, numbers]) => ({ date: isoDate(daysBefore(today, Number(ago))), ...numbers })),
	)
	await test.step('the chart and the table fit a 390 px wide phone screen', async () => {
		await page.setViewportSize({ width: 390, height: 844 })
		await page.goto(`${path}?days=90`)
		const region = statisticsOf(page)
		await region.getByText('Daily numbers (90 days)', { exact: true }).click()
		const charts = await region.getByRole('img').all()
		expect(charts).toHaveLength(3)
		for (const part of [...charts, region.getByRole('table'), region]) {
			const box = await part.boundingBox()
			expect(box!.x).toBeGreaterThanOrEqual(0)
			expect(box!.x + box!.width).toBeLessThanOrEqual(390)
		}
		// Stacked one above the other, each tall enough to read.
		for (const chart of charts) expect((await chart.boundingBox())!.height).toBeGreaterThan(120)
	})

	await test.step("the charts are large enough to read; each day's number on focus and with the arrow keys (JS), in the table without", async () => {
		const shortDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' })
		for (const width of [390, 1280]) {
			await page.setViewportSize({ width, height: 900 })
			await page.goto(`${path}?days=7`)
			const chart = statisticsOf(page).getByRole('img', { name: 'Active users per day, last 7 days' })
			// Drawn at about its own size on a phone, larger beside another on a desktop: labels of 12 px or more.
			const box = (await chart.boundingBox())!
			expect(box.width).toBeGreaterThanOrEqual(width === 390 ? 340 : 400)
			const label = chart.getByText(shortDate.format(today), { exact: true }).first()
			expect((await label.boundingBox())!.height).toBeGreaterThanOrEqual(12)
		}

		const region = statisticsOf(page)
		const chart = region.getByRole('img', { name: 'Active users per day, last 7 days' })
		if (jsDisabled(testInfo)) {
			// Nothing to focus without the script: the daily table has each day's numbers.
			await expect(chart).not.toHaveAttribute('tabindex')
			await region.getByText('Daily numbers (7 days)', { exact: true }).click()
			const table = region.getByRole('table', { name: /^Daily numbers/ })
			await expect(cellsOf(table, longDate.format(today))).toHaveText(['12', '3', '1'])
			await expect(cellsOf(table, longDate.format(daysBefore(today, 3)))).toHaveText(['8', '2', '0'])
		} else {
			// Focus reads out the latest day, on the chart and in a live region; the arrow keys move by a day.
			await chart.focus()
			await expect(chart.getByText(`${shortDate.format(today)}: 12`, { exact: true })).toBeVisible()
			await expect(region.getByText(`Active users on ${longDate.format(today)}: 12.`)).toBeAttached()
			for (let step = 0; step < 3; step++) await page.keyboard.press('ArrowLeft')
			await expect(chart.getByText(`${shortDate.format(daysBefore(today, 3))}: 8`, { exact: true })).toBeVisible()
			await expect(region.getByText(`Active users on ${longDate.format(daysBefore(today, 3))}: 8.`)).toBeAttached()
			await page.keyboard.press('End')
			await expect(chart.getByText(`${shortDate.format(today)}: 12`, { exact: true })).toBeVisible()
			// The pointer reads out the day under it: the first day, at the left end of the plot.
			await chart.blur()
			const box = (await chart.boundingBox())!
			await page.mouse.move(box.x + box.width * 0.13, box.y + box.height / 2)
			await expect(chart.getByText(`${shortDate.format(daysBefore(today, 6))}: 5`, { exact: true })).toBeVisible()
			await expectAccessible(page, testInfo)
		}
	})
})

// Signed out, the CSV download is the sign-in page: tests/routes/services-pages.test.ts.
