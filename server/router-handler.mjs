// React Router's request handler on a plain `node:http` server: the incoming
// request becomes a web `Request`, the router's `Response` goes out on the
// socket, compressed here (decision 0016). It replaces express with
// @react-router/express and the `compression` middleware for everything the
// router answers; static files keep them (server.mjs).
import { constants, crc32, createGzip, deflateRawSync, gzipSync } from 'node:zlib'
import { createReadableStreamFromReadable } from '@react-router/node'
import { createRequestHandler } from 'react-router'

/**
 * gzip level 3, on the main thread. zlib's streams work on libuv's thread
 * pool: with 50 requests in flight, handing each response over and back cost
 * about 0.2 ms of CPU on top of the compression itself, on every page. Level 3
 * is the last of zlib's fast levels: half the CPU of level 4 on the 35 KB
 * details page (0.17 ms instead of 0.26 ms) for 4% more bytes.
 */
const GZIP = { level: 3 }
/** Smaller bodies are not worth compressing (the `compression` middleware's threshold). */
const THRESHOLD = 1024
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml)|application\/[\w.+-]+\+(json|xml)|image\/svg\+xml)/i
/** No known blocks. */
const NONE = new Map()
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i

/** Why a request cannot become a web `Request`: answered 400. */
class BadRequest extends Error {}

/** The first value of a header that may be repeated or a comma-separated list. */
function first(value) {
	const text = Array.isArray(value) ? value[0] : value
	return text?.split(',')[0]?.trim() || undefined
}

/** Nothing in a host that could move the URL's path, query, fragment or user info; `URL` checks the rest. */
const HOST = /^[^\s/\\?#@]+$/

/**
 * The page's URL as the browser asked for it. Behind a proxy (`trustProxy`),
 * the scheme and host are the ones `X-Forwarded-Proto` and `X-Forwarded-Host`
 * name; otherwise the socket's and the `Host` header's.
 */
export function requestUrl(req, trustProxy) {
	const protocol =
		(trustProxy && first(req.headers['x-forwarded-proto'])?.toLowerCase()) || (req.socket.encrypted ? 'https' : 'http')
	const host = (trustProxy && first(req.headers['x-forwarded-host'])) || req.headers.host || 'localhost'
	if (protocol !== 'http' && protocol !== 'https') throw new BadRequest(`unknown protocol ${protocol}`)
	if (!HOST.test(host)) throw new BadRequest('invalid host')
	// Only origin-form targets ("/path?query"): no absolute URLs, no "*".
	if (!req.url?.startsWith('/')) throw new BadRequest('invalid request target')
	try {
		return new URL(`${protocol}://${host}${req.url}`)
	} catch {
		throw new BadRequest('invalid URL')
	}
}

/** The web `Request` for an incoming request; `signal` aborts when the browser goes away before the answer ends. */
export function toRequest(req, url, signal) {
	const headers = new Headers()
	const raw = req.rawHeaders
	for (let index = 0; index < raw.length; index += 2) headers.append(raw[index], raw[index + 1])
	const init = { method: req.method, headers, signal }
	if (req.method !== 'GET' && req.method !== 'HEAD') {
		init.body = createReadableStreamFromReadable(req)
		init.duplex = 'half'
	}
	return new Request(url, init)
}

/** Whether the answer is compressed: a compressible type, not refused by the browser or by `no-transform`. */
export function acceptsGzip(req, res) {
	const type = res.getHeader('content-type')
	if (typeof type !== 'string' || !COMPRESSIBLE.test(type)) return false
	const cacheControl = res.getHeader('cache-control')
	if (typeof cacheControl === 'string' && NO_TRANSFORM.test(cacheControl)) return false
	// Caches keep the compressed and plain answers apart.
	const vary = res.getHeader('vary')
	if (!vary) res.setHeader('vary', 'Accept-Encoding')
	else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(String(vary)))
		res.setHeader('vary', `${vary}, Accept-Encoding`)
	if (res.getHeader('content-encoding')) return false
	return gzipQuality(req.headers['accept-encoding']) > 0
}

/** The quality the browser gives gzip in `Accept-Encoding` (0 when it names neither gzip nor `*`). */
function gzipQuality(header) {
	if (!header) return 0
	let star = 0
	for (const part of header.split(',')) {
		const [name, ...parameters] = part.split(';')
		const coding = name.trim().toLowerCase()
		if (coding !== 'gzip' && coding !== 'x-gzip' && coding !== '*') continue
		const q = parameters.map((p) => p.trim()).find((p) => /^q=/i.test(p))
		const quality = q ? Number(q.slice(2)) || 0 : 1
		if (coding === '*') star = quality
		else return quality
	}
	return star
}

const STILL_STREAMING = Symbol('still streaming')

/**
 * Blocks of bytes that answers send as chunks of their own, always the same
 * (the server build's `staticChunks`: the stylesheet every page inlines, a
 * third of the details page), compressed once here instead of in every
 * answer. Keyed by the block's memory, which must be its own (not Buffer's
 * shared pool): an answer's chunk is the block when it is a view of exactly
 * those bytes.
 */
export function precompress(blocks = []) {
	const known = new Map()
	for (const block of blocks) {
		// Compressed alone and byte-aligned at its end (a sync flush), so it can sit between two other deflate runs.
		const deflated = deflateRawSync(block, { level: 9, finishFlush: constants.Z_SYNC_FLUSH })
		known.set(block.buffer, { byteOffset: block.byteOffset, byteLength: block.byteLength, deflated })
	}
	return known
}

/** gzip's header: deflate, no name or time, from Unix (as zlib writes it). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3])

/**
 * The chunks as one gzip member. Without a known block among them this is
 * one `gzipSync` call; with some, the blocks' deflate is joined with the bytes
 * around them, as pigz joins its parallel runs: every run ends byte-aligned
 * and refers only to its own bytes, so any inflater reads one stream. Only
 * the last run is compressed here: each zlib call costs about 25 µs of set-up
 * whatever its size, so a short run before a block (the page's head before
 * its stylesheet) goes as it is, in a stored block, and a long one is
 * compressed on its own.
 */
export function gzipChunks(chunks, size, known) {
	const blockOf = (chunk) => {
		const block = known.get(chunk.buffer)
		return block && block.byteOffset === chunk.byteOffset && block.byteLength === chunk.byteLength ? block : undefined
	}
	if (known.size === 0 || !chunks.some(blockOf)) {
		return gzipSync(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size), GZIP)
	}
	const parts = [GZIP_HEADER]
	let run = []
	let crc = 0
	const runBytes = () => {
		const bytes = run.length === 1 ? run[0] : Buffer.concat(run)
		run = []
		return bytes
	}
	for (const chunk of chunks) {
		crc = crc32(chunk, crc)
		const block = blockOf(chunk)
		if (!block) {
			run.push(chunk)
			continue
		}
		if (run.length > 0) {
			const bytes = runBytes()
			if (bytes.byteLength <= STORED_AT_MOST) parts.push(storedBlock(bytes), bytes)
			else parts.push(deflateRawSync(bytes, { ...GZIP, finishFlush: constants.Z_SYNC_FLUSH }))
		}
		parts.push(block.deflated)
	}
	// The last run (empty when a block ends the body) carries the final block.
	parts.push(deflateRawSync(runBytes(), GZIP))
	const trailer = Buffer.allocUnsafe(8)
	trailer.writeUInt32LE(crc >>> 0, 0)
	trailer.writeUInt32LE(size % 2 ** 32, 4)
	parts.push(trailer)
	return Buffer.concat(parts)
}

/** A run before a block at most this long is sent uncompressed (a stored block holds up to 65 535 bytes). */
const STORED_AT_MOST = 4096

/** The header of a stored (uncompressed), non-final deflate block of `bytes`, at a byte boundary. */
function storedBlock(bytes) {
	const header = Buffer.allocUnsafe(5)
	header[0] = 0
	header.writeUInt16LE(bytes.byteLength, 1)
	header.writeUInt16LE(~bytes.byteLength & 0xffff, 3)
	return header
}

/** Resolves once the current round of work (this macrotask and its microtasks) is done. */
const afterThisRound = () => new Promise((resolve) => setImmediate(resolve, STILL_STREAMING))

/**
 * Sends the router's answer. What the body has ready at once (a whole page:
 * React renders it in one pass) leaves as one compressed write with its
 * length, the `known` blocks in it compressed once (`gzipChunks`). A body still coming after that (streamed data) leaves chunk by
 * chunk as it comes, through a zlib stream flushed after each chunk.
 */
export async function sendResponse(req, res, response, known = NONE) {
	res.statusCode = response.status
	if (response.statusText) res.statusMessage = response.statusText
	for (const [name, value] of response.headers) if (name !== 'set-cookie') res.setHeader(name, value)
	const cookies = response.headers.getSetCookie()
	if (cookies.length > 0) res.setHeader('set-cookie', cookies)

	// Decided (and `Vary` set) for every answer, HEAD and 304 included, as the `compression` middleware did.
	const gzip = acceptsGzip(req, res)
	const body = response.body
	if (!body || req.method === 'HEAD' || response.status === 204 || response.status === 304) {
		await body?.cancel().catch(() => {})
		res.end()
		return
	}
	const reader = body.getReader()
	const closed = () => res.destroyed || res.writableEnded
	res.once('close', () => {
		if (!res.writableFinished) reader.cancel().catch(() => {})
	})

	const ready = []
	let size = 0
	let pending = reader.read()
	const roundOver = afterThisRound()
	for (;;) {
		const next = await Promise.race([pending, roundOver])
		if (next === STILL_STREAMING) break
		if (next.done) {
			if (closed()) return
			const compressed = gzip && size >= THRESHOLD
			const payload = compressed
				? gzipChunks(ready, size, known)
				: ready.length === 1
					? ready[0]
					: Buffer.concat(ready, size)
			if (compressed) res.setHeader('content-encoding', 'gzip')
			res.setHeader('content-length', payload.byteLength)
			res.end(payload)
			return
		}
		const chunk = Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength)
		ready.push(chunk)
		size += chunk.byteLength
		pending = reader.read()
	}

	// Still streaming: what was ready goes now, the rest as it comes.
	res.removeHeader('content-length')
	let out = res
	if (gzip) {
		res.setHeader('content-encoding', 'gzip')
		out = createGzip(GZIP)
		out.pipe(res)
	}
	const write = async (chunk) => {
		const more = out.write(chunk)
		if (gzip) out.flush(constants.Z_SYNC_FLUSH)
		if (!more) await new Promise((resolve) => out.once('drain', resolve))
	}
	if (size > 0) await write(ready.length === 1 ? ready[0] : Buffer.concat(ready, size))
	for (;;) {
		const { done, value } = await pending
		if (closed()) {
			if (out !== res) out.destroy()
			return
		}
		if (done) break
		await write(value)
		pending = reader.read()
	}
	out.end()
}

/**
 * `(req, res) => Promise<void>` answering with React Router's `build`. A
 * request that cannot be a URL is answered 400; a failure of the router
 * itself 500, logged by `log`.
 */
export function createRouterHandler({ build, mode = 'production', trustProxy = false, log }) {
	const handle = createRequestHandler(build, mode)
	const known = precompress(build.entry?.module?.staticChunks)
	return async (req, res) => {
		let url
		try {
			url = requestUrl(req, trustProxy)
		} catch (error) {
			if (!(error instanceof BadRequest)) throw error
			res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('Bad Request')
			return
		}
		const controller = new AbortController()
		res.once('close', () => {
			if (!res.writableFinished) controller.abort()
		})
		try {
			const response = await handle(toRequest(req, url, controller.signal))
			await sendResponse(req, res, response, known)
		} catch (error) {
			if (res.destroyed || controller.signal.aborted) return
			log?.(error)
			if (res.headersSent) res.destroy()
			else res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Internal Server Error')
		}
	}
}
