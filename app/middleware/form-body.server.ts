import type { MiddlewareFunction } from 'react-router'
import { refusal } from './request-log.server'
import { logoRules } from '#app/api/contract/images'
import { currentUserOrNull } from '#app/api/users.server'
import { csrfCookieState, matchesToken, UNSAFE_METHODS } from '#app/auth/csrf.server'
import { formContext, getApi } from '#app/context.server'
import { hasSessionCookie } from '#app/auth/session.server'
import { CSRF_FIELD_NAME } from '#app/utils/csrf'
import { nameSegments } from '#app/utils/declared-fields'
import type { TooLargePage } from '#app/utils/refusal'

/** What every page of the portal takes (its forms post); any other method is a 405 with this `Allow`. */
const ALLOWED_METHODS = 'GET, HEAD, POST'

/** Form bodies: a sign-in or a settings form is a few KB; 64 KB leaves room for long text fields. */
export const FORM_BODY_LIMIT = 64 * 1024

type LargerBody = { pattern: RegExp; limit: number; tooLarge?: (pathname: string) => TooLargePage }

/** Room for a multipart body's boundaries, part headers and the form's other fields around the file. */
export const MULTIPART_OVERHEAD = 256 * 1024

/**
 * Routes that accept larger bodies (file uploads), by page path. The service
 * logo allows a file a little over its 10 MB limit, so such a file reaches the
 * action and gets the field's message; beyond this, the body is refused (413)
 * while it streams in.
 */
const LARGER_BODIES: LargerBody[] = [
	{
		pattern: /^\/services\/[^/]+\/manage\/logo\/?$/,
		limit: logoRules.maxBytes + MULTIPART_OVERHEAD,
		tooLarge: (pathname) => ({
			title: 'settings:logo.tooLarge.title',
			message: 'settings:logo.errors.size',
			back: { href: pathname, label: 'settings:logo.tooLarge.back' },
		}),
	},
]

const largerBodyFor = (pathname: string) => LARGER_BODIES.find(({ pattern }) => pattern.test(pathname))

export function bodyLimitFor(pathname: string) {
	return largerBodyFor(pathname)?.limit ?? FORM_BODY_LIMIT
}

/** The page a body too large for `pathname` gets, when its route has one of its own. */
export function tooLargePageFor(pathname: string): TooLargePage | undefined {
	return largerBodyFor(pathname)?.tooLarge?.(pathname)
}

/**
 * The shape of any form the portal's pages send, with room to spare: the
 * largest (a service's translations) has about 40 fields named at most three
 * levels deep (`translations.de-DE.name`), and no form sends a list. conform
 * turns names into objects and arrays (`a[999999999]` is an array that long,
 * `a.b.c…` 5,000 levels deep overflows the stack), so a form outside these
 * bounds is refused (400) before any schema or `reply()` sees it.
 */
export const FORM_SHAPE = { maxFields: 200, maxNameLength: 200, maxDepth: 4, maxIndex: 50 } as const

/**
 * A name no form of the portal sends: anything starting `__` (conform's reserved `__intent__` and `__state__`,
 * which it would parse as JSON and act on, `__proto__`), and the other names that reach an object's prototype once
 * conform builds objects from paths. The portal's conform intents run in the browser and never reach the server.
 */
const isReservedSegment = (segment: string) =>
	segment.startsWith('__') || segment === 'prototype' || segment === 'constructor'

/**
 * Whether a form's field names stay within `FORM_SHAPE` and use no reserved name (the values are bounded by the
 * body limit).
 */
export function hasFormShape(form: FormData, shape = FORM_SHAPE): boolean {
	let fields = 0
	for (const name of form.keys()) {
		if (++fields > shape.maxFields || name.length > shape.maxNameLength) return false
		const segments = nameSegments(name)
		if (segments.length > shape.maxDepth) return false
		for (const segment of segments) {
			if (isReservedSegment(segment)) return false
			if (/^\d+$/.test(segment) && Number(segment) > shape.maxIndex) return false
		}
	}
	return true
}

const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data'])

/** The media type of a Content-Type header, lower-cased, without parameters. */
export function mediaType(contentType: string | null) {
	return (contentType ?? '').split(';')[0]!.trim().toLowerCase()
}

/** A 4xx answer for a body the portal will not read (an expected outcome, never reported as an error). */
function refuse(status: 400 | 403 | 413 | 415 | 503, headers?: HeadersInit) {
	return new Response(null, { status, headers })
}

/**
 * How much of an oversized body is read and thrown away so the browser gets
 * its 413 page on a connection that stays usable. Past this, the connection
 * is closed instead: nobody is owed the patience.
 */
const DISCARD_LIMIT = 8 * 1024 * 1024

/** Reads the rest of `reader` into nothing; false when it went past `budget`. */
async function discard(reader: ReadableStreamDefaultReader<Uint8Array>, budget = DISCARD_LIMIT) {
	let left = budget
	while (left >= 0) {
		const { done, value } = await reader.read()
		if (done) return true
		left -= value.byteLength
	}
	await reader.cancel().catch(() => undefined)
	return false
}

async function tooLarge(
	reader: ReadableStreamDefaultReader<Uint8Array> | undefined,
	budget = DISCARD_LIMIT,
): Promise<never> {
	const drained = reader ? await discard(reader, budget) : false
	throw refuse(413, drained ? undefined : { Connection: 'close' })
}

/**
 * What must come first in a large body before it is read past the form limit:
 * `check` answers true (go on), false (refuse) or undefined (not enough yet).
 */
type Gate = { check: (prefix: Uint8Array) => boolean | undefined }

/**
 * Reads at most `limit` bytes of `body`: stops keeping bytes and answers 413
 * as soon as the stream goes past it, so an oversized body is never held whole.
 * With a `gate`, only `FORM_BODY_LIMIT` bytes are read until it opens (403,
 * and the connection closed, when it refuses or has not opened by then).
 */
export async function readLimited(
	body: ReadableStream<Uint8Array> | null,
	limit: number,
	gate?: Gate,
): Promise<Uint8Array<ArrayBuffer>> {
	if (!body) return new Uint8Array()
	const reader = body.getReader()
	const chunks: Uint8Array[] = []
	let size = 0
	let open = !gate
	for (;;) {
		const { done, value } = await reader.read()
		if (done) break
		size += value.byteLength
		chunks.push(value)
		if (!open) {
			const verdict = gate!.check(concat(chunks, size))
			if (verdict === false || (verdict === undefined && size > FORM_BODY_LIMIT)) {
				await reader.cancel().catch(() => undefined)
				throw refuse(403, { Connection: 'close' })
			}
			open = verdict === true
		}
		if (size > limit) return tooLarge(reader)
	}
	if (!open) throw refuse(403)
	return concat(chunks, size)
}

function concat(chunks: readonly Uint8Array[], size: number) {
	const bytes = new Uint8Array(size)
	let offset = 0
	for (const chunk of chunks) {
		bytes.set(chunk, offset)
		offset += chunk.byteLength
	}
	return bytes
}

/** The boundary parameter of a multipart Content-Type. */
function boundaryOf(contentType: string) {
	return /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType)?.slice(1).find(Boolean)
}

/**
 * The gate of a large multipart body: its first part must be the CSRF field
 * holding this browser's token (every upload form renders it first), so a
 * request without one is refused after at most the form limit.
 */
function csrfFirstGate(boundary: string, token: string): Gate {
	const start = `--${boundary}\r\n`
	return {
		check(prefix) {
			const text = Buffer.from(prefix.buffer, prefix.byteOffset, prefix.byteLength).toString('latin1')
			if (text.length < start.length) return start.startsWith(text) ? undefined : false
			if (!text.startsWith(start)) return false
			const headersEnd = text.indexOf('\r\n\r\n', start.length)
			if (headersEnd < 0) return undefined
			const headers = text.slice(start.length, headersEnd).split('\r\n')
			const disposition = `content-disposition: form-data; name="${CSRF_FIELD_NAME}"`
			if (headers.length !== 1 || headers[0]!.toLowerCase() !== disposition) return false
			const valueEnd = text.indexOf(`\r\n--${boundary}`, headersEnd + 4)
			if (valueEnd < 0) return undefined
			return matchesToken(text.slice(headersEnd + 4, valueEnd), token)
		},
	}
}

/**
 * Large bodies (uploads) one process parses at once. Each holds up to its
 * route's limit twice over (the bytes, then the parsed file), so this bounds
 * what uploads can take from the heap, whoever sends them (503 past it).
 */
const MAX_LARGE_BODIES = 4
let largeBodies = 0

/**
 * The gate of a large body on a route that takes one, or a refusal: only a
 * multipart post from a signed-in partner (the API answered for the session,
 * not merely a cookie shaped like a token) with a valid CSRF cookie may send
 * more than a form's worth, and then only with the token as its first part.
 * Anything else is read within the form limit.
 */
async function largeBodyGate(request: Request, contentType: string, signedIn: () => Promise<boolean>): Promise<Gate> {
	const boundary = boundaryOf(contentType)
	const { token } = await csrfCookieState(request)
	if (!boundary || !token || !(await hasSessionCookie(request))) throw refuse(403, { Connection: 'close' })
	if (!(await signedIn().catch(() => busy()))) throw refuse(403, { Connection: 'close' })
	if (largeBodies >= MAX_LARGE_BODIES) busy()
	return csrfFirstGate(boundary, token)
}

/** The partner API could not say who this is, or every upload slot is taken: try again in a few seconds. */
function busy(): never {
	throw refuse(503, { 'Retry-After': '5', Connection: 'close' })
}

/**
 * Parses the body of a form post once, before any route runs: only form
 * types (415 otherwise), within the route's size limit (413, from
 * Content-Length and from the bytes actually streamed), well-formed and of a
 * form's shape (400). `signedIn` asks the partner API whether the session is
 * real; only an upload route's large body needs to know.
 * Actions read the result with `getFormData`.
 */
export async function parseFormBody(
	request: Request,
	{
		signedIn = async () => false,
		pathname = new URL(request.url).pathname,
	}: { signedIn?: () => Promise<boolean>; pathname?: string } = {},
): Promise<FormData> {
	const contentType = request.headers.get('content-type') ?? ''
	const type = mediaType(contentType)
	if (!FORM_TYPES.has(type)) throw refuse(415)
	const large = type === 'multipart/form-data' && bodyLimitFor(pathname) > FORM_BODY_LIMIT
	const limit = large ? bodyLimitFor(pathname) : FORM_BODY_LIMIT
	const gate = large ? await largeBodyGate(request, contentType, signedIn) : undefined
	const declared = Number(request.headers.get('content-length') ?? '0')
	if (!Number.isFinite(declared) || declared > limit) {
		// Nothing is read yet: draining means reading the whole body, the limit plus the patience.
		// (A cancelled read resets the connection, and the browser never sees its page.)
		const drain = declared - limit <= DISCARD_LIMIT
		return tooLarge(drain ? request.body?.getReader() : undefined, limit + DISCARD_LIMIT)
	}
	if (large) largeBodies++
	let form: FormData
	try {
		const bytes = await readLimited(request.body, limit, gate)
		// The header is passed as sent: multipart needs its boundary parameter.
		form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData()
	} catch (error) {
		if (error instanceof Response) throw error
		throw refuse(400)
	} finally {
		if (large) largeBodies--
	}
	if (!hasFormShape(form)) throw refuse(400)
	return form
}

export const formBodyMiddleware: MiddlewareFunction<Response> = async ({ request, context, url }, next) => {
	const method = request.method.toUpperCase()
	// Every form of the portal posts; React Router would run an action for PUT, PATCH and DELETE too.
	if (UNSAFE_METHODS.has(method) && method !== 'POST')
		throw refusal(405, context, { headers: { Allow: ALLOWED_METHODS } })
	if (method === 'POST') {
		try {
			const signedIn = async () => Boolean(await currentUserOrNull(getApi(context)))
			context.set(formContext, await parseFormBody(request, { signedIn, pathname: url.pathname }))
		} catch (error) {
			if (error instanceof Response) {
				const page = error.status === 413 ? tooLargePageFor(url.pathname) : undefined
				throw refusal(error.status, context, { headers: error.headers }, page ? { page } : {})
			}
			throw error
		}
	}
	return next()
}
