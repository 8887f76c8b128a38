/**
 * What the webhooks pages answer for another partner's delivery and when the API fails a test event (moved from
 * e2e/services-webhooks.spec.ts, issue 53).
 */
import i18next from 'i18next'
import { beforeEach, expect, test } from 'vitest'
import { newServiceBody, uniqueEmail } from '#tests/mock-api/helpers'
import { RouteBrowser, useRouteTestApi } from '#tests/setup/routes'
import * as appLayout from '#app/routes/_app'
import * as service from '#app/routes/services/service'
import { WEBHOOK_INTENT } from '#app/routes/services/intents'
import * as webhookDelivery from '#app/routes/services/webhook-delivery'
import * as webhooks from '#app/routes/services/webhooks'

const api = useRouteTestApi()
const t = i18next.getFixedT('en-GB', ['common'])
const SERVICE = [appLayout, service]

let counter = 0
const webhookUrl = () => `https://hooks-${Date.now().toString(36)}-${++counter}.example.com/partner/webhooks`

async function partnerWithService(url = webhookUrl()) {
	const email = uniqueEmail()
	await api.createUser({ email })
	const pair = await api.signIn(email)
	const created = await api.call('createService', { bearer: pair.access, body: newServiceBody({ webhook_url: url }) })
	return { pair, serviceId: created.body.data.id as string, url }
}

let browser: RouteBrowser
let ours: Awaited<ReturnType<typeof partnerWithService>>
beforeEach(async () => {
	ours = await partnerWithService()
	browser = await RouteBrowser.create()
	await browser.signIn(ours.pair)
})

test("another partner's delivery through one's own service is a 404, and redelivering it sends nothing", async () => {
	const theirs = await partnerWithService()
	const theirDelivery = (
		await api.mock.sendWebhookEvent(theirs.serviceId, { type: 'password_changed_to_random_string' })
	).id
	const params = { serviceId: ours.serviceId, deliveryId: theirDelivery }
	const path = `/services/${ours.serviceId}/webhooks/deliveries/${theirDelivery}`
	const page = await browser.get([...SERVICE, webhookDelivery], path, params)
	expect(page.error).toBeUndefined()
	expect(page.response.status).toBe(404)
	const delivered = (await api.mock.webhookRequests(theirs.url)).length
	await api.mock.clearRequests()
	const redeliver = await browser.post(
		[...SERVICE, webhookDelivery],
		path,
		{ idempotency_key: 'k1', form_id: 'redeliver' },
		params,
	)
	expect(redeliver.error).toBeUndefined()
	expect(redeliver.response.status).toBe(404)
	// The API refused it too (the delivery is not this service's), and nothing more was sent.
	const redeliveries = (await api.mock.requests()).filter((r) => r.method === 'POST' && r.path.includes('redeliver'))
	expect(redeliveries.map((r) => r.status)).toEqual([404])
	expect(await api.mock.webhookRequests(theirs.url)).toHaveLength(delivered)
})

test('the API fails the test event: 503, "not saved", nothing sent', async () => {
	await api.mock.addWebhookReceiver({ url: ours.url })
	await api.mock.fault({ method: 'POST', path: `/services/${ours.serviceId}/webhook-test-events`, status: 503 })
	const answer = await browser.post(
		[...SERVICE, webhooks],
		`/services/${ours.serviceId}/webhooks`,
		{ intent: WEBHOOK_INTENT.test },
		{ serviceId: ours.serviceId },
	)
	expect(answer.response.status).toBe(503)
	expect(JSON.stringify(answer.data)).toContain(t('common:errors.notSaved'))
	expect(await api.mock.webhookRequests(ours.url)).toHaveLength(0)
})
