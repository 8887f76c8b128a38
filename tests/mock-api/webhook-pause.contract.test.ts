/**
 * Pausing an endpoint that keeps failing (docs/decisions/0032-webhook-recovery.md): after every attempt has failed
 * for `webhookLimits.pauseAfterDays`, events are logged but not sent, the owner is emailed once, and resuming
 * answers what a recovery from the pause's start sends.
 */
import { describe, expect, test } from 'vitest'
import {
	fillEmailTemplate,
	partnerEmails,
	webhookDeliveryList,
	webhookHealthResponse,
	webhookLimits,
	webhookResumeResponse,
} from '../../app/api/contract/index'
import { newServiceBody, PORTAL_URL, uniqueEmail, useTestApi, type Res } from './helpers'

/** Tokens outlive the clock jumps. */
const c = useTestApi({ accessTtlSeconds: 60 * 86_400 })
const HOOK_URL = 'https://hooks.pause.example/partner'
const DAY = 86_400

const ok = (res: Res, status = 200) => {
	expect(res.status, JSON.stringify(res.body)).toBe(status)
	return res
}

/** A service whose endpoint answers 503: one event at once, then one each day, all failing. */
async function failingEndpoint() {
	const email = uniqueEmail()
	await c.createUser({ email })
	const bearer = (await c.signIn(email)).access
	const body = newServiceBody({ name: 'Paused Connect', webhook_url: HOOK_URL })
	const created = ok(await c.call('createService', { bearer, body }), 201)
	const params = { id: created.body.data.id as string }
	await c.mock.addWebhookReceiver({ url: HOOK_URL, status: 503 })
	const event = async () =>
		(await c.mock.sendWebhookEvent(params.id, { type: 'password_changed_to_random_string' })).event_id as string
	const health = async () =>
		webhookHealthResponse.parse(ok(await c.call('getWebhookHealth', { bearer, params })).body).data
	const log = async () =>
		webhookDeliveryList.parse(ok(await c.call('listWebhookDeliveries', { bearer, params })).body).data
	const pausedEmails = async () => {
		const subject = fillEmailTemplate(partnerEmails.webhook_endpoint_paused.subject, { service: 'Paused Connect' })
		return (await c.emails(email)).filter((mail) => mail.subject === subject)
	}
	return { email, bearer, params, event, health, log, pausedEmails }
}

describe('pausing an endpoint that keeps failing', () => {
	test('pauses after every attempt failed for 3 days, emails once, holds events; test events still go out', async () => {
		const { bearer, params, event, health, log, pausedEmails } = await failingEndpoint()
		expect(webhookLimits.pauseAfterDays).toBe(3)
		await event()
		// Just short of three days since the first failure: not paused.
		await c.advance(webhookLimits.pauseAfterDays * DAY - 60)
		await event()
		expect((await health()).paused_at).toBeNull()
		// The next failed attempt past three days (that event's first retry, a minute later) pauses the endpoint.
		await c.advance(120)
		const pausedAt = (await health()).paused_at
		expect(pausedAt).not.toBeNull()
		expect(Date.parse(pausedAt!)).toBeLessThan(await c.now())
		const mails = await pausedEmails()
		expect(mails).toHaveLength(1)
		expect(mails[0]!.links).toEqual([`${PORTAL_URL}/services/${params.id}/webhooks`])
		const activity = ok(await c.call('listServiceActivity', { bearer, params, query: { kind: 'webhooks' } }))
		expect(activity.body.data[0]).toMatchObject({ action: 'webhook_endpoint_paused', actor: { type: 'platform' } })

		// While paused: an event is logged but not attempted; due retries are held; the endpoint hears nothing.
		const heard = (await c.mock.webhookRequests(HOOK_URL)).length
		const held = await event()
		await c.advance(DAY)
		const entry = (await log()).find((delivery) => delivery.event_id === held)!
		expect(entry).toMatchObject({ status: 'pending', attempt_count: 0 })
		expect(await c.mock.webhookRequests(HOOK_URL)).toHaveLength(heard)

		// A test event and an endpoint check still go out.
		ok(await c.call('sendWebhookTestEvent', { bearer, params }), 201)
		ok(await c.call('checkWebhookEndpoint', { bearer, params }), 201)
		expect(await c.mock.webhookRequests(HOOK_URL)).toHaveLength(heard + 3)
		// Still paused, emailed once.
		await event()
		expect((await health()).paused_at).toBe(pausedAt)
		expect(await pausedEmails()).toHaveLength(1)
	})

	test('warns after a day of failures and a day before the pause, each once, with the last error', async () => {
		const { email, params, event, health, log } = await failingEndpoint()
		const warnings = async () =>
			(await c.emails(email)).filter((mail) => / are failing$| pause tomorrow$/.test(mail.subject))
		await event()
		const { failing_since: since, pauses_after: pausesAfter } = await health()
		expect(Date.parse(pausesAfter!) - Date.parse(since!)).toBe(webhookLimits.pauseAfterDays * DAY * 1000)
		await c.advance(webhookLimits.warnAfterDays * DAY - 60)
		await event()
		expect(await warnings()).toEqual([])
		await c.advance(120)
		await event()
		await event()
		const [failing] = await warnings()
		expect(await warnings()).toHaveLength(1)
		expect(failing!.subject).toBe('Webhook deliveries to Paused Connect are failing')
		expect(failing!.text).toContain('The last error: The endpoint answered 503.')
		expect(failing!.links).toEqual([`${PORTAL_URL}/services/${params.id}/webhooks`])

		await c.advance((webhookLimits.pauseAfterDays - 1 - webhookLimits.warnAfterDays) * DAY)
		await event()
		await event()
		expect((await warnings()).map((mail) => mail.subject).sort()).toEqual([
			'Webhook deliveries to Paused Connect are failing',
			'Webhook deliveries to Paused Connect pause tomorrow',
		])
		expect((await health()).paused_at).toBeNull()
		// Every delivery has a retry time until the pause, and none once paused.
		await c.advance(DAY)
		await event()
		expect((await health()).paused_at).not.toBeNull()
		expect((await health()).pauses_after).toBeNull()
		expect((await log()).map((delivery) => delivery.next_retry_at)).toEqual((await log()).map(() => null))
	})

	test('resume un-pauses and counts what failed since the pause; the recovery sends it once', async () => {
		const { bearer, params, event, health, log } = await failingEndpoint()
		await event()
		await c.advance(webhookLimits.pauseAfterDays * DAY)
		const trigger = await event()
		const pausedAt = (await health()).paused_at!
		const held = [await event(), await event()]

		// Back up; resumed: the event that paused it and the two held ones are what was missed.
		await c.mock.addWebhookReceiver({ url: HOOK_URL })
		const resumed = webhookResumeResponse.parse(ok(await c.call('resumeWebhookEndpoint', { bearer, params })).body).data
		expect(resumed).toEqual({ paused_at: pausedAt, count: 3 })
		expect((await health()).paused_at).toBeNull()
		const heard = (await c.mock.webhookRequests(HOOK_URL)).length
		const recovery = ok(
			await c.call('recoverWebhookDeliveries', {
				bearer,
				params,
				body: { since: pausedAt, idempotency_key: 'resume-1' },
			}),
			202,
		)
		expect(recovery.body.data.count).toBe(3)
		await log() // settles the queue
		const received = (await c.mock.webhookRequests(HOOK_URL)).slice(heard)
		expect(received.map((request) => request.headers['webhook-id'])).toEqual([trigger, ...held])
		// New events are sent again at once.
		const next = await event()
		expect((await log()).find((delivery) => delivery.event_id === next)?.status).toBe('delivered')

		const activity = ok(await c.call('listServiceActivity', { bearer, params, query: { kind: 'webhooks' } }))
		expect(activity.body.data.map((entry: { action: string }) => entry.action)).toContain('webhook_endpoint_resumed')
		// Not paused any more: 409.
		expect((await c.call('resumeWebhookEndpoint', { bearer, params })).status).toBe(409)
	})
})
