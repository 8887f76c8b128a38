/**
 * The stateful mock of the partner API (node:http only). Routes, auth rules
 * and request/response schemas come from the contract's endpoint table;
 * every outgoing body is checked against it (a mismatch is a loud 500).
 * See README.md for the endpoints and the /__mock test hooks.
 */
import { timingSafeEqual } from 'node:crypto'
import { rename, writeFile } from 'node:fs/promises'
import http from 'node:http'
import net, { type AddressInfo } from 'node:net'
import os from 'node:os'
import {
	clientOriginHeaders,
	clientOriginLimits,
	endpointList,
	logoRules,
	messageBody,
	responseSchema,
	type Endpoint,
	type EndpointName,
} from '../../app/api/contract/index'
import { handlers } from './areas/index'
import { familyOf, pruneTokens, tokenByRaw, tokenIsLive, touchFamily } from './areas/auth/state'
import { rateLimitSubject, releaseHit, reserveHit, type HitRecord } from './areas/limits/state'
import { serveServiceLogo } from './areas/services/handlers'
import { SERVICE_LOGO_PATH, UPLOAD_TMP_PATH } from './areas/services/state'
import { userById } from './areas/users/state'
import { MOCK_CLIENT_CREDENTIAL } from './client-credential'
import { randomToken, sha256 } from './crypto'
import { faultReply, handleHook, takeFault } from './hooks'
import { HttpError, reply, twoStepRequired, unauthenticated, type AuthContext, type Ctx, type Reply } from './http'
import { DEFAULT_SCRYPT_COST, hashPassword } from './passwords'
import { POLICY } from './policy'
import { buildSeed } from './seed'
import { loadSnapshotFile } from './snapshot'
import { MockStore, type RequestLogEntry } from './store'

export type MockApiOptions = {
	/** Default 127.0.0.1. */
	host?: string
	/** Default 0 (an ephemeral port). */
	port?: number
	/** The portal's public URL; emailed links point at it. Default http://localhost:3000. */
	portalUrl?: string
	/** Where contact messages are emailed. Default partners@example.com. */
	contactEmail?: string
	/**
	 * Load state from this file when present; save to it (debounced, and on close).
	 * A file that is not a snapshot this mock can read is refused (SnapshotError).
	 */
	snapshot?: string
	/** Access token lifetime. Default 900 (15 minutes). */
	accessTtlSeconds?: number
	/** scrypt N (a power of two). Default 16384 (~20–50 ms per hash); tests may lower it. */
	scryptCost?: number
	/**
	 * Deliver webhooks to private, loopback and link-local addresses too (local development with a real
	 * receiver). Default false: such a delivery fails with `refused_address`, as the real API's would.
	 */
	allowPrivateWebhooks?: boolean
	/** No per-request log lines. */
	quiet?: boolean
	/** Check every outgoing body against the contract (default true). */
	validateResponses?: boolean
	/** Where log lines go. Default console.log. */
	log?: (line: string) => void
	/**
	 * The portal's client credential: only a call with it in `Partner-Client-Credential` may set the origin the
	 * activity log records. Default `MOCK_CLIENT_CREDENTIAL` (client-credential.ts).
	 */
	clientCredential?: string
	/**
	 * Host names (with or without `:port`) the mock answers besides its own address, `localhost`, `127.0.0.1` and
	 * `[::1]` on its port; any other `Host` is a 421 (DNS rebinding).
	 */
	allowedHosts?: readonly string[]
}

export type MockApi = {
	url: string
	port: number
	close: () => Promise<void>
	/** The live store: data, clock, request log, faults. */
	state: MockStore
}

/** Statuses an unrouted request may answer, with a `{message}` body. */
const UNROUTED_STATUSES = new Set([400, 404, 405, 413, 421, 500])
const MAX_BODY_BYTES = 1024 * 1024
/** The request log keeps the latest entries only, so long demos do not grow without bound. */
const MAX_LOGGED_REQUESTS = 10_000

type Route = { name: EndpointName; endpoint: Endpoint; pattern: RegExp; params: string[] }

const routes: Route[] = endpointList.map((endpoint) => {
	const params: string[] = []
	const source = endpoint.path
		.split(/(\{\w+\})/)
		.map((part) => {
			const param = /^\{(\w+)\}$/.exec(part)
			if (param) {
				params.push(param[1]!)
				return '([^/]+)'
			}
			return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
		})
		.join('')
	return { name: endpoint.name, endpoint, pattern: new RegExp(`^${source}/?$`), params }
})

/**
 * The request body, up to `maxBytes`. Over it: a 413, or with `keepGoing` (the
 * upload storage, which answers its own 422) the rest is drained and dropped.
 */
function readBody(
	req: http.IncomingMessage,
	maxBytes: number,
	keepGoing: boolean,
): Promise<{ bytes: Buffer; tooLarge: boolean }> {
	return new Promise((resolve, reject) => {
		let chunks: Buffer[] = []
		let size = 0
		let tooLarge = keepGoing && Number(req.headers['content-length']) > maxBytes
		req.on('data', (chunk: Buffer) => {
			if (tooLarge) return
			size += chunk.length
			if (size > maxBytes) {
				if (keepGoing) {
					tooLarge = true
					chunks = []
					return
				}
				reject(new HttpError(reply(413, { message: 'The request body is too large.' })))
				req.resume()
				return
			}
			chunks.push(chunk)
		})
		req.on('end', () => resolve({ bytes: Buffer.concat(chunks), tooLarge }))
		req.on('error', reject)
	})
}

function bearerOf(req: http.IncomingMessage): string | null {
	const header = req.headers.authorization
	const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null
	return match ? match[1]! : null
}

/** The live access token behind a bearer, if any. */
function resolveAuth(store: MockStore, bearer: string | null): AuthContext | null {
	if (!bearer) return null
	const token = tokenByRaw(store, bearer)
	if (!token || token.kind !== 'access' || !tokenIsLive(store, token)) return null
	const user = userById(store, token.user_id)
	return user ? { token, user, restricted: token.restricted } : null
}

const header = (req: http.IncomingMessage, name: string) => {
	const value = req.headers[name.toLowerCase()]
	return (Array.isArray(value) ? value[0] : value)?.trim() || null
}

/**
 * The person's address and browser as the portal forwards them (with its credential, `credentialHash`), else the
 * caller's own: anyone else is a direct caller. An origin IP that is not an address is ignored.
 */
function clientOf(req: http.IncomingMessage, credentialHash: Buffer): Ctx['client'] {
	const sent = header(req, clientOriginHeaders.credential)
	const trusted = sent !== null && timingSafeEqual(Buffer.from(sha256(sent), 'hex'), credentialHash)
	const ip = trusted ? header(req, clientOriginHeaders.ip) : null
	const userAgent = (trusted && header(req, clientOriginHeaders.userAgent)) || header(req, 'user-agent')
	const device = trusted ? header(req, clientOriginHeaders.device) : null
	return {
		ip: ip && net.isIP(ip) ? ip : (req.socket.remoteAddress ?? null),
		userAgent: userAgent?.slice(0, clientOriginLimits.userAgentMax) ?? null,
		device: device && device.length <= clientOriginLimits.deviceMax ? device : null,
	}
}

/** The `Host` values the mock answers: its address on its port, the loopback names, and `allowedHosts`. */
function hostsOf(host: string, port: number, allowedHosts: readonly string[]): Set<string> {
	const any = host === '0.0.0.0' || host === '::'
	const own = any ? Object.values(os.networkInterfaces()).flatMap((list) => list?.map((i) => i.address) ?? []) : [host]
	const names = [...own, 'localhost', '127.0.0.1', '::1'].map((name) => (name.includes(':') ? `[${name}]` : name))
	return new Set(
		[...names, ...allowedHosts].flatMap((name) => {
			const lower = name.toLowerCase()
			return /:\d+$/.test(lower) ? [lower] : [`${lower}:${port}`]
		}),
	)
}

/** For the request log: what kind of bearer was sent (valid or not). */
function bearerKind(store: MockStore, bearer: string | null): RequestLogEntry['auth'] {
	if (!bearer) return 'none'
	return tokenByRaw(store, bearer)?.restricted ? 'restricted' : 'access'
}

/** The contract violation of a reply, or null when it matches. */
function contractViolation(name: string, endpoint: Endpoint, result: Reply): string | null {
	const schema = responseSchema(endpoint, result.status)
	if (schema === undefined) return `${name}: status ${result.status} is not in the contract`
	if (schema === null) return result.body === undefined ? null : `${name}: status ${result.status} must have no body`
	const parsed = schema.safeParse(result.body)
	return parsed.success ? null : `${name} ${result.status}: ${parsed.error.message}`
}

export async function startMockApi(options: MockApiOptions = {}): Promise<MockApi> {
	const {
		host = '127.0.0.1',
		port = 0,
		portalUrl = 'http://localhost:3000',
		contactEmail = 'partners@example.com',
		snapshot,
		accessTtlSeconds = POLICY.accessTtlSeconds,
		scryptCost = DEFAULT_SCRYPT_COST,
		quiet = false,
		allowPrivateWebhooks = false,
		validateResponses = true,
		log = (line: string) => console.log(line),
		clientCredential = MOCK_CLIENT_CREDENTIAL,
		allowedHosts = [],
	} = options
	const credentialHash = Buffer.from(sha256(clientCredential), 'hex')
	let hosts = new Set<string>() // once listening
	const config = { portalUrl, contactEmail, accessTtlSeconds, scryptCost, allowPrivateWebhooks }
	const [seed, dummyHash] = await Promise.all([buildSeed(config), hashPassword(randomToken(), scryptCost)])
	const loaded = snapshot ? await loadSnapshotFile(snapshot, log) : undefined
	const store = new MockStore(config, seed, loaded)
	store.dummyHash = dummyHash

	// -- snapshot ---------------------------------------------------------------
	let saveTimer: NodeJS.Timeout | null = null
	let saving: Promise<void> = Promise.resolve()
	const save = () => {
		if (!snapshot) return saving
		pruneTokens(store)
		store.data.clock_offset_ms = store.clock.offsetMs
		const json = JSON.stringify(store.data)
		saving = saving.then(async () => {
			const temporary = `${snapshot}.${process.pid}.tmp`
			await writeFile(temporary, json)
			await rename(temporary, snapshot)
		})
		return saving
	}
	const scheduleSave = () => {
		if (!snapshot || saveTimer) return
		saveTimer = setTimeout(() => {
			saveTimer = null
			save().catch((error: unknown) => console.error('mock-api: snapshot write failed', error))
		}, 250)
		saveTimer.unref()
	}
	store.onChange = scheduleSave

	// -- requests -----------------------------------------------------------------
	let handled = 0
	async function api(ctx: Ctx): Promise<{ result: Reply; route?: Route; faulted?: boolean }> {
		const fault = takeFault(store, ctx.method, ctx.path)
		if (fault) {
			if (fault.delay_ms > 0) await new Promise((resolve) => setTimeout(resolve, fault.delay_ms))
			if (fault.status !== null) return { result: faultReply(fault.status), faulted: true }
		}
		const candidates = routes.filter((route) => route.pattern.test(ctx.path))
		const route = candidates.find((candidate) => candidate.endpoint.method === ctx.method)
		if (!route) {
			if (candidates.length === 0) return { result: reply(404, { message: 'Not found.' }) }
			const allow = [...new Set(candidates.map((candidate) => candidate.endpoint.method))].join(', ')
			return { result: reply(405, { message: 'Method not allowed.' }, { allow }) }
		}
		const match = route.pattern.exec(ctx.path)!
		try {
			route.params.forEach((name, index) => {
				ctx.params[name] = decodeURIComponent(match[index + 1]!)
			})
		} catch {
			return { result: reply(404, { message: 'Not found.' }) }
		}
		ctx.auth = resolveAuth(store, ctx.bearer)
		if (ctx.auth && !ctx.auth.restricted) touchFamily(store, familyOf(store, ctx.auth.token)!, ctx.client)
		let hit: HitRecord | null = null
		try {
			const { auth } = route.endpoint
			if (auth === 'access' && !ctx.auth) throw unauthenticated()
			if (auth === 'access' && ctx.auth?.restricted) throw twoStepRequired()
			if (auth === 'access-or-restricted' && !ctx.auth) throw unauthenticated()
			if (auth === 'restricted' && !ctx.auth?.restricted) throw unauthenticated()
			const limit = route.endpoint.rateLimit
			const subject = limit ? rateLimitSubject(ctx, limit) : null
			hit = limit && subject ? reserveHit(store, `${route.name}:${subject}`, limit) : null
			const result = await handlers[route.name](ctx)
			if (hit && result.status >= 300) releaseHit(store, hit)
			return { result, route }
		} catch (error) {
			if (hit) releaseHit(store, hit)
			if (error instanceof HttpError) return { result: error.reply, route }
			throw error
		}
	}

	async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
		const started = performance.now()
		const url = new URL(req.url ?? '/', 'http://mock.invalid')
		const method = (req.method ?? 'GET').toUpperCase()
		const path = url.pathname
		const isHook = path === '/__mock' || path.startsWith('/__mock/')
		const isStorage = method === 'GET' && path.startsWith(SERVICE_LOGO_PATH)
		const isUpload = method === 'POST' && path.replace(/\/$/, '') === UPLOAD_TMP_PATH
		const bearer = bearerOf(req)
		const authKind = bearerKind(store, bearer)
		let result: Reply
		let route: Route | undefined
		let faulted = false
		try {
			// A web page must not reach the mock through a DNS name of its own (rebinding), nor post to a hook
			// without the preflight a JSON Content-Type needs: it could read every emailed code, or reset the demo.
			if (!hosts.has(req.headers.host?.toLowerCase() ?? ''))
				throw new HttpError(reply(421, { message: 'Unknown host: the mock answers its own and --allowed-host only.' }))
			const mediaType = header(req, 'content-type')?.split(';')[0]?.trim().toLowerCase()
			if (isHook && method === 'POST' && mediaType !== 'application/json')
				throw new HttpError(reply(415, { message: 'A hook takes application/json only.' }))
			const body = await readBody(req, isUpload ? logoRules.maxBytes : MAX_BODY_BYTES, isUpload)
			const ctx: Ctx = {
				store,
				method,
				path,
				params: {},
				query: url.searchParams,
				bodyText: body.bytes.toString('utf8'),
				bodyBytes: body.bytes,
				bodyTooLarge: body.tooLarge,
				origin: `http://${req.headers.host ?? `${host}:${port}`}`,
				bearer,
				auth: null,
				client: clientOf(req, credentialHash),
			}
			if (isHook) {
				result = (await handleHook(ctx)) ?? reply(404, { message: 'Not found.' })
			} else if (isStorage) {
				result = serveServiceLogo(store, path.slice(SERVICE_LOGO_PATH.length))
			} else {
				const outcome = await api(ctx)
				result = outcome.result
				route = outcome.route
				faulted = outcome.faulted ?? false
			}
		} catch (error) {
			if (error instanceof HttpError) {
				result = error.reply
			} else {
				console.error(`mock-api: ${method} ${path} failed`, error)
				result = reply(500, { message: 'Server Error.' })
			}
		}
		if (!isHook && !isStorage && !faulted && validateResponses) {
			const violation = route
				? contractViolation(route.name, route.endpoint, result)
				: UNROUTED_STATUSES.has(result.status)
					? messageBody.safeParse(result.body).success
						? null
						: `unrouted ${result.status}: body is not {message}`
					: `unrouted ${method} ${path}: status ${result.status}`
			if (violation) {
				console.error(`mock-api: CONTRACT VIOLATION ${violation}`)
				result = reply(500, { message: `Mock contract violation: ${violation}` })
			}
		}
		if (res.destroyed) return
		const headers: Record<string, string> = {
			'cache-control': 'no-store',
			date: new Date(store.now()).toUTCString(),
			...result.headers,
		}
		if (result.body !== undefined) headers['content-type'] = 'application/json; charset=utf-8'
		res.writeHead(result.status, headers)
		res.end(result.bytes ?? (result.body === undefined ? undefined : JSON.stringify(result.body)))
		if (!isHook) {
			store.requests.push({ method, path, query: url.search, status: result.status, auth: authKind })
			if (store.requests.length > MAX_LOGGED_REQUESTS)
				store.requests.splice(0, store.requests.length - MAX_LOGGED_REQUESTS)
			if (++handled % 500 === 0) pruneTokens(store)
		}
		if (method !== 'GET') scheduleSave()
		if (!quiet) log(`mock-api ${method} ${path} ${result.status} ${Math.round(performance.now() - started)}ms`)
	}

	const server = http.createServer((req, res) => {
		handle(req, res).catch((error: unknown) => {
			console.error('mock-api: unhandled', error)
			if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' })
			res.end(JSON.stringify({ message: 'Server Error.' }))
		})
	})
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject)
		server.listen(port, host, () => {
			server.off('error', reject)
			resolve()
		})
	})
	const address = server.address() as AddressInfo
	hosts = hostsOf(host, address.port, allowedHosts)
	const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host
	let closing: Promise<void> | null = null

	return {
		url: `http://${urlHost}:${address.port}`,
		port: address.port,
		state: store,
		close() {
			closing ??= (async () => {
				await new Promise<void>((resolve) => {
					server.close(() => resolve())
					server.closeAllConnections()
				})
				if (saveTimer) clearTimeout(saveTimer)
				saveTimer = null
				await save()
			})()
			return closing
		},
	}
}
