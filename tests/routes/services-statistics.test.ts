/**
 * What the statistics download answers (moved from e2e/services-statistics.spec.ts, issue 53): for 7, 30 and 90
 * days, a CSV named after the service and the period, never cached, one row per day as the API counted it.
 */
import { beforeEach, expect, test } from 'vitest'
import { newServiceBody, uniqueEmail } from '#tests/mock-api/helpers'
import { RouteBrowser, useRouteTestApi } from '#tests/setup/routes'
import * as appLayout from '#app/routes/_app'
import * as service from '#app/routes/services/service'
import * as statisticsCsv from '#app/routes/services/statistics-csv'

const api = useRouteTestApi()

type Numbers = { active_users: number; new_users: number; nukes: number }
/** By days before today (the mock's clock): each period's first day and the day before it, so a day off shows. */
const SET: Record<number, Numbers> = {
	0: { active_users: 12, new_users: 3, nukes: 1 },
	6: { active_users: 5, new_users: 1, nukes: 2 },
	7: { active_users: 20, new_users: 4, nukes: 0 },
	29: { active_users: 7, new_users: 7, nukes: 1 },
	30: { active_users: 100, new_users: 9, nukes: 3 },
	89: { active_users: 2, new_users: 1, nukes: 1 },
	90: { active_users: 999, new_users: 99, nukes: 9 },
}
const ZERO: Numbers = { active_users: 0, new_users: 0, nukes: 0 }
const isoDate = (date: Date) => date.toISOString().slice(0, 10)

let browser: RouteBrowser
let serviceId: string
let today: Date
beforeEach(async () => {
	const email = uniqueEmail()
	await api.createUser({ email })
	const pair = await api.signIn(email)
	const body = newServiceBody({ name: 'Ledger Sync' })
	serviceId = (await api.call('createService', { bearer: pair.access, body })).body.data.id
	today = await api.mock.now()
	const daysAgo = (days: number) => isoDate(new Date(today.getTime() - days * 86_400_000))
	await api.mock.setStats(
		serviceId,
		Object.entries(SET).map(([ago, numbers]) => ({ date: daysAgo(Number(ago)), ...numbers })),
	)
	browser = await RouteBrowser.create()
	await browser.signIn(pair)
})

test.each([7, 30, 90])('%i days: the file, its name and every day', async (days) => {
	const { response } = await browser.get(
		[appLayout, service, statisticsCsv],
		`/services/${serviceId}/statistics.csv?days=${days}`,
		{ serviceId },
	)
	expect(response.status).toBe(200)
	expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
	expect(response.headers.get('cache-control')).toContain('no-store')
	const expected = Array.from({ length: days }, (_, index) => {
		const ago = days - 1 - index
		const { active_users, new_users, nukes } = SET[ago] ?? ZERO
		return [isoDate(new Date(today.getTime() - ago * 86_400_000)), active_users, new_users, nukes].map(String)
	})
	expect(response.headers.get('content-disposition')).toBe(
		`attachment; filename="ledger-sync-statistics-${expected[0]![0]}-to-${expected.at(-1)![0]}.csv"`,
	)
	const [header, ...rows] = (await response.text()).split('\r\n')
	expect(header).toBe('date,active_users,new_users,nukes')
	expect(rows.pop()).toBe('')
	expect(rows.map((row) => row.split(','))).toEqual(expected)
})
