/**
 * How the API client reaches the partner API: one HTTP exchange, answered
 * once its whole body is in. Built on `node:http(s)` with keep-alive agents
 * instead of `fetch`: a page makes several calls, and each `fetch` costs
 * several times the CPU (WHATWG Request/Headers/streams around the same
 * socket). Tests may hand the client a `fetch` instead (`fetchExchange`).
 */
import http from 'node:http'
import https from 'node:https'
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib'

/** What the client reads of an answer. */
export type Answer = {
	status: number
	ok: boolean
	/** A response header by (case-insensitive) name, or null. */
	header(name: string): string | null
	/** The body, decoded from any content encoding, as text. */
	text: string
}

export type Exchange = {
	url: URL
	method: string
	headers: Record<string, string>
	body?: string | Uint8Array<ArrayBuffer> | Blob
	/** The incoming request's signal: when it aborts, the call stops. */
	signal?: AbortSignal
	timeoutMs: number
}

/** No whole answer within `timeoutMs`. */
export class ExchangeTimeout extends Error {
	constructor(timeoutMs: number) {
		super(`no answer within ${timeoutMs} ms`)
		this.name = 'ExchangeTimeout'
	}
}

/**
 * Idle connections are closed after 4 s (as `fetch` does), or sooner when the
 * server's `Keep-Alive: timeout=` hint says so, before the server drops them.
 */
const IDLE_MS = 4_000
const agents = {
	'http:': new http.Agent({ keepAlive: true, scheduling: 'lifo', timeout: IDLE_MS }),
	'https:': new https.Agent({ keepAlive: true, scheduling: 'lifo', timeout: IDLE_MS }),
}

/** What `fetch` sent on its own (the body is decoded before the client sees it). */
const FETCH_DEFAULTS = { 'user-agent': 'node', 'accept-encoding': 'gzip, deflate' }

function decode(bytes: Buffer, encoding: string | undefined): Buffer {
	switch (encoding?.trim().toLowerCase()) {
		case 'gzip':
		case 'x-gzip':
			return gunzipSync(bytes)
		case 'deflate':
			return inflateSync(bytes)
		case 'br':
			return brotliDecompressSync(bytes)
		default:
			return bytes
	}
}

function answerOf(response: http.IncomingMessage, bytes: Buffer): Answer {
	const status = response.statusCode ?? 0
	const headers = response.headers
	return {
		status,
		ok: status >= 200 && status <= 299,
		header(name) {
			const value = headers[name.toLowerCase()]
			if (value === undefined) return null
			return Array.isArray(value) ? value.join(', ') : value
		},
		text: decode(bytes, headers['content-encoding']).toString('utf8'),
	}
}

/** Methods sent again, once, when a kept-alive connection turns out to have been closed by the server. */
const RETRIED_ON_STALE_CONNECTION = new Set(['GET', 'HEAD'])
const STALE_CONNECTION_ERRORS = new Set(['ECONNRESET', 'EPIPE'])

/**
 * One exchange over `node:http(s)`. Rejects with `ExchangeTimeout` after
 * `timeoutMs` (the body included), with the signal's reason when the signal
 * aborts, and with the socket's error when there is no answer.
 */
export async function httpExchange({ url, method, headers, body, signal, timeoutMs }: Exchange): Promise<Answer> {
	const payload =
		body === undefined
			? undefined
			: typeof body === 'string'
				? Buffer.from(body, 'utf8')
				: body instanceof Blob
					? new Uint8Array(await body.arrayBuffer())
					: body
	signal?.throwIfAborted()
	const outgoing: http.OutgoingHttpHeaders = { ...FETCH_DEFAULTS, ...headers }
	if (payload !== undefined) outgoing['content-length'] = payload.byteLength
	const agent = url.protocol === 'https:' ? agents['https:'] : agents['http:']
	const request = url.protocol === 'https:' ? https.request : http.request

	return new Promise<Answer>((resolve, reject) => {
		let settled = false
		let current: http.ClientRequest | undefined
		const timer = setTimeout(() => fail(new ExchangeTimeout(timeoutMs)), timeoutMs)
		const onAbort = () => fail(signal?.reason ?? new Error('aborted'))
		signal?.addEventListener('abort', onAbort, { once: true })

		function finish() {
			settled = true
			clearTimeout(timer)
			signal?.removeEventListener('abort', onAbort)
		}
		function fail(error: unknown) {
			if (settled) return
			finish()
			current?.destroy()
			reject(error)
		}

		function attempt(retry: boolean) {
			let req: http.ClientRequest
			try {
				req = request(url, { method, headers: outgoing, agent })
			} catch (error) {
				// e.g. a header value with a character HTTP does not allow
				return fail(error)
			}
			current = req
			let answered = false
			req.on('response', (response) => {
				answered = true
				const chunks: Buffer[] = []
				response.on('data', (chunk: Buffer) => chunks.push(chunk))
				response.on('error', fail)
				response.on('end', () => {
					if (settled) return
					let answer: Answer
					try {
						answer = answerOf(response, chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks))
					} catch (error) {
						return fail(error)
					}
					finish()
					resolve(answer)
				})
			})
			req.on('error', (error: NodeJS.ErrnoException) => {
				if (settled) return
				// The server closed an idle kept-alive connection as this call went out: nothing was read, try a fresh one.
				if (retry && !answered && req.reusedSocket && STALE_CONNECTION_ERRORS.has(error.code ?? '')) {
					return attempt(false)
				}
				fail(error)
			})
			req.end(payload)
		}
		attempt(RETRIED_ON_STALE_CONNECTION.has(method))
	})
}

/** The same exchange over a `fetch` (tests hand one to the client). */
export function fetchExchange(fetchImpl: typeof fetch) {
	return async ({ url, method, headers, body, signal, timeoutMs }: Exchange): Promise<Answer> => {
		const timeout = AbortSignal.timeout(timeoutMs)
		try {
			const response = await fetchImpl(url, {
				method,
				headers,
				body,
				signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
				redirect: 'manual',
			})
			return {
				status: response.status,
				ok: response.ok,
				header: (name) => response.headers.get(name),
				text: await response.text(),
			}
		} catch (error) {
			if (timeout.aborted && !signal?.aborted) throw new ExchangeTimeout(timeoutMs)
			throw error
		}
	}
}
