/**
 * What sending failed deliveries again answers (decision 0032): the time checked against the delivery log, the
 * count, one recovery for a double submit, the hourly limit, the API failing, and a form the page never renders.
 */
import i18next from 'i18next'
import { beforeEach, expect, test } from 'vitest'
import { rateLimits, webhookLimits } from '#app/api/contract/constants'
import { formatDuration } from '#app/utils/duration'
import { newServiceBody } from '#tests/mock-api/helpers'
import {
	signedInBrowser,
	useRouteTestApi,
	type RouteAnswer,
	type RouteBrowser,
	type RouteModule,
} from '#tests/setup/routes'
import * as root from '#app/root'
import * as appLayout from '#app/routes/_app'
import * as service from '#app/routes/services/service'
import { WEBHOOK_INTENT } from '#app/routes/services/intents'
import * as webhookRecover from '#app/routes/services/webhook-recover'
import * as webhooks from '#app/routes/services/webhooks'

const api = useRouteTestApi()
const t = i18next.getFixedT('en-GB', ['common', 'recovery'])
const RECOVER = [appLayout, service, webhookRecover]
const WEBHOOKS = [appLayout, service, webhooks]
const ROOT: RouteModule = { loader: root.loader as RouteModule['loader'] }
const URL_OF_ENDPOINT = 'https://recovery.example.com/partner/webhooks'

type Page = {
	typed: string
	error: 'invalid' | 'tooOld' | 'future' | null
	preview: { since: string; count: number } | null
	idempotencyKey: string
}
type Reply = { result: { error: Record<string, string[]> }; retryAfterSeconds?: number }

let browser: RouteBrowser
let email: string
let serviceId: string
beforeEach(async () => {
	let access: string
	;({ browser, access, email } = await signedInBrowser(api))
	const body = newServiceBody({ webhook_url: URL_OF_ENDPOINT })
	serviceId = (await api.call('createService', { bearer: access, body })).body.data.id
})

const path = (query = '') => `/services/${serviceId}/webhooks/recover${query}`
const open = async (since: string) =>
	(await browser.get(RECOVER, path(`?since=${encodeURIComponent(since)}`), { serviceId })).data as Page
const send = (since: string, idempotencyKey: string) =>
	browser.post(RECOVER, path(), { since, idempotency_key: idempotencyKey }, { serviceId })
const flash = async () =>
	((await browser.get([ROOT], '/')).data as { flash: { message: string } | null }).flash?.message
/** The field's format (`datetime-local`, UTC, to the minute). */
const field = (time: number) => new Date(time).toISOString().slice(0, 16)
/** The log's redeliveries, read by a sign-in of its own (the clock moved past the first one's access token). */
async function redeliveries() {
	const { access } = await api.signIn(email)
	const log = await api.call('listWebhookDeliveries', { bearer: access, params: { id: serviceId } })
	return (log.body.data as Array<{ trigger: string }>).filter((delivery) => delivery.trigger === 'redelivery')
}

/**
 * The endpoint down while `events` events are sent a minute apart, every retry run out (a day on the mock clock),
 * then back: when the outage began, as the field takes it.
 */
async function outage(events: number) {
	const began = field(Math.floor((await api.now()) / 60_000) * 60_000)
	await api.mock.addWebhookReceiver({ url: URL_OF_ENDPOINT, status: 503 })
	for (let i = 0; i < events; i++) {
		await api.mock.sendWebhookEvent(serviceId, { type: 'password_changed_to_random_string' })
		await api.advance(60)
	}
	await api.advance(86_400)
	await api.mock.addWebhookReceiver({ url: URL_OF_ENDPOINT })
	return began
}

test('a time outside the log, in the future or not a time: the field says which, keeps what was typed, counts nothing', async () => {
	const now = await api.now()
	const cases = [
		[field(now - (webhookLimits.retentionDays + 1) * 86_400_000), 'Choose a time within the last 30 days.'],
		['2020-01-01T00:00', 'Choose a time within the last 30 days.'],
		[field(now + 3_600_000), 'Choose a time in the past.'],
		['yesterday', 'Enter a date and time, e.g. 2026-11-24 09:00.'],
	] as const
	for (const [since, message] of cases) {
		const page = await open(since)
		expect(page.typed, since).toBe(since)
		expect(page.preview, since).toBeNull()
		expect(page.error, since).not.toBeNull()
		expect(t(`recovery:errors.${page.error!}`, { days: webhookLimits.retentionDays }), since).toBe(message)
	}
	// Not asked yet: no error before the partner typed anything.
	expect(((await browser.get(RECOVER, path(), { serviceId })).data as Page).error).toBeNull()
})

test('the count, then one recovery for a double submit: both answers back to the log, said once, each event sent once', async () => {
	const since = await outage(3)
	const page = await open(since)
	expect(page.error).toBeNull()
	expect(page.preview).toMatchObject({ count: 3 })
	const delivered = (await api.mock.webhookRequests(URL_OF_ENDPOINT)).length
	const first = await send(page.preview!.since, page.idempotencyKey)
	const second = await send(page.preview!.since, page.idempotencyKey)
	for (const answer of [first, second]) {
		expect(answer.response.status).toBe(302)
		expect(answer.response.headers.get('location')).toBe(`/services/${serviceId}/webhooks#log`)
	}
	expect(await flash()).toBe(t('recovery:queued', { count: 3 }))
	await api.advance(1)
	expect(await redeliveries()).toHaveLength(3)
	expect(await api.mock.webhookRequests(URL_OF_ENDPOINT)).toHaveLength(delivered + 3)
	// Nothing left to send: the count says none.
	expect((await open(since)).preview).toMatchObject({ count: 0 })
})

test('five recoveries an hour: the sixth is a 429 that says when to try again and queues nothing; an hour later it goes', async () => {
	const since = await outage(1)
	const sinceIso = new Date(`${since}:00Z`).toISOString()
	// Each a new form (a new key) from a time after the outage: nothing to send, but each counts.
	const later = new Date(Date.parse(sinceIso) + 86_400_000).toISOString()
	for (let n = 1; n <= rateLimits.webhookRecoveries.max; n++) {
		expect((await send(later, `key-${n}`)).response.status, `recovery ${n}`).toBe(302)
	}
	const refused: RouteAnswer = await send(sinceIso, 'key-6')
	expect(refused.response.status).toBe(429)
	const { result, retryAfterSeconds } = refused.data as Reply
	expect(retryAfterSeconds).toBeGreaterThan(0)
	expect(result.error['']).toEqual([t('common:errors.rateLimited', { time: formatDuration(retryAfterSeconds!, t) })])
	await api.advance(1)
	expect(await redeliveries()).toHaveLength(0)

	await api.advance(rateLimits.webhookRecoveries.windowSeconds)
	expect((await send(sinceIso, 'key-7')).response.status).toBe(302)
	await api.advance(1)
	expect(await redeliveries()).toHaveLength(1)
})

test('the API down while queuing: 503 "not saved" with a reference on the same page, nothing queued', async () => {
	const since = await outage(2)
	const page = await open(since)
	await api.mock.fault({ method: 'POST', path: `/services/${serviceId}/webhook-recoveries`, status: 503 })
	const down = await send(page.preview!.since, page.idempotencyKey)
	expect(down.response.status).toBe(503)
	const { result } = down.data as Reply
	expect(result.error['']).toEqual([
		t('common:errors.notSaved'),
		t('common:errors.reference', { requestId: down.response.headers.get('x-request-id') }),
	])
	await api.advance(1)
	expect(await redeliveries()).toHaveLength(0)
	// The same form again, once the API is back, goes through.
	expect((await send(page.preview!.since, page.idempotencyKey)).response.status).toBe(302)
})

test('a confirmation the page never renders (no key, a time that is not one) is 400 and asks the API nothing', async () => {
	await api.mock.clearRequests()
	const forms: Record<string, string>[] = [
		{ since: new Date(await api.now()).toISOString() },
		{ since: 'yesterday', idempotency_key: 'k1' },
		{ idempotency_key: 'k1' },
	]
	for (const form of forms) {
		const answer = await browser.post(RECOVER, path(), form, { serviceId })
		expect(answer.response.status, JSON.stringify(form)).toBe(400)
	}
	const asked = (await api.mock.requests()).filter((request) => request.path.includes('webhook-recoveries'))
	expect(asked).toEqual([])
})

test('Resume on a paused endpoint leads to the recovery from the pause, counting what was held; again, back to the page', async () => {
	await api.mock.addWebhookReceiver({ url: URL_OF_ENDPOINT, status: 503 })
	const event = () => api.mock.sendWebhookEvent(serviceId, { type: 'password_changed_to_random_string' })
	await event()
	await api.advance(webhookLimits.pauseAfterDays * 86_400 + 60)
	// The failure that pauses the endpoint, then one held while paused.
	await event()
	await event()
	await api.mock.addWebhookReceiver({ url: URL_OF_ENDPOINT })
	const resume = () =>
		browser.post(WEBHOOKS, `/services/${serviceId}/webhooks`, { intent: WEBHOOK_INTENT.resume }, { serviceId })
	const resumed = await resume()
	expect(resumed.response.status).toBe(302)
	const location = resumed.response.headers.get('location')!
	expect(location).toMatch(new RegExp(`^${path()}\\?since=\\d{4}-\\d\\d-\\d\\dT\\d\\d%3A\\d\\d$`))
	const since = new URL(location, 'http://portal.test').searchParams.get('since')!
	expect((await open(since)).preview).toMatchObject({ count: 2 })
	// A second press (another tab, a double submit): not paused any more, so the webhooks page as it is now.
	const again = await resume()
	expect(again.response.status).toBe(302)
	expect(again.response.headers.get('location')).toBe(`/services/${serviceId}/webhooks`)
})
