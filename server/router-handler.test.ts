import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { constants, gunzipSync, gzipSync } from 'node:zlib'
import { afterEach, describe, expect, test } from 'vitest'
import { gzipChunks, precompress, requestUrl, sendResponse, toRequest } from './router-handler.mjs'

const servers: http.Server[] = []
afterEach(async () => {
	await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))))
})

/** A server answering every request with `respond(request)`, sent by `sendResponse` (with `known` blocks). */
async function serve(
	respond: (request: Request) => Response | Promise<Response>,
	known?: ReturnType<typeof precompress>,
) {
	const server = http.createServer((req, res) => {
		const url = requestUrl(req, false)
		void Promise.resolve(respond(toRequest(req, url, new AbortController().signal))).then((response) =>
			sendResponse(req, res, response, known),
		)
	})
	servers.push(server)
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** One raw exchange (no automatic decompression), the body as bytes. */
function get(url: string, headers: http.OutgoingHttpHeaders = {}, method = 'GET') {
	return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
		const req = http.request(url, { method, headers }, (res) => {
			const chunks: Buffer[] = []
			res.on('data', (chunk: Buffer) => chunks.push(chunk))
			res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }))
		})
		req.on('error', reject)
		req.end()
	})
}

const page = `<!DOCTYPE html><html><body>${'<p>Hello, partner.</p>'.repeat(200)}</body></html>`
const html = { 'content-type': 'text/html; charset=utf-8' }

describe('requestUrl', () => {
	const req = (url: string, headers: http.IncomingHttpHeaders) =>
		({ url, headers, socket: {} }) as unknown as http.IncomingMessage

	test('is the Host header and the path, or what a trusted proxy forwarded', () => {
		const headers = { host: 'portal.test:3000', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'partners.example' }
		expect(requestUrl(req('/services?page=2', headers), false).href).toBe('http://portal.test:3000/services?page=2')
		expect(requestUrl(req('/services', headers), true).href).toBe('https://partners.example/services')
		expect(requestUrl(req('/', { host: 'a', 'x-forwarded-host': 'b.example, c.example' }), true).host).toBe('b.example')
		expect(requestUrl(req('/healthz', { host: 'portal_web:3000' }), false).host).toBe('portal_web:3000')
		expect(requestUrl(req('/', { host: '[::1]:3000' }), false).host).toBe('[::1]:3000')
		expect(requestUrl(req('//evil.example/x', { host: 'portal.test' }), false).href).toBe(
			'http://portal.test//evil.example/x',
		)
	})

	test('refuses a host or target that could move the URL elsewhere', () => {
		for (const host of [
			'evil.example/path',
			'evil.example\\path',
			'user@evil.example',
			'a b',
			'evil.example?x',
			'evil.example#x',
		]) {
			expect(() => requestUrl(req('/', { host }), false), host).toThrow('invalid host')
		}
		expect(() => requestUrl(req('/', { host: 'a<b' }), false)).toThrow('invalid URL')
		expect(() => requestUrl(req('http://evil.example/', { host: 'portal.test' }), false)).toThrow(
			'invalid request target',
		)
		expect(() => requestUrl(req('*', { host: 'portal.test' }), false)).toThrow('invalid request target')
		expect(() => requestUrl(req('/', { host: 'a', 'x-forwarded-proto': 'javascript' }), true)).toThrow(
			'unknown protocol',
		)
	})
})

describe('toRequest', () => {
	test('keeps every header, repeated ones included, and the body of a POST', async () => {
		const url = await serve(async (request) =>
			Response.json({
				cookie: request.headers.get('cookie'),
				accept: request.headers.get('accept'),
				body: await request.text(),
				method: request.method,
			}),
		)
		const body = await new Promise<string>((resolve, reject) => {
			const req = http.request(url, { method: 'POST', headers: { 'content-type': 'text/plain' } }, (res) => {
				let text = ''
				res.setEncoding('utf8')
				res.on('data', (chunk: string) => (text += chunk))
				res.on('end', () => resolve(text))
			})
			req.on('error', reject)
			req.setHeader('accept', ['text/html', 'application/json'])
			req.setHeader('cookie', 'a=1')
			req.end('name=Acme&email=ada%40example.com')
		})
		expect(JSON.parse(body)).toEqual({
			cookie: 'a=1',
			accept: 'text/html, application/json',
			body: 'name=Acme&email=ada%40example.com',
			method: 'POST',
		})
	})
})

describe('sendResponse', () => {
	test('a whole page leaves gzipped in one piece with its length, and varies on Accept-Encoding', async () => {
		const url = await serve(() => new Response(page, { status: 201, headers: html }))
		const response = await get(url, { 'accept-encoding': 'gzip, deflate, br' })
		expect(response.status).toBe(201)
		expect(response.headers['content-encoding']).toBe('gzip')
		expect(response.headers['content-length']).toBe(String(response.body.byteLength))
		expect(response.headers.vary).toBe('Accept-Encoding')
		expect(response.body.byteLength).toBeLessThan(page.length / 5)
		expect(gunzipSync(response.body).toString()).toBe(page)
	})

	test('is sent as it is when the browser does not take gzip, the body is small or the type is not text', async () => {
		const url = await serve((request) => {
			const path = new URL(request.url).pathname
			if (path === '/small') return new Response('<p>Hi</p>', { headers: html })
			if (path === '/png') return new Response(new Uint8Array(4096), { headers: { 'content-type': 'image/png' } })
			if (path === '/no-transform') return new Response(page, { headers: { ...html, 'cache-control': 'no-transform' } })
			return new Response(page, { headers: html })
		})
		for (const [path, acceptEncoding] of [
			['/', undefined],
			['/', 'gzip;q=0, identity'],
			['/', 'br'],
			['/small', 'gzip'],
			['/png', 'gzip'],
			['/no-transform', 'gzip'],
		] as const) {
			const response = await get(`${url}${path}`, acceptEncoding ? { 'accept-encoding': acceptEncoding } : {})
			expect(response.headers['content-encoding'], `${path} ${acceptEncoding}`).toBeUndefined()
			expect(response.body.byteLength).toBe(Number(response.headers['content-length']))
		}
		expect((await get(url, { 'accept-encoding': '*' })).headers['content-encoding']).toBe('gzip')
	})

	test('every Set-Cookie header, the status and its text reach the browser; HEAD gets no body', async () => {
		const url = await serve(() => {
			const headers = new Headers({ location: '/dashboard' })
			headers.append('set-cookie', 'a=1; Path=/; HttpOnly')
			headers.append('set-cookie', 'b=2; Path=/; HttpOnly')
			return new Response(page, { status: 302, statusText: 'Found it', headers })
		})
		const response = await get(url)
		expect(response.status).toBe(302)
		expect(response.headers.location).toBe('/dashboard')
		expect(response.headers['set-cookie']).toEqual(['a=1; Path=/; HttpOnly', 'b=2; Path=/; HttpOnly'])
		const head = await get(url, { 'accept-encoding': 'gzip' }, 'HEAD')
		expect(head.body.byteLength).toBe(0)
		expect(head.headers.vary).toBe('Accept-Encoding')
	})

	test('a known block among the chunks is sent as compressed at start-up, in the same gzip stream', async () => {
		const styles = Buffer.alloc(4000, 'p{margin:0}')
		const url = await serve(
			() =>
				new Response(
					new ReadableStream({
						start(controller) {
							controller.enqueue(new TextEncoder().encode('<style>'))
							controller.enqueue(styles)
							controller.enqueue(new TextEncoder().encode(`</style>${page}`))
							controller.close()
						},
					}),
					{ headers: html },
				),
			precompress([styles]),
		)
		const response = await get(url, { 'accept-encoding': 'gzip' })
		expect(response.headers['content-encoding']).toBe('gzip')
		expect(response.headers['content-length']).toBe(String(response.body.byteLength))
		expect(gunzipSync(response.body).toString()).toBe(`<style>${styles}</style>${page}`)
		expect((await get(url)).body.toString()).toBe(`<style>${styles}</style>${page}`)
	})

	test('a body still streaming leaves each chunk as it comes, compressed', async () => {
		let release!: () => void
		const released = new Promise<void>((resolve) => (release = resolve))
		const url = await serve(
			() =>
				new Response(
					new ReadableStream({
						async start(controller) {
							controller.enqueue(new TextEncoder().encode('<p>first</p>'))
							await released
							controller.enqueue(new TextEncoder().encode('<p>second</p>'))
							controller.close()
						},
					}),
					{ headers: html },
				),
		)
		const text = await new Promise<string>((resolve, reject) => {
			http
				.get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
					expect(res.headers['content-encoding']).toBe('gzip')
					expect(res.headers['content-length']).toBeUndefined()
					const chunks: Buffer[] = []
					res.on('data', (chunk: Buffer) => {
						chunks.push(chunk)
						// The first chunk arrives, whole, before the second is written (else this never releases it).
						const sofar = gunzipSync(Buffer.concat(chunks), { finishFlush: constants.Z_SYNC_FLUSH }).toString()
						if (sofar === '<p>first</p>') release()
					})
					res.on('end', () => resolve(gunzipSync(Buffer.concat(chunks)).toString()))
				})
				.on('error', reject)
		})
		expect(text).toBe('<p>first</p><p>second</p>')
	})

	test('a browser that goes away cancels the body', async () => {
		let cancelled!: (reason: unknown) => void
		const cancel = new Promise((resolve) => (cancelled = resolve))
		const url = await serve(
			() =>
				new Response(
					new ReadableStream({
						start(controller) {
							controller.enqueue(new TextEncoder().encode('<p>first</p>'))
						},
						cancel: (reason) => cancelled(reason ?? 'cancelled'),
					}),
					{ headers: html },
				),
		)
		await new Promise<void>((resolve) => {
			const req = http.get(url, (res) => res.once('data', () => (req.destroy(), resolve())))
			req.on('error', () => {})
		})
		await expect(cancel).resolves.toBeDefined()
	})
})

describe('gzipChunks', () => {
	const block = Buffer.alloc(3000, 'body{color:#0b0c0c}')
	const known = precompress([block])
	const text = (value: string) => Buffer.from(value)

	test('joins the block, compressed once, with the bytes around it: one stream any inflater reads', () => {
		for (const chunks of [
			[text('<head><style>'), block, text(`</style></head>${page}`)],
			[block, text(page)],
			[text(page), block],
			[block],
			[text('a'), block, text('b'), block, text('c')],
		]) {
			const size = chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0)
			const gzipped = gzipChunks(chunks, size, known)
			expect(gunzipSync(gzipped).equals(Buffer.concat(chunks))).toBe(true)
			// A browser reads it as it arrives: the stream is whole, with nothing after its end.
			expect(gunzipSync(gzipped, { finishFlush: constants.Z_SYNC_FLUSH }).byteLength).toBe(size)
		}
	})

	test('without the block, or with only part of its bytes, is one ordinary gzip of everything', () => {
		const part = block.subarray(0, 100)
		for (const chunks of [[text(page)], [text('<p>'), part, text('</p>')]]) {
			const size = chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0)
			expect(gzipChunks(chunks, size, known).equals(gzipSync(Buffer.concat(chunks), { level: 3 }))).toBe(true)
		}
	})
})
