import { describe, expect, test } from 'vitest'
import { webhookDeliveryList, webhookRecoveryResponse } from '../../app/api/contract/index'
import { newServiceBody, uniqueEmail, useTestApi, type Res } from './helpers'

/** Tokens outlive the clock jumps. */
const c = useTestApi({ accessTtlSeconds: 60 * 86_400 })
const HOOK_URL = 'https://hooks.recover.example/partner'

const ok = (res: Res, status = 200) => {
	expect(res.status, JSON.stringify(res.body)).toBe(status)
	return res
}

/** A service whose endpoint was down while three events were sent, every retry used up; then it is back. */
async function afterOutage() {
	const email = uniqueEmail()
	await c.createUser({ email })
	const bearer = (await c.signIn(email)).access
	const created = ok(await c.call('createService', { bearer, body: newServiceBody({ webhook_url: HOOK_URL }) }), 201)
	const params = { id: created.body.data.id as string }
	const start = new Date(await c.now()).toISOString()
	await c.mock.addWebhookReceiver({ url: HOOK_URL, status: 503 })
	const events = []
	for (let i = 0; i < 3; i++) {
		events.push((await c.mock.sendWebhookEvent(params.id, { type: 'password_changed_to_random_string' })).event_id)
		await c.advance(60)
	}
	await c.advance(86_400) // every retry has run, and failed
	await c.mock.addWebhookReceiver({ url: HOOK_URL }) // back: 200
	return { bearer, params, start, events }
}

describe('webhook recovery', () => {
	test('counts, then queues each failed event once, in order, with its id, as redeliveries of the originals', async () => {
		const { bearer, params, start, events } = await afterOutage()
		const failedRequests = (await c.mock.webhookRequests(HOOK_URL)).length
		expect(failedRequests).toBe(18) // 3 events × 6 attempts

		const preview = ok(await c.call('previewWebhookRecovery', { bearer, params, query: { since: start } }))
		expect(preview.body.data.count).toBe(3)
		const body = { since: start, idempotency_key: 'recover-1' }
		const recovery = webhookRecoveryResponse.parse(
			ok(await c.call('recoverWebhookDeliveries', { bearer, params, body }), 202).body,
		).data
		expect(recovery.count).toBe(3)
		// A double submit answers the same recovery and queues nothing more.
		const again = ok(await c.call('recoverWebhookDeliveries', { bearer, params, body }), 200)
		expect(again.body.data.id).toBe(recovery.id)

		const log = webhookDeliveryList.parse(ok(await c.call('listWebhookDeliveries', { bearer, params })).body).data
		const redeliveries = log.filter((delivery) => recovery.delivery_ids.includes(delivery.id))
		expect(redeliveries.map((delivery) => delivery.status)).toEqual(['delivered', 'delivered', 'delivered'])
		expect(redeliveries.every((delivery) => delivery.trigger === 'redelivery' && delivery.redelivery_of)).toBe(true)
		const received = (await c.mock.webhookRequests(HOOK_URL)).slice(failedRequests)
		expect(received.map((request) => request.headers['webhook-id'])).toEqual(events)

		// Nothing left to recover; the activity log says what was done.
		expect(
			ok(await c.call('previewWebhookRecovery', { bearer, params, query: { since: start } })).body.data.count,
		).toBe(0)
		const activity = ok(await c.call('listServiceActivity', { bearer, params, query: { kind: 'webhooks' } }))
		expect(activity.body.data[0]).toMatchObject({ action: 'webhook_recovery_started', details: { count: 3 } })
	})

	test('a time outside the log is 422; the recovery is limited per service; a reused key is 422', async () => {
		const { bearer, params, start } = await afterOutage()
		const old = new Date((await c.now()) - 31 * 86_400_000).toISOString()
		const tooOld = await c.call('previewWebhookRecovery', { bearer, params, query: { since: old } })
		expect(tooOld.status).toBe(422)
		expect(tooOld.body.errors.since).toEqual(['This field must be within the last 30 days.'])
		const future = new Date((await c.now()) + 60_000).toISOString()
		expect(
			(
				await c.call('recoverWebhookDeliveries', {
					bearer,
					params,
					body: { since: future, idempotency_key: 'k-future' },
				})
			).status,
		).toBe(422)
		ok(
			await c.call('recoverWebhookDeliveries', { bearer, params, body: { since: start, idempotency_key: 'k-0' } }),
			202,
		)
		const reused = await c.call('recoverWebhookDeliveries', {
			bearer,
			params,
			body: { since: old, idempotency_key: 'k-0' },
		})
		expect(reused.status).toBe(422)
		// A refused call does not count: four more, then the sixth is one too many.
		for (let i = 1; i < 5; i++) {
			ok(
				await c.call('recoverWebhookDeliveries', { bearer, params, body: { since: start, idempotency_key: `k-${i}` } }),
				202,
			)
		}
		const limited = await c.call('recoverWebhookDeliveries', {
			bearer,
			params,
			body: { since: start, idempotency_key: 'k-6' },
		})
		expect(limited.status).toBe(429)
	})
})
