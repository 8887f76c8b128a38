/**
 * What a service's pages answer for another partner's service, signed out, for a period the page does not offer
 * (moved from e2e/services-activity.spec.ts and e2e/services-statistics.spec.ts, issue 53), and the activity log's
 * filter across its pages.
 */
import { beforeEach, describe, expect, test } from 'vitest'
import { newServiceBody, uniqueEmail } from '#tests/mock-api/helpers'
import { RouteBrowser, useRouteTestApi } from '#tests/setup/routes'
import * as appLayout from '#app/routes/_app'
import * as service from '#app/routes/services/service'
import * as activity from '#app/routes/services/activity'
import * as details from '#app/routes/services/details'
import * as statisticsCsv from '#app/routes/services/statistics-csv'

const api = useRouteTestApi()
const SERVICE = [appLayout, service]

/** A partner with a service: the tokens and the service's id. */
async function partnerWithService() {
	const email = uniqueEmail()
	await api.createUser({ email })
	const pair = await api.signIn(email)
	const created = await api.call('createService', { bearer: pair.access, body: newServiceBody() })
	return { pair, serviceId: created.body.data.id as string }
}

let browser: RouteBrowser
beforeEach(async () => {
	browser = await RouteBrowser.create()
})

test("another partner's activity is 404", async () => {
	const theirs = await partnerWithService()
	const mine = await partnerWithService()
	await browser.signIn(mine.pair)
	const path = (id: string) => `/services/${id}/activity`
	expect(
		(await browser.get([...SERVICE, activity], path(mine.serviceId), { serviceId: mine.serviceId })).response.status,
	).toBe(200)
	const { response, error } = await browser.get([...SERVICE, activity], path(theirs.serviceId), {
		serviceId: theirs.serviceId,
	})
	expect(error).toBeUndefined()
	expect(response.status).toBe(404)
})

test('signed out, the CSV download is the sign-in page, not a file', async () => {
	const { serviceId } = await partnerWithService()
	const { response } = await browser.get([...SERVICE, statisticsCsv], `/services/${serviceId}/statistics.csv`, {
		serviceId,
	})
	expect(response.status).toBe(302)
	expect(new URL(response.headers.get('location')!, 'http://portal.test').pathname).toBe('/auth/sign-in')
	expect(response.headers.get('content-type') ?? '').not.toContain('text/csv')
})

describe('a period the page does not offer', () => {
	test.each(['?days=5', '?days=abc', '?days='])('%s: the page and the CSV show the default, 30 days', async (query) => {
		const { pair, serviceId } = await partnerWithService()
		await browser.signIn(pair)
		await api.mock.setStats(serviceId, [
			{ date: (await api.mock.now()).toISOString().slice(0, 10), active_users: 12, new_users: 3, nukes: 1 },
		])
		const page = await browser.get([...SERVICE, details], `/services/${serviceId}${query}`, { serviceId })
		expect(page.response.status).toBe(200)
		expect(page.data).toMatchObject({ statistics: { days: 30 } })
		const csv = await browser.get([...SERVICE, statisticsCsv], `/services/${serviceId}/statistics.csv${query}`, {
			serviceId,
		})
		expect(csv.response.status).toBe(200)
		// A header, 30 days, the final line break.
		expect((await csv.response.text()).split('\r\n')).toHaveLength(32)
	})
})

test('the activity filter keeps to its kind on every page and in its links; an unknown kind is the whole log; a stale cursor the first page', async () => {
	const { pair, serviceId } = await partnerWithService()
	await browser.signIn(pair)
	await api.mock.seedActivity(serviceId, { count: 20 })
	await api.call('resetServiceDomainVerification', { bearer: pair.access, params: { id: serviceId } })
	type Page = {
		kind?: string
		entries: Array<{ kind: string }>
		links: { older: string | null; newest: string | null }
	}
	const self = `/services/${serviceId}/activity`
	const open = async (query: string) => {
		const answer = await browser.get([...SERVICE, activity], `${self}${query}`, { serviceId })
		expect(answer.response.status, query).toBe(200)
		return answer.data as Page
	}
	const kinds = (page: Page) => [...new Set(page.entries.map((entry) => entry.kind))]

	const first = await open('?kind=settings')
	expect(first.entries).toHaveLength(15)
	expect(kinds(first)).toEqual(['settings'])
	expect(first.links.newest).toBeNull()
	expect(first.links.older).toMatch(new RegExp(`^${self}\\?kind=settings&cursor=[^&]+$`))
	const older = await open(first.links.older!.slice(self.length))
	expect(older.entries).toHaveLength(5)
	expect(kinds(older)).toEqual(['settings'])
	expect(older.links).toEqual({ older: null, newest: `${self}?kind=settings` })

	expect((await open('?kind=domain')).entries.map((entry) => entry.kind)).toEqual(['domain'])
	expect((await open('?kind=review')).entries).toEqual([])
	// A kind the portal does not know: no filter, the whole log (the reset first).
	const unknown = await open('?kind=everything')
	expect(unknown.kind).toBeUndefined()
	expect(unknown.entries).toHaveLength(15)
	expect(unknown.entries[0]!.kind).toBe('domain')
	// A cursor the API no longer takes: the first page, with the same filter.
	const stale = await browser.get([...SERVICE, activity], `${self}?kind=settings&cursor=not-a-cursor`, { serviceId })
	expect(stale.response.status).toBe(302)
	expect(stale.response.headers.get('location')).toBe(`${self}?kind=settings`)
})
