/** Issue 55's answers a loader or action gives (the pages' journeys are in e2e/first-week.spec.ts). */
import { describe, expect, test } from 'vitest'
import { webhookLimits } from '#app/api/contract/index'
import { newServiceBody } from '#tests/mock-api/helpers'
import { DEMO_EMAIL, DEMO_PASSWORD } from '#tests/mock-api/seed'
import { partnerWithService, RouteBrowser, useRouteTestApi } from '#tests/setup/routes'
import * as appLayout from '#app/routes/_app'
import * as dashboard from '#app/routes/dashboard'
import * as service from '#app/routes/services/service'
import * as details from '#app/routes/services/details'

const api = useRouteTestApi()
const DAY = 86_400

describe('point 1: the dashboard lists a paused endpoint', () => {
	test('after every attempt failed for days, the service needs attention, with when it paused', async () => {
		const hook = 'https://hooks.paused-dashboard.example/partner'
		const { email, serviceId } = await partnerWithService(
			api,
			newServiceBody({ name: 'Paused Connect', webhook_url: hook }),
		)
		await api.mock.addWebhookReceiver({ url: hook, status: 503 })
		const event = () => api.mock.sendWebhookEvent(serviceId, { type: 'password_changed_to_random_string' })
		await event()
		await api.advance(webhookLimits.pauseAfterDays * DAY + 60)
		await event()
		await api.advance(120)
		// Days later the first tokens have expired: a new sign-in.
		const browser = await RouteBrowser.create()
		await browser.signIn(await api.signIn(email))
		const { data } = await browser.get([appLayout, dashboard], '/')
		expect((data as { services: { attention: unknown[] } }).services.attention).toEqual([
			{ id: serviceId, name: 'Paused Connect', why: 'paused', pausedAt: expect.any(String) },
			expect.objectContaining({ id: serviceId, why: 'review', status: 'not_submitted' }),
		])
	})
})

test('point 8: the demo partner sees every service it counts, the one in review too', async () => {
	const browser = await RouteBrowser.create()
	await browser.signIn(await api.signIn(DEMO_EMAIL, DEMO_PASSWORD))
	const { data } = await browser.get([appLayout, dashboard], '/')
	const { services } = data as {
		services: {
			total: number
			attention: Array<{ name: string }>
			inReview: Array<{ name: string }>
			approved: Array<{ name: string }>
		}
	}
	expect(services.total).toBe(3)
	expect(services.inReview).toEqual([expect.objectContaining({ name: 'Demo Chat', status: 'in_progress' })])
	const listed = [...services.attention, ...services.inReview, ...services.approved].map((service) => service.name)
	expect(listed.sort()).toEqual(['Demo Chat', 'Demo Games', 'Demo Pay'])
})

test("point 16: the service's own English text is not counted as a translation", async () => {
	const { browser, serviceId } = await partnerWithService(api, newServiceBody({ description: 'Links accounts.' }))
	const { data } = await browser.get([appLayout, service, details], `/services/${serviceId}`, { serviceId })
	expect((data as { service: { translations: number } }).service.translations).toBe(0)
})
