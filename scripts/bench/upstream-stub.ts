/**
 * The partner API as the bench sees it: first a recording proxy in front of
 * the mock API (the portal signs in and views each page once through it),
 * then a replay of those answers after a fixed latency. Replaying costs almost
 * no CPU, so the mock's own work does not blur the portal's figure.
 *
 * The services list and one service are synthesised from the recorded ones at
 * any size (`setServiceCount`): 1, 100 or 10 000 services answer in the same
 * shapes, paged by cursor as the API pages them.
 *
 * The stub also stands in for the service-logo storage (the portal's
 * SERVICE_LOGO_URL is `${url}/uploads/service-logos`): recorded answers name
 * the stub instead of the mock, and each logo they name is recorded with them,
 * so a browser on a replayed page loads it as it would from the real storage.
 */
import { fork } from 'node:child_process'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { endpoints } from '#app/api/contract/endpoints'
import { limits } from '#app/api/contract/common'
import { DEMO_EMAIL, DEMO_PASSWORD } from '#tests/mock-api/seed'
import { SERVICE_LOGO_PATH } from '#tests/mock-api/areas/services/state'
import { endpointName } from '#tests/setup/api-rounds'
import { portalEnv, signInOverHttp } from '#tests/setup/processes'

type Recorded = { status: number; contentType: string | undefined; body: string }
type StoredFile = { contentType: string; cacheControl: string | undefined; bytes: Buffer }

export type StubCall = { method: string; url: string; endpoint: string }

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

/** A stable id of the `index`-th synthetic service. */
const serviceId = (index: number) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`

export async function startUpstreamStub({ target, latencyMs }: { target: string; latencyMs: number }) {
	let latency = latencyMs
	const recorded = new Map<string, Recorded>()
	/** Logo files by path, fetched from the mock as the answers naming them are recorded. */
	const files = new Map<string, StoredFile>()
	let origin = ''
	let mode: 'record' | 'replay' = 'record'
	let serviceCount: number | null = null
	let calls: StubCall[] = []
	let misses = 0

	const keyOf = (method: string, url: URL) => `${method} ${url.pathname}${url.search}`
	/** The recorded answer for this call, or for the same path with any query. */
	function lookup(method: string, url: URL): Recorded | undefined {
		const exact = recorded.get(keyOf(method, url))
		if (exact) return exact
		const prefix = `${method} ${url.pathname}`
		for (const [key, value] of recorded) if (key === prefix || key.startsWith(`${prefix}?`)) return value
		return undefined
	}
	type ServicePage = { data: Array<Record<string, unknown>>; meta: Record<string, unknown> }
	function recordedBody(pattern: RegExp) {
		for (const [key, value] of recorded) if (pattern.test(key)) return JSON.parse(value.body) as unknown
		throw new Error(`nothing recorded matches ${pattern}`)
	}
	const listTemplate = () => recordedBody(/^GET \/services(\?|$)/) as ServicePage
	const oneTemplate = () => recordedBody(/^GET \/services\/[^/?]+(\?|$)/) as { data: Record<string, unknown> }

	/** The synthetic answers of the services endpoints at `serviceCount`. */
	function synthesise(method: string, url: URL): Recorded | undefined {
		if (serviceCount === null || method !== 'GET') return undefined
		if (url.pathname === endpoints.listServices.path) {
			const page = listTemplate()
			const sample = page.data[0] ?? oneTemplate().data
			const perPage = Number(url.searchParams.get('per_page') ?? limits.perPageDefault)
			const start = Number(url.searchParams.get('cursor') ?? 0)
			const end = Math.min(serviceCount, start + perPage)
			const data = []
			for (let i = start; i < end; i++) data.push({ ...sample, id: serviceId(i), name: `Bench service ${i + 1}` })
			const body = { ...page, data, meta: { ...page.meta, next_cursor: end < serviceCount ? String(end) : null } }
			return { status: 200, contentType: 'application/json', body: JSON.stringify(body) }
		}
		const one = /^\/services\/([^/]+)$/.exec(url.pathname)
		if (one) {
			const service = oneTemplate()
			const body = { ...service, data: { ...service.data, id: decodeURIComponent(one[1]!) } }
			return { status: 200, contentType: 'application/json', body: JSON.stringify(body) }
		}
		return undefined
	}

	const server = http.createServer((request, response) => {
		const chunks: Buffer[] = []
		request.on('data', (chunk: Buffer) => chunks.push(chunk))
		request.on('end', () => {
			const method = request.method ?? 'GET'
			const url = new URL(request.url ?? '/', 'http://stub')
			// The browser's logo requests: not API calls.
			if (method === 'GET' && url.pathname.startsWith(SERVICE_LOGO_PATH)) {
				const file = files.get(url.pathname)
				setTimeout(() => {
					if (!file) return send(response, { status: 404, contentType: undefined, body: '' })
					response.writeHead(200, {
						'content-type': file.contentType,
						'x-content-type-options': 'nosniff',
						...(file.cacheControl ? { 'cache-control': file.cacheControl } : {}),
					})
					response.end(file.bytes)
				}, latency)
				return
			}
			calls.push({ method, url: `${url.pathname}${url.search}`, endpoint: endpointName(method, url.pathname) })
			if (mode === 'record') {
				void proxy(method, url, request.headers, Buffer.concat(chunks)).then(
					(answer) => {
						if (method === 'GET' && answer.status < 300) recorded.set(keyOf(method, url), answer)
						send(response, answer)
					},
					() => send(response, { status: 502, contentType: undefined, body: '' }),
				)
				return
			}
			const answer = synthesise(method, url) ?? lookup(method, url)
			if (!answer) misses += 1
			setTimeout(
				() =>
					send(response, answer ?? { status: 404, contentType: 'application/json', body: '{"message":"Not found."}' }),
				latency,
			)
		})
	})

	async function proxy(method: string, url: URL, headers: http.IncomingHttpHeaders, body: Buffer) {
		const forwarded: Record<string, string> = {}
		for (const name of ['accept', 'authorization', 'content-type']) {
			const value = headers[name]
			if (typeof value === 'string') forwarded[name] = value
		}
		const answer = await fetch(`${target}${url.pathname}${url.search}`, {
			method,
			headers: forwarded,
			body: method === 'GET' || method === 'HEAD' ? undefined : new Uint8Array(body),
			redirect: 'manual',
		})
		// The answer as the stub would give it: logos under the stub's storage, each one recorded.
		const text = (await answer.text()).replaceAll(`${target}${SERVICE_LOGO_PATH}`, `${origin}${SERVICE_LOGO_PATH}`)
		for (const [logoUrl] of text.matchAll(new RegExp(`${escapeRegExp(origin + SERVICE_LOGO_PATH)}[^"]+`, 'g')))
			await recordFile(new URL(logoUrl).pathname)
		return { status: answer.status, contentType: answer.headers.get('content-type') ?? undefined, body: text }
	}

	async function recordFile(pathname: string) {
		if (files.has(pathname)) return
		const answer = await fetch(`${target}${pathname}`)
		if (!answer.ok) throw new Error(`recording ${pathname}: ${answer.status}`)
		files.set(pathname, {
			contentType: answer.headers.get('content-type') ?? 'application/octet-stream',
			cacheControl: answer.headers.get('cache-control') ?? undefined,
			bytes: Buffer.from(await answer.arrayBuffer()),
		})
	}

	function send(response: http.ServerResponse, { status, contentType, body }: Recorded) {
		response.writeHead(status, contentType ? { 'content-type': contentType } : {})
		response.end(body)
	}

	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = server.address() as AddressInfo
	origin = `http://127.0.0.1:${port}`
	return {
		url: origin,
		/** What the portal's SERVICE_LOGO_URL must be for the logos in the answers. */
		logoStorageUrl: `${origin}${SERVICE_LOGO_PATH.replace(/\/$/, '')}`,
		/** From now on, answer from the recording (after `latencyMs`) instead of asking the mock. */
		replay() {
			mode = 'replay'
		},
		/** From now on, each replayed answer comes after `ms` (the API's latency). */
		setLatency(ms: number) {
			latency = ms
		},
		/** The services list and details answer as if the partner had `count` services (null: as recorded). */
		setServiceCount(count: number | null) {
			serviceCount = count
		},
		/** The calls received since the last `takeCalls`. */
		takeCalls() {
			const taken = calls
			calls = []
			return taken
		},
		get misses() {
			return misses
		},
		/** The body of a recorded GET, parsed. */
		recordedJson(pathAndQuery: string): unknown {
			const hit = recorded.get(`GET ${pathAndQuery}`)
			return hit ? JSON.parse(hit.body) : undefined
		},
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	}
}

/**
 * The stub and the mock API it records in a child process (`stub-process.ts`, run by tsx), on the CPUs the bench
 * runs on: the same commands, answered over IPC.
 */
export async function forkUpstreamStub({ latencyMs, cwd }: { latencyMs: number; cwd: string }) {
	const child = fork(path.join(import.meta.dirname, 'stub-process.ts'), [String(latencyMs)], {
		cwd,
		execArgv: ['--import', 'tsx'],
		stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
	})
	let next = 0
	const pending = new Map<number, (result: unknown) => void>()
	const ready = await new Promise<{ url: string; logoStorageUrl: string }>((resolve, reject) => {
		child.once('exit', (code) => reject(new Error(`the API stub exited with code ${code}`)))
		child.on(
			'message',
			(message: { ready?: { url: string; logoStorageUrl: string }; id?: number; result?: unknown }) => {
				if (message.ready) return resolve(message.ready)
				pending.get(message.id!)?.(message.result)
				pending.delete(message.id!)
			},
		)
	})
	const call = <T = void>(method: string, ...args: unknown[]) =>
		new Promise<T>((resolve) => {
			const id = next++
			pending.set(id, resolve as (result: unknown) => void)
			child.send({ id, method, args })
		})
	return {
		...ready,
		pid: child.pid!,
		replay: () => call('replay'),
		setLatency: (ms: number) => call('setLatency', ms),
		setServiceCount: (count: number | null) => call('setServiceCount', count),
		takeCalls: () => call<StubCall[]>('takeCalls'),
		misses: () => call<number>('misses'),
		recordedJson: (pathAndQuery: string) => call<unknown>('recordedJson', pathAndQuery),
		close: () => call('close'),
	}
}

/**
 * Records what the bench replays: the demo partner signs in on the portal at `portalUrl` (in front of the stub, still
 * recording) and views each measured page once. Answers the session cookie and the service whose details are measured
 * (the demo's live one).
 */
export async function recordPageViews(
	portalUrl: string,
	stub: Awaited<ReturnType<typeof forkUpstreamStub>>,
): Promise<{ cookie: string; serviceId: string }> {
	const cookie = await signInOverHttp(portalUrl, DEMO_EMAIL, DEMO_PASSWORD)
	const get = async (pathname: string, headers: Record<string, string> = { cookie }) => {
		const response = await fetch(`${portalUrl}${pathname}`, { headers, redirect: 'manual' })
		await response.arrayBuffer()
		if (response.status !== 200) throw new Error(`recording ${pathname}: ${response.status}`)
	}
	await get('/')
	await get('/services/manage')
	const list = (await stub.recordedJson('/services')) as { data: Array<{ id: string; environment: string }> }
	const serviceId = (list.data.find((s) => s.environment === 'live') ?? list.data[0])!.id
	await get(`/services/${serviceId}`)
	await get(`/services/${serviceId}?days=90`)
	await get('/auth/sign-in', {})
	return { cookie, serviceId }
}

/** The pages the bench and the A/B script measure, as the recorded session views them (`recordPageViews`). */
export function measuredPages(cookie: string, serviceId: string) {
	return {
		signIn: { name: 'sign-in (guest)', path: '/auth/sign-in', headers: {} as Record<string, string> },
		dashboard: { name: 'dashboard', path: '/', headers: { cookie } },
		details: { name: 'service details', path: `/services/${serviceId}`, headers: { cookie } },
		list: { name: 'services list', path: '/services/manage', headers: { cookie } },
	}
}

/** The environment of a portal at `port` in front of the stub, its log silent, with `nodeOptions` for V8. */
export function portalEnvBehindStub(
	port: number,
	stub: Awaited<ReturnType<typeof forkUpstreamStub>>,
	nodeOptions: string,
): Record<string, string> {
	return portalEnv({
		PORT: String(port),
		PUBLIC_APP_URL: `http://127.0.0.1:${port}`,
		API_BASE_URL: stub.url,
		SERVICE_LOGO_URL: stub.logoStorageUrl,
		LOG_LEVEL: 'silent',
		NODE_OPTIONS: nodeOptions,
	})
}
