import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ExchangeTimeout, fetchExchange, httpExchange } from './http.server'

type Seen = {
	method: string
	url: string
	headers: http.IncomingHttpHeaders
	body: string
	raw: Buffer
	socket: number
}
type Handler = (req: http.IncomingMessage, res: http.ServerResponse, seen: Seen) => void

let server: http.Server
let base: string
let handler: Handler
const seen: Seen[] = []
const sockets = new WeakMap<object, number>()
let socketCount = 0

beforeAll(async () => {
	server = http.createServer((req, res) => {
		const chunks: Buffer[] = []
		req.on('data', (chunk: Buffer) => chunks.push(chunk))
		req.on('end', () => {
			if (!sockets.has(req.socket)) sockets.set(req.socket, ++socketCount)
			const entry = {
				method: req.method ?? '',
				url: req.url ?? '',
				headers: req.headers,
				body: Buffer.concat(chunks).toString('utf8'),
				raw: Buffer.concat(chunks),
				socket: sockets.get(req.socket)!,
			}
			seen.push(entry)
			handler(req, res, entry)
		})
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
	server.closeAllConnections()
	await new Promise((resolve) => server.close(resolve))
})

const json = (res: http.ServerResponse, status: number, body: unknown, headers: http.OutgoingHttpHeaders = {}) => {
	res.writeHead(status, { 'content-type': 'application/json', ...headers })
	res.end(JSON.stringify(body))
}

function take() {
	return seen.splice(0, seen.length)
}

describe('httpExchange', () => {
	test('sends method, path, query, headers and body; answers status, headers and text', async () => {
		take()
		handler = (_req, res) => json(res, 201, { ok: true }, { 'retry-after': '7' })
		const answer = await httpExchange({
			url: new URL(`${base}/things/a%20b?x=1`),
			method: 'POST',
			headers: { accept: 'application/json', 'content-type': 'application/json', authorization: 'Bearer t' },
			body: JSON.stringify({ name: 'é' }),
			timeoutMs: 1_000,
		})
		expect(answer).toMatchObject({ status: 201, ok: true, text: '{"ok":true}' })
		expect(answer.header('Retry-After')).toBe('7')
		expect(answer.header('x-missing')).toBeNull()
		const [request] = take()
		expect(request).toMatchObject({ method: 'POST', url: '/things/a%20b?x=1', body: '{"name":"é"}' })
		expect(request!.headers).toMatchObject({
			accept: 'application/json',
			'content-type': 'application/json',
			authorization: 'Bearer t',
			'content-length': String(Buffer.byteLength('{"name":"é"}')),
			'user-agent': 'node',
			'accept-encoding': 'gzip, deflate',
		})
	})

	test('sends raw bytes and blobs as they are', async () => {
		take()
		handler = (_req, res) => json(res, 200, {})
		const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47])
		for (const body of [bytes, new Blob([bytes])]) {
			await httpExchange({
				url: new URL(`${base}/upload`),
				method: 'POST',
				headers: { 'content-type': 'image/png' },
				body,
				timeoutMs: 1_000,
			})
		}
		const requests = take()
		expect(requests.map((r) => r.headers['content-length'])).toEqual(['4', '4'])
		expect(requests.map((r) => [...r.raw])).toEqual([[...bytes], [...bytes]])
	})

	test('an error status is an answer, not a failure; a gzip body is decoded', async () => {
		handler = (_req, res) => {
			res.writeHead(422, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
			res.end(gzipSync(JSON.stringify({ message: 'Invalid.' })))
		}
		const answer = await httpExchange({ url: new URL(`${base}/x`), method: 'GET', headers: {}, timeoutMs: 1_000 })
		expect(answer).toMatchObject({ status: 422, ok: false, text: '{"message":"Invalid."}' })
	})

	test('a 3xx is answered as it is, not followed', async () => {
		take()
		handler = (_req, res) => {
			res.writeHead(302, { location: '/elsewhere' })
			res.end()
		}
		const answer = await httpExchange({ url: new URL(`${base}/x`), method: 'GET', headers: {}, timeoutMs: 1_000 })
		expect(answer).toMatchObject({ status: 302, ok: false, text: '' })
		expect(take()).toHaveLength(1)
	})

	test('connections are kept alive between calls', async () => {
		take()
		handler = (_req, res) => json(res, 200, {})
		for (let i = 0; i < 3; i++) {
			await httpExchange({ url: new URL(`${base}/x`), method: 'GET', headers: {}, timeoutMs: 1_000 })
		}
		const sockets = new Set(take().map((r) => r.socket))
		expect(sockets.size).toBe(1)
	})

	test('no whole answer in time is an ExchangeTimeout', async () => {
		handler = (_req, res) => {
			res.writeHead(200, { 'content-type': 'application/json' })
			res.write('{"partial":') // and never the rest
		}
		await expect(
			httpExchange({ url: new URL(`${base}/slow`), method: 'GET', headers: {}, timeoutMs: 50 }),
		).rejects.toBeInstanceOf(ExchangeTimeout)
	})

	test('an aborted signal stops the call with its reason', async () => {
		const controller = new AbortController()
		handler = () => controller.abort(new Error('browser left'))
		await expect(
			httpExchange({
				url: new URL(`${base}/x`),
				method: 'GET',
				headers: {},
				signal: controller.signal,
				timeoutMs: 1_000,
			}),
		).rejects.toThrow('browser left')
		await expect(
			httpExchange({ url: new URL(`${base}/x`), method: 'GET', headers: {}, signal: controller.signal, timeoutMs: 1 }),
		).rejects.toThrow('browser left')
	})

	test('a connection closed without an answer is a failure', async () => {
		handler = (req) => req.socket.destroy()
		await expect(
			httpExchange({ url: new URL(`${base}/x`), method: 'POST', headers: {}, body: '{}', timeoutMs: 1_000 }),
		).rejects.toMatchObject({ code: 'ECONNRESET' })
	})

	test('a GET on a kept-alive connection the server dropped is sent once more; a POST is not', async () => {
		handler = (_req, res) => json(res, 200, {})
		await httpExchange({ url: new URL(`${base}/warm`), method: 'GET', headers: {}, timeoutMs: 1_000 })
		take()
		let drops = 1
		handler = (req, res) => (drops-- > 0 ? req.socket.destroy() : json(res, 200, { again: true }))
		const answer = await httpExchange({ url: new URL(`${base}/x`), method: 'GET', headers: {}, timeoutMs: 1_000 })
		expect(answer.text).toBe('{"again":true}')
		expect(take().map((r) => r.method)).toEqual(['GET', 'GET'])

		handler = (_req, res) => json(res, 200, {})
		await httpExchange({ url: new URL(`${base}/warm`), method: 'GET', headers: {}, timeoutMs: 1_000 })
		take()
		handler = (req) => req.socket.destroy()
		await expect(
			httpExchange({ url: new URL(`${base}/x`), method: 'POST', headers: {}, body: '{}', timeoutMs: 1_000 }),
		).rejects.toMatchObject({ code: 'ECONNRESET' })
		expect(take().map((r) => r.method)).toEqual(['POST'])
	})

	test('a header HTTP does not allow is a failure, not a crash', async () => {
		await expect(
			httpExchange({
				url: new URL(`${base}/x`),
				method: 'GET',
				headers: { authorization: 'Bearer a\nb' },
				timeoutMs: 1_000,
			}),
		).rejects.toThrow()
	})
})

describe('fetchExchange', () => {
	test('answers what the fetch answered, body read', async () => {
		const exchange = fetchExchange(async () =>
			Response.json({ message: 'Slow down.' }, { status: 429, headers: { 'retry-after': '3' } }),
		)
		const answer = await exchange({ url: new URL('http://api.test/x'), method: 'GET', headers: {}, timeoutMs: 1_000 })
		expect(answer).toMatchObject({ status: 429, ok: false, text: '{"message":"Slow down."}' })
		expect(answer.header('retry-after')).toBe('3')
	})

	test('a fetch stopped by the time limit is an ExchangeTimeout', async () => {
		const exchange = fetchExchange(
			((_: unknown, init?: RequestInit) =>
				new Promise((_resolve, reject) => {
					init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
				})) as unknown as typeof fetch,
		)
		await expect(
			exchange({ url: new URL('http://api.test/x'), method: 'GET', headers: {}, timeoutMs: 20 }),
		).rejects.toBeInstanceOf(ExchangeTimeout)
	})
})
