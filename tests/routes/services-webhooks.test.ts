/**
 * What the webhooks pages answer for another partner's delivery, when the API fails or limits test events, for a
 * redelivery submitted twice and for a hand-edited log URL (moved from e2e/services-webhooks.spec.ts, issue 53).
 */
import i18next from 'i18next'
import { beforeEach, expect, test } from 'vitest'
import { rateLimits } from '#app/api/contract/constants'
import { formatDuration } from '#app/utils/duration'
import { newServiceBody, uniqueEmail } from '#tests/mock-api/helpers'
import { RouteBrowser, useRouteTestApi, type RouteAnswer } from '#tests/setup/routes'
import * as appLayout from '#app/routes/_app'
import * as service from '#app/routes/services/service'
import { WEBHOOK_INTENT } from '#app/routes/services/intents'
import * as webhookCheck from '#app/routes/services/webhook-check'
import * as webhookDelivery from '#app/routes/services/webhook-delivery'
import * as webhooks from '#app/routes/services/webhooks'

const api = useRouteTestApi()
const t = i18next.getFixedT('en-GB', ['common'])
const SERVICE = [appLayout, service]
const DELIVERY = /^\/services\/[^/]+\/webhooks\/deliveries\/[^/?#]+$/

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

/** The webhooks page's "Send test event" button, as a browser without JS posts it. */
const sendTestEvent = () =>
	browser.post(
		[...SERVICE, webhooks],
		`/services/${ours.serviceId}/webhooks`,
		{ intent: WEBHOOK_INTENT.test },
		{ serviceId: ours.serviceId },
	)

test('test events: ten a minute per partner; the eleventh is a 429 that says when to try again and sends nothing', async () => {
	await api.mock.addWebhookReceiver({ url: ours.url, status: 200 })
	for (let n = 1; n <= rateLimits.webhookTestEvents.max; n++) {
		const sent = await sendTestEvent()
		expect(sent.response.status, `test event ${n}`).toBe(302)
		expect(sent.response.headers.get('location')).toMatch(DELIVERY)
	}
	const refused: RouteAnswer = await sendTestEvent()
	expect(refused.response.status).toBe(429)
	const { result, retryAfterSeconds } = refused.data as {
		result: { error: Record<string, string[]> }
		retryAfterSeconds: number
	}
	expect(retryAfterSeconds).toBeGreaterThan(0)
	expect(result.error['']).toEqual([t('common:errors.rateLimited', { time: formatDuration(retryAfterSeconds, t) })])
	expect(await api.mock.webhookRequests(ours.url)).toHaveLength(10)

	await api.advance(rateLimits.webhookTestEvents.windowSeconds)
	expect((await sendTestEvent()).response.headers.get('location')).toMatch(DELIVERY)
	expect(await api.mock.webhookRequests(ours.url)).toHaveLength(11)
})

test('Redeliver submitted twice with the same rendered key delivers once: both answers lead to the one new delivery', async () => {
	await api.mock.addWebhookReceiver({ url: ours.url })
	const delivery = new URL((await sendTestEvent()).response.headers.get('location')!, 'http://portal.test').pathname
	const deliveryId = delivery.split('/').at(-1)!
	const params = { serviceId: ours.serviceId, deliveryId }
	const { idempotencyKey } = (await browser.get([...SERVICE, webhookDelivery], delivery, params)).data as {
		idempotencyKey: string
	}
	const redeliver = () =>
		browser.post(
			[...SERVICE, webhookDelivery],
			delivery,
			{ idempotency_key: idempotencyKey, form_id: 'redeliver' },
			params,
		)
	const first = await redeliver()
	const second = await redeliver()
	expect(first.response.status).toBe(302)
	expect(second.response.status).toBe(302)
	expect(first.response.headers.get('location')).toMatch(DELIVERY)
	expect(first.response.headers.get('location')).not.toBe(delivery)
	expect(second.response.headers.get('location')).toBe(first.response.headers.get('location'))
	// The test event and one redelivery.
	expect(await api.mock.webhookRequests(ours.url)).toHaveLength(2)
})

test('a hand-edited log URL (an unknown status, a stale cursor) is the whole log, never an error page', async () => {
	await api.mock.addWebhookReceiver({ url: ours.url, status: 200 })
	for (let i = 0; i < 16; i++) {
		await api.mock.sendWebhookEvent(ours.serviceId, { type: 'password_changed_to_random_string' })
	}
	const log = `/services/${ours.serviceId}/webhooks`
	const params = { serviceId: ours.serviceId }
	// An unknown status is no filter: the whole log.
	const bogus = await browser.get([...SERVICE, webhooks], `${log}?status=bogus`, params)
	expect(bogus.response.status).toBe(200)
	expect((bogus.data as { filters: object }).filters).toEqual({})
	expect((bogus.data as { deliveries: unknown[] }).deliveries).toHaveLength(15)
	// A stale cursor starts again from the first page.
	const edited = await browser.get([...SERVICE, webhooks], `${log}?status=bogus&cursor=not-a-cursor`, params)
	expect(edited.error).toBeUndefined()
	expect(edited.response.status).toBe(302)
	expect(edited.response.headers.get('location')).toBe(log)
})

test("Check endpoint leads to its result with both verdicts; another partner's check, or an unknown one, is a 404", async () => {
	await api.mock.addWebhookReceiver({ url: ours.url })
	const checked = await browser.post(
		[...SERVICE, webhooks],
		`/services/${ours.serviceId}/webhooks`,
		{ intent: WEBHOOK_INTENT.check },
		{ serviceId: ours.serviceId },
	)
	expect(checked.response.status).toBe(302)
	const location = checked.response.headers.get('location')!
	expect(location).toMatch(new RegExp(`^/services/${ours.serviceId}/webhooks/checks/[^/?#]+$`))
	const openCheck = (checkId: string) =>
		browser.get([...SERVICE, webhookCheck], `/services/${ours.serviceId}/webhooks/checks/${checkId}`, {
			serviceId: ours.serviceId,
			checkId,
		})
	const result = await openCheck(location.split('/').at(-1)!)
	expect(result.response.status).toBe(200)
	expect(result.data).toMatchObject({
		check: { url: ours.url, verdicts: { answers_challenge: true, checks_signatures: true } },
	})

	const theirs = await partnerWithService()
	const theirCheck = await api.call('checkWebhookEndpoint', {
		bearer: theirs.pair.access,
		params: { id: theirs.serviceId },
	})
	expect(theirCheck.status).toBe(201)
	for (const checkId of [theirCheck.body.data.id as string, 'no-such-check']) {
		const page = await openCheck(checkId)
		expect(page.error, checkId).toBeUndefined()
		expect(page.response.status, checkId).toBe(404)
	}
})

test("a service without a webhook URL: a test event or a check posted anyway is the API's 422 on the page, nothing sent", async () => {
	const { id: serviceId } = (
		await api.call('createService', {
			bearer: ours.pair.access,
			body: { ...newServiceBody(), webhook_url: undefined },
		})
	).body.data
	for (const intent of [WEBHOOK_INTENT.test, WEBHOOK_INTENT.check]) {
		const answer = await browser.post(
			[...SERVICE, webhooks],
			`/services/${serviceId}/webhooks`,
			{ intent },
			{ serviceId },
		)
		expect(answer.response.status, intent).toBe(422)
		expect((answer.data as { result: { error: Record<string, string[]> } }).result.error[''], intent).toEqual([
			'The webhook URL must be set.',
		])
	}
	const log = await api.call('listWebhookDeliveries', { bearer: ours.pair.access, params: { id: serviceId } })
	expect(log.body.data).toEqual([])
})
