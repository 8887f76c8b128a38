/**
 * Services part 3: webhook deliveries. Real HTTP requests to the webhook URL
 * (never to private, loopback or link-local addresses, nor to another port
 * than the scheme's standard one, unless the mock runs with
 * --allow-private-webhooks: ./address-rule.ts), or to a simulated receiver registered by
 * `POST /__mock/webhook-receivers`; retries with backoff on the mock clock;
 * endpoint checks; the endpoint's health. docs/decisions/0015-webhook-deliveries.md.
 */
import dns from 'node:dns/promises'
import http from 'node:http'
import https from 'node:https'
import net from 'node:net'
import {
	answersChallenge,
	limits,
	webhookHeaders,
	webhookLimits,
	type WebhookDeliveryStatus,
	type WebhookDeliveryTrigger,
	type WebhookErrorCode,
	type WebhookEventType,
} from '../../../../app/api/contract/index'
import { newSigningSecret, signatureHeader, verifyWebhook } from '../../../../app/api/webhook-signature.server'
import { list } from '../../collections'
import { newId, randomToken } from '../../crypto'
import type { MockStore } from '../../store'
import { recordActivity } from '../activity/state'
import { emailWebhookEndpointFailing, emailWebhookEndpointPaused } from '../emails/notices'
import { normalizeDnsName, normalizeUrl } from '../service-sections/state'
import { webhookUrlOf, type ServiceRecord } from '../services/state'
import { isLoopback, isPrivateAddress, isStandardPort, standardPort } from './address-rule'
import { liveSigningSecrets, pruneSigningSecrets, type SigningSecretRecord } from './keys'

const DAY_MS = 24 * 60 * 60 * 1000

// ---------------------------------------------------------------------------
// Records
// ---------------------------------------------------------------------------

export type ExchangeRecord = {
	started_at: number
	request: { url: string; headers: Record<string, string> }
	response: { status: number; headers: Record<string, string>; body: string; body_truncated: boolean } | null
	error: { code: WebhookErrorCode; message: string } | null
	latency_ms: number
}

export type SignedWith = Array<{ secret_id: string; hint: string }>

export type AttemptRecord = ExchangeRecord & { number: number; succeeded: boolean; signed_with: SignedWith }

export type DeliveryRecord = {
	id: string
	/** Creation order (the list's order and cursor). */
	seq: number
	service_id: string
	event_id: string
	event_type: WebhookEventType
	trigger: WebhookDeliveryTrigger
	redelivery_of: string | null
	/** The redeliver call's key (one redelivery per key and service). */
	idempotency_key: string | null
	url: string
	payload: string
	status: WebhookDeliveryStatus
	attempts: AttemptRecord[]
	next_retry_at: number | null
	created_at: number
}

export type CheckRecord = {
	id: string
	service_id: string
	url: string
	challenge: string
	payload: string
	signed: ExchangeRecord
	wrong_signature: ExchangeRecord
	created_at: number
}

export type ReceiverRecord = {
	url: string
	status: number
	body: string
	delay_ms: number
	echo_challenge: boolean
	verify_signatures: boolean
	created_at: number
}

export type ReceivedRecord = {
	url: string
	method: string
	headers: Record<string, string>
	body: string
	received_at: number
}

/** An endpoint paused after failing for days (decision 0032); removed when the partner resumes. */
export type PauseRecord = { service_id: string; paused_at: number }
/** A warning emailed for the run of failures that began at `failing_since`: each kind once per run. */
export type FailingWarningRecord = { service_id: string; kind: 'failing' | 'pausing'; failing_since: number }

export const webhookCollections = {
	webhook_pauses: list<PauseRecord>(),
	webhook_warnings: list<FailingWarningRecord>(),
	webhook_deliveries: list<DeliveryRecord>(),
	webhook_checks: list<CheckRecord>(),
	/** What signs deliveries: each service's signing secrets, sealed (keys.ts). */
	webhook_signing_secrets: list<SigningSecretRecord>(),
	/** Simulated partner endpoints (`/__mock/webhook-receivers`), by exact URL. */
	mock_webhook_receivers: list<ReceiverRecord>(),
	/** What the simulated endpoints received, oldest first. */
	mock_webhook_requests: list<ReceivedRecord>(),
}

// ---------------------------------------------------------------------------
// Signing
// ---------------------------------------------------------------------------

/**
 * The headers of a webhook request, signed the Standard Webhooks way with the service's live signing secrets
 * (two for a day after a rotation), or with a made-up one for the endpoint check's wrong signature.
 */
export function signedHeaders(
	store: MockStore,
	serviceId: string,
	payload: string,
	at: number,
	event: { id: string; type: WebhookEventType },
	deliveryId: string,
	wrongSignature = false,
) {
	const live = wrongSignature ? [] : liveSigningSecrets(store, serviceId)
	const secrets = wrongSignature ? [newSigningSecret()] : live.map(({ secret }) => secret)
	const headers: Record<string, string> = {
		'content-type': 'application/json',
		'user-agent': webhookHeaders.userAgent,
		[webhookHeaders.event.toLowerCase()]: event.type,
		[webhookHeaders.delivery.toLowerCase()]: deliveryId,
		...signatureHeader(secrets, event.id, Math.floor(at / 1000), payload),
	}
	const signedWith: SignedWith = live.map(({ record }) => ({ secret_id: record.id, hint: record.hint }))
	return { headers, signedWith }
}

/** The body of an event. */
export function eventPayload(
	store: MockStore,
	service: ServiceRecord,
	type: WebhookEventType,
	data: Record<string, unknown>,
	at = store.now(),
) {
	const id = `evt_${newId().replaceAll('-', '')}`
	const payload = JSON.stringify({ id, type, created_at: store.clock.iso(at), service_id: service.id, data })
	return { id, payload }
}

// ---------------------------------------------------------------------------
// Sending: the address rule, real HTTP, simulated receivers
// ---------------------------------------------------------------------------

type Resolved = { address: string; family: number }

/** The addresses of `host`: A/AAAA records of `/__mock/dns` first, else the system resolver. */
async function resolveHost(store: MockStore, host: string): Promise<Resolved[]> {
	const family = net.isIP(host)
	if (family) return [{ address: host, family }]
	const name = normalizeDnsName(host)
	// RFC 6761: `localhost` and every name under it are this machine, whatever a resolver says.
	if (name === 'localhost' || name.endsWith('.localhost')) return [{ address: '127.0.0.1', family: 4 }]
	const mocked = store.data.mock_dns_records
		.filter((record) => record.name === name && (record.type === 'A' || record.type === 'AAAA'))
		.map((record) => ({ address: record.value.trim(), family: net.isIP(record.value.trim()) }))
		.filter((record) => record.family !== 0)
	if (mocked.length) return mocked
	let timer: NodeJS.Timeout | undefined
	const timeout = new Promise<never>((_, reject) => {
		timer = setTimeout(
			() => reject(Object.assign(new Error('DNS lookup timed out'), { code: 'EAI_AGAIN' })),
			webhookLimits.timeoutSeconds * 1000,
		)
	})
	try {
		return await Promise.race([dns.lookup(host, { all: true, verbatim: true }), timeout])
	} finally {
		clearTimeout(timer)
	}
}

type OutgoingRequest = { url: string; headers: Record<string, string>; body: string; serviceId: string; at: number }

const kept = (text: Buffer) => {
	const limit = webhookLimits.responseBodyBytes
	return { body: text.subarray(0, limit).toString('utf8'), body_truncated: text.length > limit }
}

function failure(request: OutgoingRequest, code: WebhookErrorCode, message: string, latency = 0): ExchangeRecord {
	return {
		started_at: request.at,
		request: { url: request.url, headers: request.headers },
		response: null,
		error: { code, message: message.slice(0, limits.messageMax) },
		latency_ms: Math.max(0, Math.round(latency)),
	}
}

const TLS_CODE = /^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|ERR_OSSL|HOSTNAME_MISMATCH)/

function classify(error: NodeJS.ErrnoException, host: string): { code: WebhookErrorCode; message: string } {
	const code = error.code ?? ''
	if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME' || code === 'ENODATA')
		return { code: 'dns', message: `The host name ${host} could not be resolved (${code}).` }
	if (TLS_CODE.test(code) || /certificate|ssl|tls/i.test(error.message))
		return {
			code: 'tls',
			message: `The TLS connection to ${host} failed: ${error.message}${code ? ` (${code})` : ''}.`,
		}
	if (['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'ECONNABORTED'].includes(code))
		return { code: 'connection', message: `The connection to ${host} failed (${code}).` }
	return { code: 'network', message: `The request to ${host} failed: ${error.message}${code ? ` (${code})` : ''}.` }
}

/** The mock's own hint: the real API has no such switch. */
const LOCAL_RECEIVER =
	'A receiver on this machine: start the mock with --allow-private-webhooks (npm run demo -- --allow-private-webhooks).'

/** A real HTTP request, with the address rule, a pinned address and the timeout. */
async function sendOverNetwork(store: MockStore, request: OutgoingRequest): Promise<ExchangeRecord> {
	const started = performance.now()
	const elapsed = () => performance.now() - started
	let target: URL
	try {
		target = new URL(request.url)
	} catch {
		return failure(request, 'network', 'The webhook URL is not a valid URL.')
	}
	if (target.protocol !== 'https:' && target.protocol !== 'http:')
		return failure(request, 'network', 'The webhook URL must be an http(s) URL.')
	const host = target.hostname.replace(/^\[|\]$/g, '')
	// The address rule (./address-rule.ts), lifted by --allow-private-webhooks: a receiver on this machine listens
	// on whichever port it can. The port first: a refused URL is not even looked up.
	if (!store.config.allowPrivateWebhooks && !isStandardPort(target))
		return failure(
			request,
			'refused_address',
			`${host}:${target.port} is not the standard ${target.protocol.slice(0, -1)} port (${standardPort(target)}): ` +
				`webhooks are never sent there. ${LOCAL_RECEIVER}`,
		)
	let addresses: Resolved[]
	try {
		addresses = await resolveHost(store, host)
	} catch (error) {
		return failure(request, 'dns', classify(error as NodeJS.ErrnoException, host).message, elapsed())
	}
	if (addresses.length === 0) return failure(request, 'dns', `The host name ${host} has no address.`, elapsed())
	if (!store.config.allowPrivateWebhooks) {
		const refused = addresses.find((candidate) => isPrivateAddress(candidate.address))
		if (refused)
			return failure(
				request,
				'refused_address',
				// Which internal address it was is nobody's business outside: the name alone is said.
				`${host} resolves to a private, loopback or link-local address: webhooks are never sent there. ${LOCAL_RECEIVER}`,
				elapsed(),
			)
	}
	const pinned = addresses[0]!
	// Local development only (--allow-private-webhooks): a receiver on this machine has no certificate, while webhook
	// URLs are https (the contract's rule), so https to a loopback address is sent as plain http.
	if (store.config.allowPrivateWebhooks && target.protocol === 'https:' && isLoopback(pinned.address)) {
		target = new URL(target)
		target.protocol = 'http:'
	}
	// The checked address is the one connected to: a second DNS answer cannot move the request elsewhere.
	const lookup = ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
		if (options?.all) callback(null, [pinned])
		else callback(null, pinned.address, pinned.family)
	}) as unknown as net.LookupFunction
	const client = target.protocol === 'http:' ? http : https
	return new Promise<ExchangeRecord>((resolve) => {
		let done = false
		const finish = (exchange: ExchangeRecord) => {
			if (done) return
			done = true
			clearTimeout(timer)
			resolve(exchange)
		}
		const req = client.request(
			target,
			{ method: 'POST', headers: { ...request.headers, 'content-length': Buffer.byteLength(request.body) }, lookup },
			(res) => {
				const chunks: Buffer[] = []
				let size = 0
				const answer = () => {
					const headers: Record<string, string> = {}
					for (const [name, value] of Object.entries(res.headers)) {
						// Kept within the contract's bounds: a longer name is dropped, a longer value cut.
						if (value === undefined || name.length > webhookLimits.headerNameMax) continue
						headers[name] = (Array.isArray(value) ? value.join(', ') : value).slice(0, webhookLimits.headerValueMax)
					}
					finish({
						started_at: request.at,
						request: { url: request.url, headers: request.headers },
						response: { status: res.statusCode ?? 0, headers, ...kept(Buffer.concat(chunks)) },
						error: null,
						latency_ms: Math.round(elapsed()),
					})
				}
				res.on('data', (chunk: Buffer) => {
					chunks.push(chunk)
					size += chunk.length
					if (size > webhookLimits.responseBodyBytes) {
						answer()
						res.destroy()
					}
				})
				res.on('end', answer)
				res.on('error', () => answer())
			},
		)
		const timer = setTimeout(() => {
			finish(
				failure(
					request,
					'timeout',
					`No complete answer from ${host} within ${webhookLimits.timeoutSeconds} s.`,
					elapsed(),
				),
			)
			req.destroy()
		}, webhookLimits.timeoutSeconds * 1000)
		req.on('error', (error: NodeJS.ErrnoException) => {
			const { code, message } = classify(error, host)
			finish(failure(request, code, message, elapsed()))
		})
		req.end(request.body)
	})
}

export const receiverFor = (store: MockStore, url: string) => {
	const normalized = normalizeUrl(url)
	return store.data.mock_webhook_receivers.find((receiver) => receiver.url === normalized)
}

/** A simulated partner endpoint: records the request, then answers as registered. */
async function sendToReceiver(
	store: MockStore,
	receiver: ReceiverRecord,
	request: OutgoingRequest,
): Promise<ExchangeRecord> {
	store.data.mock_webhook_requests.push({
		url: receiver.url,
		method: 'POST',
		headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
		body: request.body,
		received_at: request.at,
	})
	store.changed()
	const timeoutMs = webhookLimits.timeoutSeconds * 1000
	if (receiver.delay_ms > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(receiver.delay_ms, timeoutMs)))
	if (receiver.delay_ms >= timeoutMs) {
		const host = new URL(request.url).hostname
		return failure(
			request,
			'timeout',
			`No complete answer from ${host} within ${webhookLimits.timeoutSeconds} s.`,
			timeoutMs,
		)
	}
	let status = receiver.status
	let body = receiver.body
	const secrets = liveSigningSecrets(store, request.serviceId).map(({ secret }) => secret)
	if (
		receiver.verify_signatures &&
		!verifyWebhook(request.headers, request.body, secrets, Math.floor(request.at / 1000))
	) {
		status = 401
		body = 'Invalid signature.'
	} else if (receiver.echo_challenge && status >= 200 && status < 300) {
		const challenge = challengeOf(request.body)
		if (challenge !== null) body = challenge
	}
	const bytes = Buffer.from(body, 'utf8')
	return {
		started_at: request.at,
		request: { url: request.url, headers: request.headers },
		response: {
			status,
			headers: { 'content-type': 'text/plain; charset=utf-8', 'content-length': String(bytes.length) },
			...kept(bytes),
		},
		error: null,
		latency_ms: receiver.delay_ms,
	}
}

/** `data.challenge` of a `url_verification` body, else null. */
function challengeOf(body: string): string | null {
	try {
		const value = JSON.parse(body) as { type?: unknown; data?: { challenge?: unknown } }
		return value.type === 'url_verification' && typeof value.data?.challenge === 'string' ? value.data.challenge : null
	} catch {
		return null
	}
}

/** One request: to the simulated receiver of its URL, else over the network. */
function send(store: MockStore, request: OutgoingRequest): Promise<ExchangeRecord> {
	const receiver = receiverFor(store, request.url)
	return receiver ? sendToReceiver(store, receiver, request) : sendOverNetwork(store, request)
}

// ---------------------------------------------------------------------------
// Deliveries and retries
// ---------------------------------------------------------------------------

/** Deliveries whose attempt is running now, per store (never run twice at once). */
const inFlight = new WeakMap<MockStore, Set<string>>()
const running = (store: MockStore) => {
	let set = inFlight.get(store)
	if (!set) inFlight.set(store, (set = new Set()))
	return set
}

export const deliveriesOf = (store: MockStore, serviceId: string) =>
	store.data.webhook_deliveries.filter((delivery) => delivery.service_id === serviceId)

/** One attempt of `delivery`, started at `at` (the mock clock's time it was due). */
async function attempt(store: MockStore, delivery: DeliveryRecord, at: number) {
	const flying = running(store)
	if (flying.has(delivery.id)) return
	flying.add(delivery.id)
	try {
		const event = { id: delivery.event_id, type: delivery.event_type }
		const { headers, signedWith } = signedHeaders(store, delivery.service_id, delivery.payload, at, event, delivery.id)
		const request = { url: delivery.url, headers, body: delivery.payload, serviceId: delivery.service_id, at }
		const exchange = await send(store, request)
		const succeeded = exchange.response !== null && exchange.response.status >= 200 && exchange.response.status < 300
		const number = delivery.attempts.length + 1
		delivery.attempts.push({ ...exchange, number, succeeded, signed_with: signedWith })
		delivery.status = succeeded ? 'delivered' : 'failed'
		// A test event (and a redelivery of one) is sent once: a new test is one click away.
		const backoff = delivery.event_type === 'ping' ? undefined : webhookLimits.retryBackoffSeconds[number - 1]
		delivery.next_retry_at = succeeded || backoff === undefined ? null : at + backoff * 1000
		if (succeeded) {
			// The event got through: other deliveries of it stop retrying.
			for (const other of deliveriesOf(store, delivery.service_id)) {
				if (other.event_id === delivery.event_id && other !== delivery) other.next_retry_at = null
			}
		} else pauseIfFailingLong(store, delivery.service_id, at)
		store.changed()
	} finally {
		flying.delete(delivery.id)
	}
}

/** When the next attempt of a delivery is due: its retry, or at once for one never attempted. */
const dueAt = (delivery: DeliveryRecord) =>
	delivery.attempts.length === 0 && delivery.status === 'pending' ? delivery.created_at : delivery.next_retry_at

/** A new delivery of an event, attempted now; answers once the first attempt has finished. */
export async function deliver(
	store: MockStore,
	service: ServiceRecord,
	event: { id: string; type: WebhookEventType; payload: string },
	trigger: WebhookDeliveryTrigger,
	extra: { redelivery_of?: string; idempotency_key?: string } = {},
) {
	pruneWebhooks(store)
	const delivery = newDelivery(store, service, event, trigger, extra)
	store.data.webhook_deliveries.push(delivery)
	store.changed()
	// While paused, an event is logged but held (a recovery sends it); a test event or a redelivery is the
	// partner's own request and goes out.
	if (trigger !== 'event' || pauseOf(store, service.id) === undefined)
		await attempt(store, delivery, delivery.created_at)
	return delivery
}

/** A delivery of `event` to the service's webhook URL, not attempted yet. */
function newDelivery(
	store: MockStore,
	service: ServiceRecord,
	event: { id: string; type: WebhookEventType; payload: string } | DeliveryRecord,
	trigger: WebhookDeliveryTrigger,
	extra: { redelivery_of?: string; idempotency_key?: string },
): DeliveryRecord {
	const [id, type] = 'event_id' in event ? [event.event_id, event.event_type] : [event.id, event.type]
	return {
		id: newId(),
		seq: store.data.webhook_deliveries.reduce((max, candidate) => Math.max(max, candidate.seq), 0) + 1,
		service_id: service.id,
		event_id: id,
		event_type: type,
		trigger,
		redelivery_of: extra.redelivery_of ?? null,
		idempotency_key: extra.idempotency_key ?? null,
		// A service without a webhook URL is refused here (422 `webhook_url_missing`), before anything is kept.
		url: webhookUrlOf(service),
		payload: event.payload,
		status: 'pending',
		attempts: [],
		next_retry_at: null,
		created_at: store.now(),
	}
}

/**
 * A redelivery of `original`'s event to the current webhook URL, queued: attempted by `runDueRetries` in creation
 * order (a recovery, decision 0032), not at once.
 */
export function queueDelivery(store: MockStore, service: ServiceRecord, original: DeliveryRecord) {
	const delivery = newDelivery(store, service, original, 'redelivery', { redelivery_of: original.id })
	store.data.webhook_deliveries.push(delivery)
	store.changed()
	return delivery
}

/** Sends a new event of `type` to the service's webhook URL. */
export function sendEvent(
	store: MockStore,
	service: ServiceRecord,
	type: WebhookEventType,
	data: Record<string, unknown>,
	trigger: WebhookDeliveryTrigger,
) {
	const { id, payload } = eventPayload(store, service, type, data)
	return deliver(store, service, { id, type, payload }, trigger)
}

const queues = new WeakMap<MockStore, Promise<void>>()

/**
 * Runs every attempt due by the mock clock, oldest due first, each at the time
 * it was due (a clock advanced by 2 h runs the 1 min, 5 min and 30 min retries
 * in turn). Called by the clock hook and before every read, one run at a time.
 */
export function runDueRetries(store: MockStore): Promise<void> {
	const next = (queues.get(store) ?? Promise.resolve()).then(async () => {
		for (;;) {
			const now = store.now()
			const flying = running(store)
			const paused = new Set(store.data.webhook_pauses.map((pause) => pause.service_id))
			const due = store.data.webhook_deliveries
				.filter((delivery) => !flying.has(delivery.id) && !paused.has(delivery.service_id))
				.map((delivery) => ({ delivery, at: dueAt(delivery) }))
				.filter((entry): entry is { delivery: DeliveryRecord; at: number } => entry.at !== null && entry.at <= now)
				.sort((a, b) => a.at - b.at || a.delivery.seq - b.delivery.seq)[0]
			if (!due) return
			await attempt(store, due.delivery, due.at)
		}
	})
	queues.set(
		store,
		next.catch(() => {}),
	)
	return next
}

// ---------------------------------------------------------------------------
// Pausing an endpoint that keeps failing (decision 0032)
// ---------------------------------------------------------------------------

export const pauseOf = (store: MockStore, serviceId: string) =>
	store.data.webhook_pauses.find((pause) => pause.service_id === serviceId)

/**
 * After a failed attempt at `at`: when every attempt since the first failure of the run has failed and that one is
 * `pauseAfterDays` old, the endpoint is paused, the owner emailed once and the activity log told; before that, the
 * owner is warned.
 */
function pauseIfFailingLong(store: MockStore, serviceId: string, at: number) {
	const { failingSince, pausesAfter, lastError } = health(store, serviceId)
	if (pauseOf(store, serviceId) || failingSince === null) return
	const failingFor = at - failingSince
	if (failingFor < webhookLimits.pauseAfterDays * DAY_MS) {
		// The warnings before it, each once a run: after a day of failures, and a day before the pause.
		const kind =
			failingFor >= (webhookLimits.pauseAfterDays - 1) * DAY_MS
				? 'pausing'
				: failingFor >= webhookLimits.warnAfterDays * DAY_MS
					? 'failing'
					: null
		const service = store.data.services.find((candidate) => candidate.id === serviceId)
		const warned = (w: FailingWarningRecord) =>
			w.service_id === serviceId && w.kind === kind && w.failing_since === failingSince
		if (!kind || !service || store.data.webhook_warnings.some(warned)) return
		store.data.webhook_warnings.push({ service_id: serviceId, kind, failing_since: failingSince })
		emailWebhookEndpointFailing(
			store,
			service,
			kind,
			{ failingSince, pausesAfter: pausesAfter! },
			lastError?.message ?? '',
		)
		return
	}
	store.data.webhook_pauses.push({ service_id: serviceId, paused_at: at })
	// Nothing is retried while paused: no retry time to show.
	for (const delivery of deliveriesOf(store, serviceId)) delivery.next_retry_at = null
	const service = store.data.services.find((candidate) => candidate.id === serviceId)
	if (service) emailWebhookEndpointPaused(store, service, at)
	recordActivity(store, serviceId, 'webhook_endpoint_paused', 'platform')
}

/**
 * Resumes a paused endpoint: what was held (events never attempted, retries due) is given up, for a recovery from
 * the pause's start to send in order. Answers when the pause began, or null when it was not paused.
 */
export function resumeEndpoint(store: MockStore, serviceId: string): number | null {
	const pause = pauseOf(store, serviceId)
	if (!pause) return null
	for (const delivery of deliveriesOf(store, serviceId)) {
		if (delivery.status === 'pending' && delivery.attempts.length === 0) delivery.status = 'failed'
		delivery.next_retry_at = null
	}
	store.data.webhook_pauses = store.data.webhook_pauses.filter((candidate) => candidate !== pause)
	store.changed()
	return pause.paused_at
}

// ---------------------------------------------------------------------------
// Endpoint check
// ---------------------------------------------------------------------------

/** The endpoint check: the signed challenge, then the same body with a wrong signature. */
export async function checkEndpoint(store: MockStore, service: ServiceRecord) {
	const url = webhookUrlOf(service)
	pruneWebhooks(store)
	const id = newId()
	const challenge = randomToken()
	const createdAt = store.now()
	const { id: eventId, payload } = eventPayload(store, service, 'url_verification', { challenge }, createdAt)
	const event = { id: eventId, type: 'url_verification' as const }
	const request = (at: number, wrong: boolean) => {
		const { headers } = signedHeaders(store, service.id, payload, at, event, id, wrong)
		return { url, headers, body: payload, serviceId: service.id, at }
	}
	const signed = await send(store, request(createdAt, false))
	const wrongSignature = await send(store, request(store.now(), true))
	const check: CheckRecord = {
		id,
		service_id: service.id,
		url,
		challenge,
		payload,
		signed,
		wrong_signature: wrongSignature,
		created_at: createdAt,
	}
	store.data.webhook_checks.push(check)
	store.changed()
	return check
}

const is2xx = (exchange: ExchangeRecord) =>
	exchange.response !== null && exchange.response.status >= 200 && exchange.response.status < 300

export function verdicts(check: CheckRecord) {
	const wrongStatus = check.wrong_signature.response?.status ?? null
	const checksSignatures =
		wrongStatus !== null && wrongStatus >= 200 && wrongStatus < 300
			? false
			: is2xx(check.signed) && wrongStatus !== null && wrongStatus >= 400 && wrongStatus < 500
				? true
				: null
	return {
		answers_challenge: is2xx(check.signed) && answersChallenge(check.signed.response!.body, check.challenge),
		checks_signatures: checksSignatures,
	}
}

// ---------------------------------------------------------------------------
// Health, retention
// ---------------------------------------------------------------------------

/** One line on why an attempt failed. */
export const attemptError = (exchange: ExchangeRecord) =>
	exchange.error ? exchange.error.message : `The endpoint answered ${exchange.response?.status ?? 0}.`

export function health(store: MockStore, serviceId: string) {
	const attempts = deliveriesOf(store, serviceId)
		.flatMap((delivery) => delivery.attempts.map((entry) => ({ delivery, entry })))
		.sort(
			(a, b) =>
				a.entry.started_at - b.entry.started_at || a.delivery.seq - b.delivery.seq || a.entry.number - b.entry.number,
		)
	let consecutive = 0
	while (consecutive < attempts.length && !attempts[attempts.length - 1 - consecutive]!.entry.succeeded) consecutive++
	const last = attempts.at(-1)
	const firstFailure = consecutive > 0 ? attempts[attempts.length - consecutive] : undefined
	const lastSuccess = attempts.findLast((candidate) => candidate.entry.succeeded)
	const paused = pauseOf(store, serviceId)
	return {
		consecutive,
		failing: consecutive >= webhookLimits.failingAfter,
		lastAttemptAt: last?.entry.started_at ?? null,
		lastSuccessAt: lastSuccess?.entry.started_at ?? null,
		/** The first failure of the current run of failures. */
		failingSince: firstFailure?.entry.started_at ?? null,
		pausedAt: paused?.paused_at ?? null,
		/** The next failed attempt after it pauses the endpoint. */
		pausesAfter: firstFailure && !paused ? firstFailure.entry.started_at + webhookLimits.pauseAfterDays * DAY_MS : null,
		lastError:
			consecutive > 0 && last
				? {
						at: last.entry.started_at,
						delivery_id: last.delivery.id,
						status_code: last.entry.response?.status ?? null,
						message: attemptError(last.entry),
					}
				: null,
	}
}

/** Drops deliveries and checks older than 30 days, and expired signing secrets. */
export function pruneWebhooks(store: MockStore) {
	const cutoff = store.now() - webhookLimits.retentionDays * DAY_MS
	const flying = running(store)
	const before = store.data.webhook_deliveries.length + store.data.webhook_checks.length
	store.data.webhook_deliveries = store.data.webhook_deliveries.filter(
		(delivery) => delivery.created_at >= cutoff || flying.has(delivery.id),
	)
	store.data.webhook_checks = store.data.webhook_checks.filter((check) => check.created_at >= cutoff)
	const pruned = pruneSigningSecrets(store)
	if (pruned || before !== store.data.webhook_deliveries.length + store.data.webhook_checks.length) store.changed()
}
