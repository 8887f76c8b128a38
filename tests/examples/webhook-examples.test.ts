/**
 * The webhook examples (examples/webhooks/node and …/python), each run as a
 * partner would run it: a process of its own on a free port, with a signing
 * secret in WEBHOOK_SECRET.
 *
 * Part one signs requests with the `standardwebhooks` library, a signer
 * independent of both examples and of the mock API. Part two sends them real
 * deliveries from the mock API: test events, a redelivery, the endpoint check,
 * a tampered copy and a delivery signed 10 minutes ahead.
 */
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import net from 'node:net'
import { setTimeout as delay } from 'node:timers/promises'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import {
	webhookCheckResponse,
	webhookDeliveryResource,
	webhookDeliveryResponse,
	type WebhookDelivery,
} from '#app/api/contract/index'
import { client, uniqueEmail, type Res } from '#tests/mock-api/helpers'
import { startMockApi, type MockApi } from '#tests/mock-api/server'
import {
	startWebhookExample,
	webhookExamples as examples,
	type RunningExample,
	type WebhookExample,
} from '#tests/setup/examples'

/** A signing secret as the portal shows one: `whsec_` + base64 of 32 random bytes. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`

type Running = RunningExample & {
	/**
	 * How many times the example acted on an event id (its "handled" lines), once every line written so far
	 * has arrived: it first delivers a fresh ping and waits for that one's line (stdout is in order).
	 */
	handled: (id: string) => Promise<number>
}

/** Starts an example, with a way to count what it handled. */
async function startExample(
	example: WebhookExample,
	secret: string,
	env: Record<string, string> = {},
): Promise<Running> {
	// startWebhookExample passes this process's environment on to the example.
	for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value)
	const running = await startWebhookExample(example, secret).finally(() => vi.unstubAllEnvs())
	const count = (id: string) => running.lines.filter((entry) => entry.event === 'handled' && entry.id === id).length
	return {
		...running,
		handled: async (id) => {
			const barrier = sign(secret, { data: { message: 'barrier' } })
			expect((await deliver(running.url, barrier)).status).toBe(200)
			await vi.waitFor(() => expect(count(barrier.id)).toBe(1), { timeout: 3000 })
			return count(id)
		},
	}
}

type Signed = { id: string; timestamp: number; body: string; signature: string }

/** A webhook body and its Standard Webhooks signature, made by the library (not by the examples' code). */
function sign(
	secret: string,
	{
		type = 'ping',
		data = { message: 'Hello from the test.' },
		id = `evt_${randomBytes(12).toString('hex')}`,
		at = new Date(),
	}: { type?: string; data?: object; id?: string; at?: Date } = {},
): Signed {
	const body = JSON.stringify({ id, type, created_at: at.toISOString(), service_id: 'svc_test', data })
	return { id, timestamp: Math.floor(at.getTime() / 1000), body, signature: new Webhook(secret).sign(id, at, body) }
}

function headersOf({ id, timestamp, signature }: Signed): Record<string, string> {
	return {
		'content-type': 'application/json',
		'user-agent': 'PartnerWebhooks/1.0',
		'webhook-id': id,
		'webhook-timestamp': String(timestamp),
		'webhook-signature': signature,
	}
}

async function post(url: string, body: string, headers: Record<string, string>) {
	const response = await fetch(url, { method: 'POST', headers, body })
	const text = await response.text()
	return { status: response.status, headers: response.headers, text }
}

const deliver = (url: string, signed: Signed, body = signed.body) => post(url, body, headersOf(signed))

/** A request written on a socket: headers announcing a body that is never sent. */
function rawRequest(port: number, head: string): Promise<string> {
	return new Promise((resolve, reject) => {
		const socket = net.connect(port, '127.0.0.1', () => socket.write(head))
		let answer = ''
		socket.on('data', (chunk) => (answer += chunk.toString()))
		socket.on('end', () => resolve(answer))
		socket.on('error', reject)
		socket.setTimeout(5000, () => socket.destroy(new Error('no answer within 5 s')))
	})
}

type SlowResult = {
	/** What the server wrote before closing. */
	answer: string
	/** Milliseconds from the connection to the server closing it; null if it was still open at the bound. */
	closedAfterMs: number | null
	/** performance.now() when it closed (null: never). */
	closedAt: number | null
}

/**
 * A slow client: connects, then writes one byte of a request every `everyMs`, in a loop bounded by `boundMs`,
 * until the server closes the connection. `sends`: nothing at all; the head a byte at a time; or the whole head
 * at once and then the body (Content-Length: 64) a byte at a time.
 */
async function slowClient(
	port: number,
	sends: 'nothing' | 'head' | 'body',
	{ everyMs = 1000, boundMs = 15_000 } = {},
): Promise<{ done: Promise<SlowResult> }> {
	const socket = net.connect(port, '127.0.0.1')
	await once(socket, 'connect')
	const openedAt = performance.now()
	let answer = ''
	socket.on('data', (chunk: Buffer) => (answer += chunk.toString()))
	// A byte written after the server closed may meet a reset (EPIPE, ECONNRESET): closed all the same.
	socket.on('error', () => {})
	const closed = new Promise<number>((resolve) => {
		socket.once('end', () => resolve(performance.now()))
		socket.once('close', () => resolve(performance.now()))
	})
	const head = 'POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 64\r\n\r\n'
	const body = `{"id":"evt_slow","type":"ping"}`.padEnd(64, ' ')
	if (sends === 'body') socket.write(head)
	const bytes = sends === 'head' ? head : body
	const done = (async (): Promise<SlowResult> => {
		let closedAt: number | null = null
		for (let i = 0; closedAt === null && performance.now() - openedAt < boundMs; i++) {
			if (sends !== 'nothing' && i < bytes.length) socket.write(bytes[i]!)
			closedAt = await Promise.race([closed, delay(everyMs, null)])
		}
		socket.destroy()
		return { answer, closedAt, closedAfterMs: closedAt === null ? null : closedAt - openedAt }
	})()
	return { done }
}

describe.each(examples)('$name example, signed by the standardwebhooks library', (example) => {
	const secret = newSecret()
	let app: Running

	beforeAll(async () => {
		app = await startExample(example, secret)
	}, 20_000)
	afterAll(async () => {
		// Stops cleanly on SIGTERM.
		expect(await app.stop()).toBe(0)
	})

	test('a valid ping is handled once; the same webhook-id again (a retry, signed anew) is a duplicate', async () => {
		const first = sign(secret)
		const answer = await deliver(app.url, first)
		expect(answer.status).toBe(200)
		expect(JSON.parse(answer.text)).toEqual({ received: true })
		expect(await app.handled(first.id)).toBe(1)
		expect(app.lines.find((line) => line.id === first.id)).toMatchObject({ event: 'handled', type: 'ping' })

		const retry = sign(secret, { id: first.id, at: new Date(Date.now() + 2000) })
		expect(retry.signature).not.toBe(first.signature)
		const again = await deliver(`${app.url}webhooks`, retry) // any path
		expect(again.status).toBe(200)
		expect(JSON.parse(again.text)).toEqual({ received: true, duplicate: true })
		expect(await app.handled(first.id)).toBe(1)
	})

	test('url_verification: 200 with the challenge, not "handled"', async () => {
		const challenge = randomBytes(16).toString('hex')
		const check = sign(secret, { type: 'url_verification', data: { challenge } })
		const answer = await deliver(app.url, check)
		expect(answer.status).toBe(200)
		expect(JSON.parse(answer.text)).toEqual({ challenge })
		expect(await app.handled(check.id)).toBe(0)
	})

	test('a tampered body, a wrong secret, a stale or future timestamp: 400, nothing handled', async () => {
		const genuine = sign(secret)
		const tampered = genuine.body.replace('Hello', 'Jello')
		expect(tampered).not.toBe(genuine.body)
		const refused = [
			await deliver(app.url, genuine, tampered),
			await deliver(app.url, sign(newSecret())),
			await deliver(app.url, sign(secret, { at: new Date(Date.now() - 10 * 60_000) })),
			await deliver(app.url, sign(secret, { at: new Date(Date.now() + 10 * 60_000) })),
		]
		for (const answer of refused) {
			expect(answer.status, answer.text).toBe(400)
			expect(answer.headers.get('content-type')).toMatch(/^text\/plain/)
		}
		// The genuine request still works afterwards: the refusals did not mark its id as handled.
		expect((await deliver(app.url, genuine)).status).toBe(200)
		expect(await app.handled(genuine.id)).toBe(1)
	})

	test('a missing webhook-id, webhook-timestamp or webhook-signature: 400', async () => {
		const signed = sign(secret)
		for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) {
			const headers = headersOf(signed)
			delete headers[name]
			const answer = await post(app.url, signed.body, headers)
			expect(answer.status, `without ${name}`).toBe(400)
		}
		expect((await post(app.url, signed.body, { 'content-type': 'application/json' })).status).toBe(400)
		expect(await app.handled(signed.id)).toBe(0)
	})

	test('two signatures, as during a secret rotation (a wrong one first): any match is accepted', async () => {
		const signed = sign(secret)
		const other = new Webhook(newSecret()).sign(signed.id, new Date(signed.timestamp * 1000), signed.body)
		const answer = await deliver(app.url, { ...signed, signature: `${other} ${signed.signature}` })
		expect(answer.status).toBe(200)
		expect(await app.handled(signed.id)).toBe(1)
		// Only wrong ones (or another version's): refused.
		const wrong = await deliver(app.url, { ...sign(secret), signature: `${other} v2,${signed.signature.slice(3)}` })
		expect(wrong.status).toBe(400)
	})

	test('other methods: 405 with Allow: POST; a body announced over 1 MB: 413 before it is read', async () => {
		const get = await fetch(app.url)
		expect(get.status).toBe(405)
		expect(get.headers.get('allow')).toBe('POST')
		await get.text()

		const answer = await rawRequest(
			app.port,
			'POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
				`Content-Length: ${1024 * 1024 + 1}\r\nConnection: close\r\n\r\n`,
		)
		expect(answer).toMatch(/^HTTP\/1\.[01] 413 /)
	})
})

// ---------------------------------------------------------------------------
// Slow clients
// ---------------------------------------------------------------------------

/** A short deadline, so that the tests wait seconds, not the default 10. */
const DEADLINE_SECONDS = 2
/** The Python example's pool, small for the test (default 32). The Node example has no pool: one thread. */
const MAX_CONNECTIONS = 3

describe.each(examples)('$name example, slow clients', (example) => {
	const secret = newSecret()
	let app: Running

	beforeAll(async () => {
		app = await startExample(example, secret, {
			WEBHOOK_REQUEST_DEADLINE_SECONDS: String(DEADLINE_SECONDS),
			WEBHOOK_MAX_CONNECTIONS: String(MAX_CONNECTIONS),
		})
	}, 20_000)
	afterAll(async () => {
		expect(await app.stop()).toBe(0)
	})

	test('the whole request must arrive within the deadline: a byte a second does not keep a connection open', async () => {
		// A byte every second keeps any per-read timeout happy; only a deadline for the whole request closes these.
		const clients = await Promise.all(
			(['nothing', 'head', 'body'] as const).map((sends) => slowClient(app.port, sends)),
		)
		const results = await Promise.all(clients.map((client) => client.done))
		for (const [index, result] of results.entries()) {
			const what = `client ${['nothing', 'head', 'body'][index]}: ${JSON.stringify(result)}`
			expect(result.closedAfterMs, what).not.toBeNull()
			// Not before the deadline (less a margin for timer granularity), well before the 15 s bound.
			expect(result.closedAfterMs!, what).toBeGreaterThanOrEqual(DEADLINE_SECONDS * 1000 - 250)
			expect(result.closedAfterMs!, what).toBeLessThan(DEADLINE_SECONDS * 1000 + 4000)
			expect(result.answer, what).toMatch(/^HTTP\/1\.[01] 408 /)
		}
		// Still serving.
		const signed = sign(secret)
		expect((await deliver(app.url, signed)).status).toBe(200)
		expect(await app.handled(signed.id)).toBe(1)
	}, 30_000)

	test(`${MAX_CONNECTIONS + 2} slow connections, more than the Python pool: a signed delivery is still answered 200`, async () => {
		const clients = await Promise.all(Array.from({ length: MAX_CONNECTIONS + 2 }, () => slowClient(app.port, 'head')))
		const signed = sign(secret)
		const sentAt = performance.now()
		const answer = await deliver(app.url, signed)
		const answeredAt = performance.now()
		const results = await Promise.all(clients.map((client) => client.done))

		expect(answer.status, answer.text).toBe(200)
		expect(JSON.parse(answer.text)).toEqual({ received: true })
		expect(await app.handled(signed.id)).toBe(1)
		for (const result of results) {
			expect(result.closedAt, JSON.stringify(result)).not.toBeNull()
			expect(result.answer).toMatch(/^HTTP\/1\.[01] 408 /)
		}
		const firstCut = Math.min(...results.map((result) => result.closedAt!))
		if (example.name === 'python') {
			// At most MAX_CONNECTIONS handler threads: the delivery waited in the listen backlog (neither refused nor
			// answered) until the deadline cut the first slow connections off, then it was answered.
			expect(answeredAt).toBeGreaterThanOrEqual(firstCut)
			expect(answeredAt - sentAt).toBeLessThan(DEADLINE_SECONDS * 1000 + 4000)
		} else {
			// One thread and an event loop: slow connections cost a socket each, and nobody waits for them.
			expect(answeredAt).toBeLessThan(firstCut)
		}
	}, 30_000)
})

/** The examples' deadline for a request's line and headers (HEADER_DEADLINE_SECONDS), under the whole 10 s. */
const HEADER_DEADLINE_MS = 2000

/** The head of a signed delivery, as written on a socket (the body to follow). */
const rawDelivery = (signed: Signed, connection: 'close' | 'keep-alive') =>
	`POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: ${connection}\r\n` +
	Object.entries({ ...headersOf(signed), 'content-length': String(Buffer.byteLength(signed.body)) })
		.map(([name, value]) => `${name}: ${value}\r\n`)
		.join('') +
	'\r\n'

describe.each(examples)('$name example, the header deadline', (example) => {
	const secret = newSecret()
	let app: Running

	beforeAll(async () => {
		// The default deadline for the whole request (10 s); the Python pool small for the test.
		app = await startExample(example, secret, { WEBHOOK_MAX_CONNECTIONS: String(MAX_CONNECTIONS) })
	}, 20_000)
	afterAll(async () => {
		expect(await app.stop()).toBe(0)
	})

	test(`${MAX_CONNECTIONS} connections that never finish their headers are closed after 2 s, and a delivery behind them is answered by then`, async () => {
		// As many as the Python pool has threads: one sends nothing, the others their head a byte at a time.
		const clients = await Promise.all(
			Array.from({ length: MAX_CONNECTIONS }, (_, i) =>
				slowClient(app.port, i === 0 ? 'nothing' : 'head', { everyMs: 250, boundMs: 8000 }),
			),
		)
		const signed = sign(secret)
		const sentAt = performance.now()
		const answer = await deliver(app.url, signed)
		const answeredAfterMs = performance.now() - sentAt
		const results = await Promise.all(clients.map((client) => client.done))

		expect(answer.status, answer.text).toBe(200)
		expect(await app.handled(signed.id)).toBe(1)
		// Python: in the listen backlog until the header deadline freed a thread; 10 s with the request's deadline alone.
		expect(answeredAfterMs).toBeLessThan(HEADER_DEADLINE_MS + 2500)
		for (const result of results) {
			const what = JSON.stringify(result)
			expect(result.closedAfterMs, what).not.toBeNull()
			expect(result.closedAfterMs!, what).toBeGreaterThanOrEqual(HEADER_DEADLINE_MS - 250)
			expect(result.closedAfterMs!, what).toBeLessThan(HEADER_DEADLINE_MS + 2500)
			expect(result.answer, what).toMatch(/^HTTP\/1\.[01] 408 /)
		}
	}, 15_000)

	test('a body still arriving after the header deadline is read: the delivery is answered 200', async () => {
		const signed = sign(secret)
		const socket = net.connect(app.port, '127.0.0.1')
		await once(socket, 'connect')
		let answer = ''
		socket.on('data', (chunk: Buffer) => (answer += chunk.toString()))
		const ended = once(socket, 'end')
		socket.write(rawDelivery(signed, 'close') + signed.body.slice(0, 10))
		// The header deadline has passed once the server cuts off a connection opened after this one that sends nothing.
		const idle = await slowClient(app.port, 'nothing', { everyMs: 250, boundMs: 8000 })
		expect((await idle.done).closedAfterMs).not.toBeNull()
		socket.end(signed.body.slice(10))
		await ended
		expect(answer).toMatch(/^HTTP\/1\.[01] 200 /)
		expect(await app.handled(signed.id)).toBe(1)
	}, 15_000)
})

// ---------------------------------------------------------------------------
// Real deliveries from the mock API
// ---------------------------------------------------------------------------

describe.each(examples)('$name example, receiving real deliveries from the mock API', (example) => {
	let api: MockApi
	const c = client(() => api)
	let app: Running
	let bearer: string
	let serviceId: string

	/** An endpoint by its path; fails unless the status is the one expected. */
	async function ok(method: string, urlPath: string, status: number, body?: unknown): Promise<Res> {
		const res = await c.send(method, urlPath, { bearer, body })
		expect(res.status, JSON.stringify(res.body)).toBe(status)
		return res
	}
	const deliveryOf = (res: Res): WebhookDelivery => webhookDeliveryResponse.parse(res.body).data
	const testEvent = async () => deliveryOf(await ok('POST', `/services/${serviceId}/webhook-test-events`, 201))

	beforeAll(async () => {
		api = await startMockApi({
			host: '127.0.0.1',
			port: 0,
			quiet: true,
			allowPrivateWebhooks: true,
			contactEmail: 'partners@example.com',
			scryptCost: 1024,
			accessTtlSeconds: 86_400,
		})
		const email = uniqueEmail('examples')
		await c.createUser({ email })
		bearer = (await c.signIn(email)).access
		const created = await ok('POST', '/services', 201, {
			name: `Example receiver (${example.name})`,
			description: 'Receives webhooks with the example from the repository.',
			category: 'other',
			website_url: 'https://receiver.example/',
			webhook_url: 'https://receiver.example/webhooks',
			authorization_url: 'https://receiver.example/connect',
			idempotency_key: `example-${example.name}`,
		})
		serviceId = created.body.data.id

		// The API shows signing secrets to a sign-in that confirmed its identity (decision 0022).
		await c.confirmIdentity(bearer)
		const secrets = await ok('GET', `/services/${serviceId}/webhook-signing-secrets`, 200)
		const secret: unknown = secrets.body.data[0]?.secret
		expect(secret).toMatch(/^whsec_/)
		app = await startExample(example, secret as string)

		// Webhook URLs are https on a domain name (the contract's rule); the example listens on plain http. With
		// --allow-private-webhooks (local development) the mock resolves *.localhost to this machine and sends https
		// to a loopback address as http, so the URL a developer would type reaches the example.
		const { version } = (await ok('GET', `/services/${serviceId}`, 200)).body.data
		await ok('PATCH', `/services/${serviceId}`, 200, {
			webhook_url: `https://${example.name}-example.localhost:${new URL(app.url).port}/webhooks`,
			version,
		})
	}, 30_000)

	afterAll(async () => {
		const code = app ? await app.stop() : 0
		await api?.close()
		expect(code).toBe(0)
	})

	let first: WebhookDelivery

	test('a test event: delivered, answered 200 {"received": true}, handled once', async () => {
		first = await testEvent()
		expect(first).toMatchObject({ event_type: 'ping', status: 'delivered', last_status_code: 200, last_error: null })
		expect(JSON.parse(first.attempts[0]!.response!.body)).toEqual({ received: true })
		expect(first.attempts[0]!.request.headers).toMatchObject({
			'webhook-id': first.event_id,
			'webhook-timestamp': expect.stringMatching(/^\d+$/),
			'webhook-signature': expect.stringMatching(/^v1,/),
		})
		expect(await app.handled(first.event_id)).toBe(1)
	})

	test('a redelivery of it: delivered, answered as a duplicate, not handled again', async () => {
		const redelivered = deliveryOf(
			await ok('POST', `/services/${serviceId}/webhook-deliveries/${first.id}/redeliver`, 201, {
				idempotency_key: `redeliver-${example.name}`,
			}),
		)
		expect(redelivered).toMatchObject({
			trigger: 'redelivery',
			event_id: first.event_id,
			status: 'delivered',
			last_status_code: 200,
		})
		expect(JSON.parse(redelivered.attempts[0]!.response!.body)).toEqual({ received: true, duplicate: true })
		expect(await app.handled(first.event_id)).toBe(1)
	})

	test('a password_changed_to_random_string event: delivered and handled', async () => {
		const sent = await c.mock.sendWebhookEvent(serviceId, { type: 'password_changed_to_random_string' })
		const event = webhookDeliveryResource.parse(sent)
		expect(event).toMatchObject({ status: 'delivered', last_status_code: 200 })
		expect(JSON.parse(event.payload).data).toMatchObject({ account_id: expect.any(String), protections: [] })
		expect(await app.handled(event.event_id)).toBe(1)
		expect(app.lines.filter((line) => line.id === event.event_id)).toEqual([
			expect.objectContaining({ event: 'handled', type: 'password_changed_to_random_string' }),
		])
	})

	test('the endpoint check: answers the challenge, checks signatures', async () => {
		const check = webhookCheckResponse.parse((await ok('POST', `/services/${serviceId}/webhook-checks`, 201)).body).data
		expect(check.verdicts).toEqual({ answers_challenge: true, checks_signatures: true })
		expect(check.signed.response?.status).toBe(200)
		expect(check.wrong_signature.response?.status).toBe(400)
		expect(await app.handled(check.signed.request.headers['webhook-id']!)).toBe(0)
	})

	test("a copy of a real delivery's request: the tampered one is refused, the untampered one is a duplicate", async () => {
		const delivery = deliveryOf(await ok('GET', `/services/${serviceId}/webhook-deliveries/${first.id}`, 200))
		const { request } = delivery.attempts[0]!
		const headers = Object.fromEntries(
			Object.entries(request.headers).filter(([name]) => name !== 'content-length' && name !== 'host'),
		)
		const at = request.body.indexOf('"ping"') + 1 // one byte of the event type: "ping" → "qing"
		const tampered = `${request.body.slice(0, at)}q${request.body.slice(at + 1)}`
		expect(tampered).toHaveLength(request.body.length)
		expect(tampered).not.toBe(request.body)
		// Where the mock sent it (https://…localhost:PORT/… goes to this machine over http, see beforeAll).
		const sentTo = new URL(new URL(request.url).pathname, app.url).href

		const refused = await post(sentTo, tampered, headers)
		expect(refused.status).toBeGreaterThanOrEqual(400)
		expect(refused.status).toBeLessThan(500)
		// Replayed within the 5 minutes, the genuine copy verifies, and the example does not act on it twice.
		const replayed = await post(sentTo, request.body, headers)
		expect(replayed.status).toBe(200)
		expect(JSON.parse(replayed.text)).toEqual({ received: true, duplicate: true })
		expect(await app.handled(first.event_id)).toBe(1)
	})

	test('the mock clock 10 minutes ahead: the test event is refused with 400 (timestamp out of tolerance)', async () => {
		await c.advance(600)
		const late = await testEvent()
		expect(late).toMatchObject({ status: 'failed', last_status_code: 400 })
		expect(late.attempts[0]!.response!.body).toMatch(/timestamp|too new/i)
		expect(await app.handled(late.event_id)).toBe(0)
	})
})
