import { Webhook } from 'standardwebhooks'
import { describe, expect, test } from 'vitest'
import {
	serviceStatisticsResponse,
	createServiceResponse,
	identityConfirmationRequiredBody,
	identityConfirmationSeconds,
	signingSecretList,
	signingSecretMessages,
	signingSecretRotationInProgressBody,
	webhookSignature,
	webhookCheckList,
	webhookCheckResponse,
	webhookDeliveryList,
	webhookDeliveryResponse,
	webhookHealthResponse,
	webhookLimits,
	type WebhookDelivery,
} from '../../app/api/contract/index'
import { newServiceBody, useTestApi, uniqueEmail, type Res } from './helpers'
import type { MockWebhookRequest } from './hooks-client'
import { DEMO_EMAIL, DEMO_PASSWORD, DEMO_SERVICES } from './seed'

/** Tokens outlive the clock jumps of the retry and retention tests. */
const LONG_TTL = 60 * 86_400
const c = useTestApi({ accessTtlSeconds: LONG_TTL })

const HOOK_URL = 'https://hooks.acme.example/partner'

async function setup(webhookUrl = HOOK_URL) {
	const email = uniqueEmail()
	await c.createUser({ email })
	const bearer = (await c.signIn(email)).access
	const res = await c.call('createService', { bearer, body: newServiceBody({ webhook_url: webhookUrl }) })
	expect(res.status, JSON.stringify(res.body)).toBe(201)
	const created = createServiceResponse.parse(res.body)
	const params = { id: created.data.id }
	// Showing the signing secret needs a confirmed identity (decision 0022).
	await c.confirmIdentity(bearer)
	const [signing] = signingSecrets(ok(await c.call('listWebhookSigningSecrets', { bearer, params })))
	return { bearer, service: created.data, clientSecret: created.secret!.secret, secret: signing!, params }
}

const signingSecrets = (res: Res) => signingSecretList.parse(res.body).data

const ok = (res: Res, status = 200) => {
	expect(res.status, JSON.stringify(res.body)).toBe(status)
	return res
}

type Setup = Awaited<ReturnType<typeof setup>>
/** Who calls, on which service: a setup, or a demo service. */
type On = Pick<Setup, 'bearer' | 'params'>

async function ping({ bearer, params }: Setup): Promise<WebhookDelivery> {
	return webhookDeliveryResponse.parse(ok(await c.call('sendWebhookTestEvent', { bearer, params }), 201).body).data
}

/** An event the product sends (retried when it fails, unlike a test event), as its delivery resource. */
async function event(s: Setup): Promise<WebhookDelivery> {
	const sent = await c.mock.sendWebhookEvent(s.service.id, { type: 'password_changed_to_random_string' })
	return delivery(s, sent.id)
}

async function delivery({ bearer, params }: On, deliveryId: string) {
	const res = ok(await c.call('getWebhookDelivery', { bearer, params: { ...params, deliveryId } }))
	return webhookDeliveryResponse.parse(res.body).data
}

async function healthOf({ bearer, params }: On) {
	return webhookHealthResponse.parse(ok(await c.call('getWebhookHealth', { bearer, params })).body).data
}

const unix = (iso: string) => Math.floor(Date.parse(iso) / 1000)

/** The `v1,` values of a recorded request's `webhook-signature`. */
const signaturesOf = (request: MockWebhookRequest) =>
	request.headers['webhook-signature']!.split(' ').filter((part) => part.startsWith('v1,'))

/** Whether the standardwebhooks library (an independent verifier) accepts the request with `secret`. */
function verifies(request: MockWebhookRequest, secret: string) {
	try {
		new Webhook(secret).verify(request.body, request.headers)
		return true
	} catch {
		return false
	}
}

describe('test event', () => {
	test('to a receiver answering 200: delivered, signed the Standard Webhooks way with the signing secret', async () => {
		const s = await setup()
		await c.mock.addWebhookReceiver({ url: HOOK_URL })
		const sent = await ping(s)
		expect(sent).toMatchObject({
			event_type: 'ping',
			trigger: 'test',
			status: 'delivered',
			attempt_count: 1,
			last_status_code: 200,
			last_error: null,
			next_retry_at: null,
			url: HOOK_URL,
		})
		expect(s.secret).toMatchObject({ secret: expect.stringMatching(/^whsec_/), expires_at: null })
		expect(sent.signed_with).toEqual([{ secret_id: s.secret.id, hint: s.secret.hint }])
		expect(sent.attempts[0]!.response).toMatchObject({ status: 200, body: 'ok', body_truncated: false })
		expect(sent.attempts[0]!.request.body).toBe(sent.payload)
		expect(JSON.parse(sent.payload)).toMatchObject({ type: 'ping', service_id: s.service.id, data: expect.any(Object) })

		const [received, ...more] = await c.mock.webhookRequests(HOOK_URL)
		expect(more).toEqual([])
		expect(received).toMatchObject({ method: 'POST', body: sent.payload })
		expect(received!.headers).toMatchObject({
			'content-type': 'application/json',
			'partner-event': 'ping',
			'partner-delivery': sent.id,
			'webhook-id': sent.event_id,
			'webhook-timestamp': String(unix(sent.attempts[0]!.started_at)),
		})
		expect(signaturesOf(received!)).toHaveLength(1)
		expect(verifies(received!, s.secret.secret)).toBe(true)
		// Not the client secret: that one authenticates the service, it signs nothing.
		expect(verifies(received!, `whsec_${Buffer.from(s.clientSecret).toString('base64')}`)).toBe(false)
		expect(await healthOf(s)).toMatchObject({ failing: false, consecutive_failures: 0, last_error: null })
	})

	test('to a receiver answering 500: failed and sent once, no retry scheduled (a new test is one click)', async () => {
		const s = await setup()
		await c.mock.addWebhookReceiver({ url: HOOK_URL, status: 500, body: 'boom' })
		const sent = await ping(s)
		expect(sent).toMatchObject({ status: 'failed', attempt_count: 1, last_status_code: 500, next_retry_at: null })
		await c.advance(webhookLimits.retryBackoffSeconds.reduce((sum, seconds) => sum + seconds, 0))
		expect(await delivery(s, sent.id)).toMatchObject({ status: 'failed', attempt_count: 1, next_retry_at: null })
		expect(await c.mock.webhookRequests(HOOK_URL)).toHaveLength(1)
		// Its redelivery is a test too: sent once.
		const again = webhookDeliveryResponse.parse(
			ok(
				await c.call('redeliverWebhookDelivery', {
					bearer: s.bearer,
					params: { ...s.params, deliveryId: sent.id },
					body: { idempotency_key: 'again' },
				}),
				201,
			).body,
		).data
		expect(again).toMatchObject({ status: 'failed', attempt_count: 1, next_retry_at: null })
	})

	test('an event to a receiver answering 500: failed, retried at 1 min, 5 min, 30 min, 2 h, 6 h; failing after three', async () => {
		const s = await setup()
		await c.mock.addWebhookReceiver({ url: HOOK_URL, status: 500, body: 'boom' })
		const first = await event(s)
		expect(first).toMatchObject({ status: 'failed', attempt_count: 1, last_status_code: 500 })
		expect(first.last_error).toBe('The endpoint answered 500.')
		expect(unix(first.next_retry_at!) - unix(first.attempts[0]!.started_at)).toBe(60)

		await c.advance(59)
		expect((await delivery(s, first.id)).attempt_count).toBe(1)
		await c.advance(1)
		const second = await delivery(s, first.id)
		expect(second.attempt_count).toBe(2)
		expect(await healthOf(s)).toMatchObject({ failing: false, consecutive_failures: 2 })

		await c.advance(300)
		const third = await delivery(s, first.id)
		expect(third.attempt_count).toBe(3)
		const health = await healthOf(s)
		expect(health).toMatchObject({ failing: true, consecutive_failures: 3, last_success_at: null })
		expect(health.last_error).toMatchObject({
			delivery_id: first.id,
			status_code: 500,
			message: 'The endpoint answered 500.',
		})

		// One big jump runs every retry due, each at its own time.
		await c.advance(1800 + 7200 + 21_600)
		const last = await delivery(s, first.id)
		expect(last).toMatchObject({ status: 'failed', attempt_count: 6, next_retry_at: null })
		const gaps = last.attempts
			.slice(1)
			.map((entry, index) => unix(entry.started_at) - unix(last.attempts[index]!.started_at))
		expect(gaps).toEqual([...webhookLimits.retryBackoffSeconds])
		expect(last.attempts.map((entry) => entry.number)).toEqual([1, 2, 3, 4, 5, 6])
		expect(await c.mock.webhookRequests(HOOK_URL)).toHaveLength(6)
		await c.advance(86_400)
		expect((await delivery(s, first.id)).attempt_count).toBe(6)
	})

	test('fixed receiver: redeliver succeeds, a double submit delivers once, the retries stop', async () => {
		const s = await setup()
		await c.mock.addWebhookReceiver({ url: HOOK_URL, status: 503 })
		const failed = await ping(s)
		expect(failed.status).toBe('failed')
		await c.mock.addWebhookReceiver({ url: HOOK_URL }) // fixed: 200, and it keeps what it received
		expect(await c.mock.webhookRequests(HOOK_URL)).toHaveLength(1)

		const params = { ...s.params, deliveryId: failed.id }
		const body = { idempotency_key: 'redeliver-1' }
		const [one, two] = await Promise.all([
			c.call('redeliverWebhookDelivery', { bearer: s.bearer, params, body }),
			c.call('redeliverWebhookDelivery', { bearer: s.bearer, params, body }),
		])
		expect([one.status, two.status].sort()).toEqual([200, 201])
		const created = webhookDeliveryResponse.parse(one.status === 201 ? one.body : two.body).data
		expect(created).toMatchObject({ status: 'delivered', trigger: 'redelivery', redelivery_of: failed.id })
		expect(created.event_id).toBe(failed.event_id)
		expect(created.payload).toBe(failed.payload)
		const again = ok(await c.call('redeliverWebhookDelivery', { bearer: s.bearer, params, body }))
		expect(again.body.data).toMatchObject({ id: created.id, status: 'delivered' })
		expect(await c.mock.webhookRequests(HOOK_URL)).toHaveLength(2)

		expect((await delivery(s, failed.id)).next_retry_at).toBeNull()
		await c.advance(3600)
		expect(await c.mock.webhookRequests(HOOK_URL)).toHaveLength(2)
		expect(await healthOf(s)).toMatchObject({ failing: false, consecutive_failures: 0, last_error: null })

		const reused = await c.call('redeliverWebhookDelivery', {
			bearer: s.bearer,
			params: { ...s.params, deliveryId: created.id },
			body,
		})
		expect(reused.status).toBe(422)
		expect(reused.body).toMatchObject({ code: 'idempotency_key_reused' })
		const missing = await c.call('redeliverWebhookDelivery', { bearer: s.bearer, params, body: {} })
		expect(missing.status).toBe(422)
		expect(missing.body.errors).toHaveProperty('idempotency_key')
	})

	test('after a rotation, every delivery carries two signatures for a day, then the new one only', async () => {
		const s = await setup()
		await c.mock.addWebhookReceiver({ url: HOOK_URL })
		const rotated = signingSecrets(
			ok(await c.call('rotateWebhookSigningSecret', { bearer: s.bearer, params: s.params }), 201),
		)
		expect(rotated).toHaveLength(2)
		const [renewed, previous] = rotated
		expect(previous).toMatchObject({ id: s.secret.id, secret: s.secret.secret })
		expect(unix(previous!.expires_at!) - unix(previous!.created_at)).toBeGreaterThanOrEqual(24 * 3600)
		expect(renewed).toMatchObject({ expires_at: null, secret: expect.stringMatching(/^whsec_/) })
		expect(renewed!.secret).not.toBe(s.secret.secret)
		const sent = await ping(s)
		expect(sent.status).toBe('delivered')
		expect(sent.signed_with.map((secret) => secret.hint)).toEqual([renewed!.hint, previous!.hint])
		const [received] = await c.mock.webhookRequests(HOOK_URL)
		expect(signaturesOf(received!)).toHaveLength(2)
		expect(verifies(received!, renewed!.secret)).toBe(true)
		expect(verifies(received!, previous!.secret)).toBe(true)

		// Rotating the client secret changes nothing here.
		await c.confirmIdentity(s.bearer)
		ok(await c.call('rotateServiceSecret', { bearer: s.bearer, params: s.params }), 201)
		expect(
			signingSecrets(ok(await c.call('listWebhookSigningSecrets', { bearer: s.bearer, params: s.params }))),
		).toEqual(rotated)

		// A day later the previous secret is gone: one signature, the new secret's.
		await c.mock.advanceClock(24 * 3600 + 1)
		await c.confirmIdentity(s.bearer)
		const listed = signingSecrets(ok(await c.call('listWebhookSigningSecrets', { bearer: s.bearer, params: s.params })))
		expect(listed.map((secret) => secret.id)).toEqual([renewed!.id])
		const after = await ping(s)
		expect(after.signed_with).toEqual([{ secret_id: renewed!.id, hint: renewed!.hint }])
		const latest = (await c.mock.webhookRequests(HOOK_URL)).at(-1)!
		expect(signaturesOf(latest)).toHaveLength(1)
	})

	test('showing and rotating the signing secret need a confirmed identity, refused as a client secret change is', async () => {
		const email = uniqueEmail()
		await c.createUser({ email })
		const bearer = (await c.signIn(email)).access
		const created = createServiceResponse.parse(
			ok(await c.call('createService', { bearer, body: newServiceBody({ webhook_url: HOOK_URL }) }), 201).body,
		)
		const params = { id: created.data.id }
		const clientSecretRefusal = await c.call('rotateServiceSecret', { bearer, params })
		expect(clientSecretRefusal.status).toBe(403)
		for (const name of ['listWebhookSigningSecrets', 'rotateWebhookSigningSecret'] as const) {
			const res = await c.call(name, { bearer, params })
			expect(res.status, name).toBe(403)
			expect(identityConfirmationRequiredBody.parse(res.body)).toEqual(clientSecretRefusal.body)
			expect(res.body).toEqual({ message: 'Confirm your identity first.', code: 'identity_confirmation_required' })
		}

		await c.confirmIdentity(bearer)
		const [current] = signingSecrets(ok(await c.call('listWebhookSigningSecrets', { bearer, params })))
		expect(current!.secret).toMatch(/^whsec_/)
		// The confirmation ends: neither is answered any more, and nothing was rotated meanwhile.
		await c.advance(identityConfirmationSeconds)
		for (const name of ['listWebhookSigningSecrets', 'rotateWebhookSigningSecret'] as const) {
			expect((await c.call(name, { bearer, params })).status, name).toBe(403)
		}
		await c.confirmIdentity(bearer)
		expect(signingSecrets(ok(await c.call('listWebhookSigningSecrets', { bearer, params })))).toEqual([current])
	})

	test('a second rotation while the previous secret still signs is refused (409) until it stops, then works', async () => {
		const s = await setup()
		await c.mock.addWebhookReceiver({ url: HOOK_URL })
		const rotate = () => c.call('rotateWebhookSigningSecret', { bearer: s.bearer, params: s.params })
		const rotated = signingSecrets(ok(await rotate(), 201))
		const [renewed, previous] = rotated
		expect(previous!.id).toBe(s.secret.id)

		const refused = await rotate()
		expect(refused.status).toBe(409)
		expect(signingSecretRotationInProgressBody.parse(refused.body)).toEqual({
			message: signingSecretMessages.rotationInProgress(previous!.expires_at!),
			code: 'rotation_in_progress',
			previous_expires_at: previous!.expires_at,
		})
		expect(refused.body.message).toBe(
			`The previous signing secret still works until ${previous!.expires_at}. Rotate again after that.`,
		)
		// Nothing changed: the secret the receiver may still use keeps signing.
		expect(
			signingSecrets(ok(await c.call('listWebhookSigningSecrets', { bearer: s.bearer, params: s.params }))),
		).toEqual(rotated)
		const sent = await ping(s)
		expect(sent.signed_with.map((secret) => secret.secret_id)).toEqual([renewed!.id, previous!.id])

		// A second before the previous secret stops: still refused.
		const left = (Date.parse(previous!.expires_at!) - (await c.now())) / 1000
		await c.advance(Math.floor(left) - 1)
		await c.confirmIdentity(s.bearer)
		expect((await rotate()).status).toBe(409)
		// Once it has stopped, rotating works again: the current secret becomes the previous one.
		await c.advance(2)
		const again = signingSecrets(ok(await rotate(), 201))
		expect(again).toHaveLength(2)
		expect(again[1]).toMatchObject({ id: renewed!.id, secret: renewed!.secret })
		expect(unix(again[1]!.expires_at!) - unix(again[0]!.created_at)).toBe(webhookSignature.rotationOverlapSeconds)
		expect(again.map((secret) => secret.id)).not.toContain(previous!.id)
	})

	test("another partner's service: 404 for its signing secrets and their rotation", async () => {
		const s = await setup()
		const other = await setup()
		for (const name of ['listWebhookSigningSecrets', 'rotateWebhookSigningSecret'] as const) {
			const res = await c.call(name, { bearer: other.bearer, params: s.params })
			expect(res.status).toBe(404)
		}
	})
})

describe('endpoint check', () => {
	async function check(s: Setup) {
		const res = ok(await c.call('checkWebhookEndpoint', { bearer: s.bearer, params: s.params }), 201)
		return webhookCheckResponse.parse(res.body).data
	}

	test('a correct endpoint answers the challenge and refuses the wrong signature', async () => {
		const s = await setup()
		await c.mock.addWebhookReceiver({ url: HOOK_URL })
		const result = await check(s)
		expect(result.verdicts).toEqual({ answers_challenge: true, checks_signatures: true })
		expect(result.signed.response).toMatchObject({ status: 200, body: result.challenge })
		expect(result.wrong_signature.response).toMatchObject({ status: 401 })
		expect(JSON.parse(result.signed.request.body)).toMatchObject({
			type: 'url_verification',
			data: { challenge: result.challenge },
		})
		expect(result.wrong_signature.request.body).toBe(result.signed.request.body)
		expect(result.signed.request.headers['webhook-signature']).not.toBe(
			result.wrong_signature.request.headers['webhook-signature'],
		)
		const [signed, wrong] = await c.mock.webhookRequests(HOOK_URL)
		expect(verifies(signed!, s.secret.secret)).toBe(true)
		expect(verifies(wrong!, s.secret.secret)).toBe(false)

		// The result page reads it again; a check is not a delivery.
		const again = ok(await c.call('getWebhookCheck', { bearer: s.bearer, params: { ...s.params, checkId: result.id } }))
		expect(again.body.data).toEqual(result)
		const log = ok(await c.call('listWebhookDeliveries', { bearer: s.bearer, params: s.params }))
		expect(log.body.data).toEqual([])
		expect((await healthOf(s)).last_attempt_at).toBeNull()
	})

	test('an endpoint that ignores signatures is told so; one that does not echo fails the challenge', async () => {
		const s = await setup()
		await c.mock.addWebhookReceiver({ url: HOOK_URL, verify_signatures: false })
		const lax = await check(s)
		expect(lax.verdicts).toEqual({ answers_challenge: true, checks_signatures: false })
		expect(lax.wrong_signature.response?.status).toBe(200)

		await c.mock.addWebhookReceiver({ url: HOOK_URL, echo_challenge: false })
		expect((await check(s)).verdicts).toEqual({ answers_challenge: false, checks_signatures: true })

		await c.mock.addWebhookReceiver({ url: HOOK_URL, status: 500 })
		expect((await check(s)).verdicts).toEqual({ answers_challenge: false, checks_signatures: null })
		expect(await c.mock.webhookRequests(HOOK_URL)).toHaveLength(6)
	})
})

describe('recent checks', () => {
	async function check(s: Setup) {
		const res = ok(await c.call('checkWebhookEndpoint', { bearer: s.bearer, params: s.params }), 201)
		return webhookCheckResponse.parse(res.body).data
	}
	const list = async (s: Setup, query: Record<string, string> = {}) => {
		const res = ok(await c.call('listWebhookChecks', { bearer: s.bearer, params: s.params, query }))
		return webhookCheckList.parse(res.body)
	}

	test('newest first with their verdicts, cursor pages that new checks do not shift, 30 days', async () => {
		const s = await setup()
		expect(await list(s)).toEqual({ data: [], meta: { next_cursor: null } })
		await c.mock.addWebhookReceiver({ url: HOOK_URL })
		const good = await check(s)
		await c.mock.addWebhookReceiver({ url: HOOK_URL, verify_signatures: false })
		const lax = await check(s)
		await c.mock.addWebhookReceiver({ url: HOOK_URL, status: 500 })
		const broken = await check(s)
		const newestFirst = [broken, lax, good]

		const all = await list(s)
		expect(all.data).toEqual(
			newestFirst.map(({ id, url, verdicts, created_at }) => ({ id, url, verdicts, created_at })),
		)
		expect(all.data.map((entry) => entry.verdicts)).toEqual([
			{ answers_challenge: false, checks_signatures: null },
			{ answers_challenge: true, checks_signatures: false },
			{ answers_challenge: true, checks_signatures: true },
		])
		expect(all.meta.next_cursor).toBeNull()

		const first = await list(s, { per_page: '2' })
		expect(first.data.map((entry) => entry.id)).toEqual([broken.id, lax.id])
		await check(s) // a new check between two pages
		const second = await list(s, { per_page: '2', cursor: first.meta.next_cursor! })
		expect(second.data.map((entry) => entry.id)).toEqual([good.id])
		expect(second.meta.next_cursor).toBeNull()

		// Checks are not deliveries, and they go after 30 days like deliveries.
		expect(ok(await c.call('listWebhookDeliveries', { bearer: s.bearer, params: s.params })).body.data).toEqual([])
		await c.advance(webhookLimits.retentionDays * 86_400 + 60)
		expect((await list(s)).data).toEqual([])
	})

	test("only the service's own checks; a malformed cursor is 422; another partner's service is 404", async () => {
		const s = await setup()
		const other = await setup()
		await c.mock.addWebhookReceiver({ url: HOOK_URL })
		const ours = await check(s)
		await check(other)
		expect((await list(s)).data.map((entry) => entry.id)).toEqual([ours.id])

		const bad: Array<Record<string, string>> = [{ cursor: 'not-a-cursor' }, { per_page: '0' }]
		for (const query of bad) {
			const res = await c.call('listWebhookChecks', { bearer: s.bearer, params: s.params, query })
			expect(res.status).toBe(422)
			expect(Object.keys(res.body.errors)).toEqual(Object.keys(query))
		}
		for (const params of [s.params, { id: 'not-a-uuid' }]) {
			expect((await c.call('listWebhookChecks', { bearer: other.bearer, params })).status).toBe(404)
		}
		expect((await c.call('listWebhookChecks', { params: s.params })).status).toBe(401)
	})
})

describe('delivery log', () => {
	test('newest first, cursor pages that new deliveries do not shift, status and event filters', async () => {
		const s = await setup()
		await c.mock.addWebhookReceiver({ url: HOOK_URL })
		const delivered = [await ping(s), await ping(s)]
		const event = await c.mock.sendWebhookEvent(s.service.id, { type: 'password_changed_to_random_string' })
		expect(event).toMatchObject({
			status: 'delivered',
			trigger: 'event',
			event_type: 'password_changed_to_random_string',
		})
		await c.mock.addWebhookReceiver({ url: HOOK_URL, status: 404 })
		const failed = [await ping(s), await ping(s)]
		const newestFirst = [...failed.reverse(), event, ...delivered.reverse()].map((entry) => entry.id)

		const list = async (query: Record<string, string>) => {
			const res = ok(await c.call('listWebhookDeliveries', { bearer: s.bearer, params: s.params, query }))
			return webhookDeliveryList.parse(res.body)
		}
		const first = await list({ per_page: '2' })
		expect(first.data.map((entry) => entry.id)).toEqual(newestFirst.slice(0, 2))
		await ping(s) // a new delivery between two pages
		const second = await list({ per_page: '2', cursor: first.meta.next_cursor! })
		expect(second.data.map((entry) => entry.id)).toEqual(newestFirst.slice(2, 4))
		const third = await list({ per_page: '2', cursor: second.meta.next_cursor! })
		expect(third.data.map((entry) => entry.id)).toEqual(newestFirst.slice(4))
		expect(third.meta.next_cursor).toBeNull()

		expect((await list({ status: 'delivered' })).data.map((entry) => entry.id)).toEqual(newestFirst.slice(2))
		expect((await list({ status: 'failed' })).data).toHaveLength(3)
		expect((await list({ status: 'pending' })).data).toEqual([])
		expect((await list({ event: 'password_changed_to_random_string' })).data.map((entry) => entry.id)).toEqual([
			event.id,
		])
		const failedPings = await list({ status: 'failed', event: 'ping', per_page: '2' })
		expect(failedPings.data).toHaveLength(2)
		expect((await list({ status: 'failed', event: 'ping', cursor: failedPings.meta.next_cursor! })).data).toHaveLength(
			1,
		)

		const bad: Array<Record<string, string>> = [{ status: 'broken' }, { event: 'nope' }, { cursor: 'not-a-cursor' }]
		for (const query of bad) {
			const res = await c.call('listWebhookDeliveries', { bearer: s.bearer, params: s.params, query })
			expect(res.status).toBe(422)
			expect(Object.keys(res.body.errors)).toEqual(Object.keys(query))
		}
	})

	test('deliveries older than 30 days are gone', async () => {
		const s = await setup()
		await c.mock.addWebhookReceiver({ url: HOOK_URL })
		const old = await ping(s)
		await c.advance(29 * 86_400)
		const recent = await ping(s)
		await c.advance(2 * 86_400)
		const res = ok(await c.call('listWebhookDeliveries', { bearer: s.bearer, params: s.params }))
		expect(res.body.data.map((entry: { id: string }) => entry.id)).toEqual([recent.id])
		const gone = await c.call('getWebhookDelivery', { bearer: s.bearer, params: { ...s.params, deliveryId: old.id } })
		expect(gone.status).toBe(404)
	})
})

describe('where deliveries go', () => {
	test('a private address is refused with a network-style error, never a 5xx', async () => {
		const url = 'https://hooks.internal.example/partner'
		const s = await setup(url)
		await c.mock.addDnsRecord({ name: 'hooks.internal.example', type: 'A', value: '127.0.0.1' })
		const sent = await ping(s)
		expect(sent).toMatchObject({ status: 'failed', last_status_code: null })
		expect(sent.attempts[0]!.error).toMatchObject({ code: 'refused_address' })
		// The name is said, never the internal address it resolved to.
		expect(sent.last_error).toContain('hooks.internal.example')
		expect(sent.last_error).not.toContain('127.0.0.1')
		for (const value of ['10.1.2.3', '169.254.169.254', '192.168.0.10']) {
			await c.mock.clearDnsRecords()
			await c.mock.addDnsRecord({ name: 'hooks.internal.example', type: 'A', value })
			expect((await ping(s)).attempts[0]!.error?.code).toBe('refused_address')
		}
		await c.mock.clearDnsRecords()
		await c.mock.addDnsRecord({ name: 'hooks.internal.example', type: 'AAAA', value: '::1' })
		expect((await ping(s)).attempts[0]!.error?.code).toBe('refused_address')
	})

	test('an IPv4 address inside IPv6 (mapped, compatible, NAT64, 6to4) is judged as that IPv4 address', async () => {
		const s = await setup('https://hooks.embedded.example/partner')
		for (const value of [
			'::ffff:127.0.0.1',
			'::ffff:7f00:1',
			'::7f00:1',
			'::ffff:0:a9fe:a9fe',
			'64:ff9b::a00:1',
			'2002:c0a8:1::1',
			'2001:0:808:808::80ff:fffe',
		]) {
			await c.mock.clearDnsRecords()
			await c.mock.addDnsRecord({ name: 'hooks.embedded.example', type: 'AAAA', value })
			const sent = await ping(s)
			expect(sent.attempts[0]!.error, value).toMatchObject({ code: 'refused_address' })
			expect(sent.last_error).toContain('hooks.embedded.example')
			expect(sent.last_error).not.toContain(value)
		}
	})

	test('a port other than 443 is refused before any lookup; 443 said or not is the same URL', async () => {
		// A .invalid name never resolves: refused_address rather than dns shows nothing was looked up.
		const s = await setup('https://hooks.port.invalid:8443/partner')
		for (const port of ['8443', '80', '22', '6379']) {
			const { version } = ok(await c.call('getService', { bearer: s.bearer, params: s.params })).body.data
			ok(
				await c.call('updateService', {
					bearer: s.bearer,
					params: s.params,
					body: { webhook_url: `https://hooks.port.invalid:${port}/partner`, version },
				}),
			)
			const sent = await ping(s)
			expect(sent).toMatchObject({ status: 'failed', last_status_code: null })
			expect(sent.attempts[0]!.error, port).toMatchObject({ code: 'refused_address' })
			// The reason first, then the mock's switch for a receiver on this machine (issue 55, point 19).
			expect(sent.last_error).toBe(
				`hooks.port.invalid:${port} is not the standard https port (443): webhooks are never sent there. ` +
					'A receiver on this machine: start the mock with --allow-private-webhooks (npm run demo -- ' +
					'--allow-private-webhooks).',
			)
		}
		const standard = await setup('https://hooks.port.invalid:443/partner')
		expect(standard.service.webhook_url).toBe('https://hooks.port.invalid/partner')
		expect((await ping(standard)).attempts[0]!.error?.code).not.toBe('refused_address')
	})

	test('a simulated receiver is used even at a private address; without one, no network is a network error', async () => {
		const s = await setup('https://hooks.nowhere.invalid/partner')
		const sent = await ping(s)
		expect(sent.status).toBe('failed')
		expect(['dns', 'network', 'connection', 'timeout']).toContain(sent.attempts[0]!.error?.code)
		expect(sent.attempts[0]!.response).toBeNull()
		await c.mock.addWebhookReceiver({ url: 'https://hooks.nowhere.invalid/partner' })
		expect((await ping(s)).status).toBe('delivered')
	})

	test('another partner, an unknown id or a malformed one: 404', async () => {
		const s = await setup()
		await c.mock.addWebhookReceiver({ url: HOOK_URL })
		const sent = await ping(s)
		const result = webhookCheckResponse.parse(
			ok(await c.call('checkWebhookEndpoint', { bearer: s.bearer, params: s.params }), 201).body,
		).data
		const other = await setup()
		const theirs = { id: s.service.id, deliveryId: sent.id, checkId: result.id }
		for (const params of [theirs, { ...theirs, id: 'not-a-uuid' }]) {
			const bearer = params === theirs ? other.bearer : s.bearer
			const calls = [
				c.call('sendWebhookTestEvent', { bearer, params }),
				c.call('checkWebhookEndpoint', { bearer, params }),
				c.call('getWebhookCheck', { bearer, params }),
				c.call('listWebhookDeliveries', { bearer, params }),
				c.call('getWebhookDelivery', { bearer, params }),
				c.call('redeliverWebhookDelivery', { bearer, params, body: { idempotency_key: 'k' } }),
				c.call('getWebhookHealth', { bearer, params }),
			]
			for (const res of await Promise.all(calls)) expect(res.status).toBe(404)
		}
		// Another service's delivery under one's own service id: 404 too.
		const cross = await c.call('getWebhookDelivery', {
			bearer: other.bearer,
			params: { id: other.service.id, deliveryId: sent.id },
		})
		expect(cross.status).toBe(404)
		expect(await c.mock.webhookRequests(HOOK_URL)).toHaveLength(3)
		expect((await c.call('getWebhookHealth', { params: s.params })).status).toBe(401)
	})

	test('reset and DELETE clear receivers, what they received and the log', async () => {
		const s = await setup()
		await c.mock.addWebhookReceiver({ url: HOOK_URL })
		await ping(s)
		await c.mock.clearWebhookReceivers()
		expect(await c.mock.webhookRequests()).toEqual([])
		await c.mock.addWebhookReceiver({ url: HOOK_URL })
		await ping(s)
		await c.mock.reset()
		expect(await c.mock.webhookRequests()).toEqual([])
	})
})

describe('with --allow-private-webhooks', () => {
	const p = useTestApi({ allowPrivateWebhooks: true, accessTtlSeconds: LONG_TTL })

	test('a private address is tried: its error is the connection, not the rule', async () => {
		const email = uniqueEmail()
		await p.createUser({ email })
		const bearer = (await p.signIn(email)).access
		const created = await p.call('createService', {
			bearer,
			body: {
				name: 'Local',
				description: 'Local receiver.',
				category: 'other',
				website_url: 'https://local.example/',
				webhook_url: 'https://hooks.local.example/partner',
				authorization_url: 'https://local.example/connect',
				idempotency_key: 'local-1',
			},
		})
		await p.mock.addDnsRecord({ name: 'hooks.local.example', type: 'A', value: '127.0.0.1' })
		const res = ok(await p.call('sendWebhookTestEvent', { bearer, params: { id: created.body.data.id } }), 201)
		const sent = webhookDeliveryResponse.parse(res.body).data
		expect(sent.status).toBe('failed')
		expect(sent.attempts[0]!.error?.code).not.toBe('refused_address')

		// Any port too (a receiver on this machine listens where it can): tried, not refused. Nothing listens on
		// port 1, so the error is the connection's.
		const { version } = ok(await p.call('getService', { bearer, params: { id: created.body.data.id } })).body.data
		ok(
			await p.call('updateService', {
				bearer,
				params: { id: created.body.data.id },
				body: { webhook_url: 'https://hooks.local.example:1/partner', version },
			}),
		)
		const res2 = ok(await p.call('sendWebhookTestEvent', { bearer, params: { id: created.body.data.id } }), 201)
		const onPort = webhookDeliveryResponse.parse(res2.body).data
		expect(onPort.url).toBe('https://hooks.local.example:1/partner')
		expect(onPort.attempts[0]!.error).toMatchObject({ code: 'connection' })
	})
})

describe('the demo seed', () => {
	test("the live service's nukes were delivered to its webhook URL, one failed and one retried; the others have none", async () => {
		const { access: bearer } = await c.signIn(DEMO_EMAIL, DEMO_PASSWORD)
		const [pay, chat, games] = DEMO_SERVICES.map((service) => ({ bearer, params: { id: service.id } }))
		const list = async (s: On) =>
			webhookDeliveryList.parse(
				ok(await c.call('listWebhookDeliveries', { bearer, params: s.params, query: { per_page: '100' } })).body,
			).data
		const deliveries = await list(pay!)
		// One event per nuke of the days kept, up to yesterday.
		const stats = serviceStatisticsResponse.parse(
			ok(await c.call('getServiceStatistics', { bearer, params: pay!.params, query: { days: '30' } })).body,
		).data
		const nukes = stats.daily.slice(0, -1).reduce((sum, day) => sum + day.nukes, 0)
		expect(deliveries).toHaveLength(nukes)
		expect(nukes).toBeGreaterThan(0)
		for (const entry of deliveries) {
			expect(entry).toMatchObject({
				event_type: 'password_changed_to_random_string',
				trigger: 'event',
				url: 'https://demo-pay.example/webhooks/partner',
				next_retry_at: null,
			})
			expect(entry.status).not.toBe('pending')
			expect(Date.parse(entry.created_at)).toBeLessThan(await c.now())
		}
		// Newest first means by time: the seed numbers its deliveries in the order they were made.
		const times = deliveries.map((entry) => Date.parse(entry.created_at))
		expect(times).toEqual([...times].sort((a, b) => b - a))
		const attemptsByStatus = deliveries.map((entry) => [entry.status, entry.attempt_count])
		if (deliveries.length >= 3) {
			expect(attemptsByStatus.filter(([status]) => status === 'failed')).toEqual([
				['failed', webhookLimits.retryBackoffSeconds.length + 1],
			])
			expect(attemptsByStatus).toContainEqual(['delivered', 2])
			const failed = await delivery(pay!, deliveries.find((entry) => entry.status === 'failed')!.id)
			expect(failed.attempts.map((attempt) => attempt.response?.status)).toEqual(failed.attempts.map(() => 503))
		}
		expect(deliveries[0]!.status).toBe('delivered')
		const newest = await delivery(pay!, deliveries[0]!.id)
		expect(JSON.parse(newest.payload)).toMatchObject({
			type: 'password_changed_to_random_string',
			service_id: DEMO_SERVICES[0].id,
		})
		expect(newest.attempts.at(-1)).toMatchObject({ succeeded: true, response: { status: 200, body: 'ok' } })
		expect(await healthOf(pay!)).toMatchObject({ failing: false, consecutive_failures: 0 })
		expect(await list(chat!)).toEqual([])
		expect(await list(games!)).toEqual([])

		// Nothing is left to retry, and a reset seeds the same deliveries.
		await c.advance(7200)
		expect(await list(pay!)).toEqual(deliveries)
		await c.mock.reset()
		const again = await c.signIn(DEMO_EMAIL, DEMO_PASSWORD)
		const reseeded = webhookDeliveryList.parse(
			ok(
				await c.call('listWebhookDeliveries', {
					bearer: again.access,
					params: pay!.params,
					query: { per_page: '100' },
				}),
			).body,
		).data
		expect(reseeded.map((entry) => [entry.id, entry.event_id, entry.status, entry.created_at])).toEqual(
			deliveries.map((entry) => [entry.id, entry.event_id, entry.status, entry.created_at]),
		)
	})
})
