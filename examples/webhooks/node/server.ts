/**
 * A partner service that receives the partner API's webhooks: Node's own
 * `http` server, verified with the `standardwebhooks` package.
 *
 *   WEBHOOK_SECRET=whsec_… PORT=8000 npm start
 *
 * Every POST, on any path, is a webhook delivery; other methods are 405.
 * See README.md for what it answers and how to try it against the portal.
 */
// #region verify
import type { IncomingHttpHeaders } from 'node:http'
import { Webhook, WebhookVerificationError } from 'standardwebhooks'

/** The body of every webhook. */
type WebhookEvent = {
	id: string
	type: string
	created_at: string
	service_id: string
	data: Record<string, unknown>
}

/**
 * A verifier for one signing secret (`whsec_…`, on the service's developers
 * page). It returns the event once a signature matches and the timestamp is
 * at most 5 minutes from now (either way); otherwise it throws
 * `WebhookVerificationError` (missing headers, no matching signature, stale
 * or future timestamp): answer 400 and do nothing. `rawBody` must be the bytes
 * exactly as received: parsed and serialised again, JSON no longer matches its
 * signature. Then deduplicate by the `webhook-id` header.
 */
function webhookVerifier(secret: string) {
	const webhook = new Webhook(secret)
	return (rawBody: Buffer, headers: IncomingHttpHeaders): WebhookEvent => {
		const header = (name: string) => {
			const value = headers[name]
			return typeof value === 'string' ? value : ''
		}
		return webhook.verify(rawBody, {
			'webhook-id': header('webhook-id'),
			'webhook-timestamp': header('webhook-timestamp'),
			'webhook-signature': header('webhook-signature'),
		}) as WebhookEvent
	}
}
// #endregion verify

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'

/** Larger bodies are refused with 413 before they are read (ours are a few hundred bytes). */
const MAX_BODY_BYTES = 1024 * 1024
/** Event ids handled, remembered this long and at most this many (the oldest forgotten first). */
const SEEN_TTL_MS = 24 * 60 * 60 * 1000
const SEEN_MAX = 10_000
/**
 * A request, its headers and its body, must have arrived this many seconds after it starts; otherwise the
 * connection is closed with 408. Node's own defaults (60 s for the headers, 300 s for the whole request, checked
 * every 30 s) let a client that sends a byte now and then hold a connection for minutes.
 * WEBHOOK_REQUEST_DEADLINE_SECONDS overrides it.
 */
const REQUEST_DEADLINE_SECONDS = 10
/**
 * The request line and headers must have arrived this many seconds after the connection opens (or the whole deadline,
 * if shorter): a connection that never finishes its headers holds a socket for 2 seconds, not 10.
 */
const HEADER_DEADLINE_SECONDS = 2

const secret = process.env.WEBHOOK_SECRET ?? ''
const port = Number(process.env.PORT ?? 8000)
const host = process.env.HOST ?? '127.0.0.1'
const deadlineSeconds = Number(process.env.WEBHOOK_REQUEST_DEADLINE_SECONDS || REQUEST_DEADLINE_SECONDS)

if (!(deadlineSeconds > 0 && Number.isFinite(deadlineSeconds))) {
	console.error('WEBHOOK_REQUEST_DEADLINE_SECONDS must be a positive number.')
	process.exit(1)
}

if (!secret.startsWith('whsec_')) {
	console.error("WEBHOOK_SECRET must be the service's signing secret, whsec_… (see README.md).")
	process.exit(1)
}
let verify: ReturnType<typeof webhookVerifier>
try {
	verify = webhookVerifier(secret)
} catch (error) {
	console.error(`WEBHOOK_SECRET is not a valid signing secret: ${(error as Error).message}`)
	process.exit(1)
}

/**
 * The event ids already handled. In memory for the example: a real service
 * keeps them in its database (a unique key on the id, written in the same
 * transaction as the work), so a restart or a second process does not act twice.
 */
class SeenEvents {
	private readonly expiries = new Map<string, number>()

	/** True the first time an id is added (within the TTL); false for a duplicate. */
	add(id: string, now = Date.now()): boolean {
		// Insertion order is time order: expired entries are at the front.
		for (const [oldId, expiry] of this.expiries) {
			if (expiry > now && this.expiries.size < SEEN_MAX) break
			this.expiries.delete(oldId)
		}
		if (this.expiries.has(id)) return false
		this.expiries.set(id, now + SEEN_TTL_MS)
		return true
	}

	forget(id: string) {
		this.expiries.delete(id)
	}
}

const seen = new SeenEvents()

function send(res: ServerResponse, status: number, body: string | object, headers: Record<string, string> = {}): void {
	const text = typeof body === 'string' ? `${body}\n` : JSON.stringify(body)
	res.writeHead(status, {
		'content-type': typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/json',
		'content-length': String(Buffer.byteLength(text)),
		...headers,
	})
	res.end(text)
}

/** The whole body, or null once it is over `limit` bytes (announced or sent). */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
	return new Promise((resolve, reject) => {
		if (Number(req.headers['content-length'] ?? 0) > limit) return resolve(null)
		const chunks: Buffer[] = []
		let size = 0
		const onData = (chunk: Buffer) => {
			size += chunk.length
			if (size > limit) {
				req.off('data', onData)
				resolve(null)
			} else chunks.push(chunk)
		}
		req.on('data', onData)
		req.on('end', () => resolve(Buffer.concat(chunks)))
		req.on('error', reject)
	})
}

/** The work an event asks for. Here: one JSON line on stdout. */
function act(event: WebhookEvent, deliveryId: string | null) {
	switch (event.type) {
		case 'password_changed_to_random_string':
			// An end user pressed the emergency button: sign them out here, revoke their sessions…
			break
		case 'ping':
			// "Send test event" on the service's webhooks page: nothing to do.
			break
	}
	console.log(JSON.stringify({ event: 'handled', type: event.type, id: event.id, delivery: deliveryId }))
}

async function handle(req: IncomingMessage, res: ServerResponse) {
	if (req.method !== 'POST') return send(res, 405, 'Method not allowed: webhooks are POSTed.', { allow: 'POST' })

	const body = await readBody(req, MAX_BODY_BYTES)
	if (body === null) return send(res, 413, 'Payload too large.', { connection: 'close' })

	let event: WebhookEvent
	try {
		event = verify(body, req.headers)
	} catch (error) {
		if (error instanceof WebhookVerificationError || error instanceof SyntaxError)
			return send(res, 400, `Invalid webhook: ${error.message}.`)
		throw error
	}

	// The endpoint check: answer the challenge (the same every time, so never deduplicated).
	if (event.type === 'url_verification') return send(res, 200, { challenge: event.data.challenge })

	// Retries and redeliveries carry the same webhook-id: act once.
	const id = req.headers['webhook-id'] as string
	if (!seen.add(id)) return send(res, 200, { received: true, duplicate: true })
	try {
		act(event, (req.headers['partner-delivery'] as string | undefined) ?? null)
	} catch (error) {
		seen.forget(id) // not done: the retry should try again
		throw error
	}
	send(res, 200, { received: true })
}

const deadlineMs = Math.ceil(deadlineSeconds * 1000)
const server = createServer(
	{
		requestTimeout: deadlineMs,
		headersTimeout: Math.min(HEADER_DEADLINE_SECONDS * 1000, deadlineMs),
		// How often Node looks for requests past their deadline (30 s by default): the deadline is kept within a second.
		connectionsCheckingInterval: Math.min(1000, deadlineMs),
	},
	(req, res) => {
		handle(req, res).catch((error: unknown) => {
			console.error(error)
			if (!res.headersSent) send(res, 500, 'Internal error.')
			else res.destroy()
		})
	},
)

server.listen(port, host, () => {
	const address = server.address()
	const url = typeof address === 'object' && address ? `http://${host}:${address.port}/` : String(address)
	console.log(JSON.stringify({ event: 'listening', url }))
})

function stop() {
	server.close(() => process.exit(0))
	server.closeIdleConnections()
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
