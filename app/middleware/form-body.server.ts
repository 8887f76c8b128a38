import type { MiddlewareFunction, RouterContextProvider } from 'react-router'
import { refusal } from './request-log.server'
import { logoRules } from '#app/api/contract/images'
import { currentUserOrNull } from '#app/api/users.server'
import { csrfCookieState, matchesToken, UNSAFE_METHODS } from '#app/auth/csrf.server'
import { formContext, getApi, getUser, largeBodyContext } from '#app/context.server'
import { hasSessionCookie } from '#app/auth/session.server'
import { CSRF_FIELD_NAME } from '#app/utils/csrf'
import { nameSegments } from '#app/forms/declared-fields'
import type { TooLargePage } from '#app/utils/refusal'

export const FORM_BODY_LIMIT = 64 * 1024

export const MULTIPART_OVERHEAD = 256 * 1024

// The only larger body: the logo allows a little over its limit, so such a file reaches the action and gets the
// field's message.
const LOGO_PAGE = /^\/services\/[^/]+\/manage\/logo\/?$/

export function bodyLimitFor(pathname: string) {
	return LOGO_PAGE.test(pathname) ? logoRules.maxBytes + MULTIPART_OVERHEAD : FORM_BODY_LIMIT
}

export function tooLargePageFor(pathname: string): TooLargePage | undefined {
	if (!LOGO_PAGE.test(pathname)) return undefined
	return {
		title: 'settings:logo.tooLarge.title',
		message: 'settings:logo.errors.size',
		back: { href: pathname, label: 'settings:logo.tooLarge.back' },
	}
}

// conform turns names into objects and arrays (`a[999999999]`, 5,000 levels deep), so bound them first (decision 0009).
export const FORM_SHAPE = { maxFields: 200, maxNameLength: 200, maxDepth: 4, maxIndex: 50 } as const

// `__intent__`/`__state__` conform would act on, and names that reach an object's prototype.
const isReservedSegment = (segment: string) =>
	segment.startsWith('__') || segment === 'prototype' || segment === 'constructor'

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

export function mediaType(contentType: string | null) {
	return (contentType ?? '').split(';')[0]!.trim().toLowerCase()
}

function refuse(status: 400 | 403 | 408 | 413 | 415 | 429 | 503, headers?: HeadersInit) {
	return new Response(null, { status, headers })
}

const CLOSE = { Connection: 'close' }

// Past this, an oversized body is not drained for its 413 page: the connection is closed instead.
const DISCARD_LIMIT = 8 * 1024 * 1024

// Half a slow phone's 1 Mbit/s: a 10 MB logo passes, a slower sender frees its slot (408).
export const MIN_UPLOAD_RATE = 64 * 1024
export const UPLOAD_GRACE_MS = 5_000

type Reader = ReadableStreamDefaultReader<Uint8Array>

type Reading = { reader: Reader; read: Reader['read']; chunks: Uint8Array[]; size: number }

function reading(body: ReadableStream<Uint8Array> | null): Reading {
	const reader = (body ?? new Blob().stream()).getReader()
	return { reader, read: () => reader.read(), chunks: [], size: 0 }
}

function paced(reader: Reader): Reader['read'] {
	const started = performance.now()
	let bytes = 0
	return async () => {
		let timer: ReturnType<typeof setTimeout> | undefined
		const due = started + UPLOAD_GRACE_MS + (bytes / MIN_UPLOAD_RATE) * 1000 - performance.now()
		const late = new Promise<never>((_, reject) => {
			timer = setTimeout(() => reject(refuse(408, CLOSE)), due)
		})
		try {
			const result = await Promise.race([reader.read(), late])
			bytes += result.value?.byteLength ?? 0
			return result
		} finally {
			clearTimeout(timer)
		}
	}
}

async function discard(body: Reading, budget: number) {
	for (let left = budget; left >= 0;) {
		const { done, value } = await body.read()
		if (done) return true
		left -= value.byteLength
	}
	await body.reader.cancel().catch(() => undefined)
	return false
}

async function tooLarge(body: Reading | undefined, budget = DISCARD_LIMIT): Promise<never> {
	const drained = body ? await discard(body, budget) : false
	throw refuse(413, drained ? undefined : CLOSE)
}

// 413 as soon as the stream passes `limit`, so an oversized body is never held whole.
async function readOn(body: Reading, limit: number, enough = () => false): Promise<boolean> {
	for (;;) {
		const { done, value } = await body.read().catch((error: unknown) => {
			throw error instanceof Response ? error : refuse(400)
		})
		if (done) return true
		body.size += value.byteLength
		body.chunks.push(value)
		if (body.size > limit) return tooLarge(body)
		if (enough()) return false
	}
}

async function formOf(body: Reading, contentType: string) {
	// The header is passed as sent: multipart needs its boundary parameter.
	const form = await new Response(Buffer.concat(body.chunks, body.size), { headers: { 'content-type': contentType } })
		.formData()
		.catch(() => {
			throw refuse(400)
		})
	if (!hasFormShape(form)) throw refuse(400)
	return form
}

function boundaryOf(contentType: string) {
	return /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType)?.slice(1).find(Boolean)
}

// A large body's first part must be the CSRF field (every upload form renders it first); undefined: not read yet.
type Gate = { boundary: string; token: string }

function csrfFirst(prefix: Buffer, { boundary, token }: Gate): boolean | undefined {
	const start = `--${boundary}\r\n`
	const text = prefix.toString('latin1')
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
}

async function readThrough(body: Reading, limit: number, gate: Gate) {
	const opens = () => {
		const verdict = csrfFirst(Buffer.concat(body.chunks, body.size), gate)
		if (verdict === false || (verdict === undefined && body.size > FORM_BODY_LIMIT)) throw refuse(403, CLOSE)
		return verdict === true
	}
	if (await readOn(body, limit, opens)) throw refuse(403)
}

// Each large body is held twice over (bytes, then parsed file): one per partner (429), this many in all (503).
const MAX_LARGE_BODIES = 4
const largeBodies = new Set<string>()

// Only a multipart post from a partner the API knows, with a valid CSRF cookie, may send more than a form's worth.
async function largeBodyGate(request: Request, contentType: string, signedIn: () => Promise<boolean>): Promise<Gate> {
	const boundary = boundaryOf(contentType)
	const { token } = await csrfCookieState(request)
	if (!boundary || !token || !(await hasSessionCookie(request))) throw refuse(403, CLOSE)
	if (!(await signedIn().catch(() => busy()))) throw refuse(403, CLOSE)
	return { boundary, token }
}

function busy(status: 429 | 503 = 503): never {
	throw refuse(status, { 'Retry-After': '5', ...CLOSE })
}

// The slot is held until `release()`, through the action too, so a partner's uploads are decoded one at a time.
export type LargeBody = { form: FormData; rest: (partner: string) => Promise<FormData>; release: () => void }

/** Parses a form post before any route runs (decision 0009); actions read it with `getFormData`. */
export async function parseFormBody(
	request: Request,
	{
		signedIn = async () => false,
		pathname = new URL(request.url).pathname,
	}: { signedIn?: () => Promise<boolean>; pathname?: string } = {},
): Promise<FormData | LargeBody> {
	const contentType = request.headers.get('content-type') ?? ''
	const type = mediaType(contentType)
	if (!FORM_TYPES.has(type)) throw refuse(415)
	const limit = type === 'multipart/form-data' ? bodyLimitFor(pathname) : FORM_BODY_LIMIT
	const gate = limit > FORM_BODY_LIMIT ? await largeBodyGate(request, contentType, signedIn) : undefined
	const declared = Number(request.headers.get('content-length') ?? '0')
	if (!Number.isFinite(declared) || declared > limit) {
		// Nothing is read yet: draining means reading the whole body, the limit plus the patience.
		const drain = declared - limit <= DISCARD_LIMIT
		return tooLarge(drain ? reading(request.body) : undefined, limit + DISCARD_LIMIT)
	}
	const body = reading(request.body)
	if (!gate) {
		await readOn(body, limit)
		return formOf(body, contentType)
	}
	await readThrough(body, limit, gate)
	const form = new FormData()
	form.set(CSRF_FIELD_NAME, gate.token)
	let holder: string | undefined
	const release = () => {
		if (holder !== undefined) largeBodies.delete(holder)
		holder = undefined
	}
	async function rest(partner: string) {
		if (largeBodies.has(partner)) busy(429)
		if (largeBodies.size >= MAX_LARGE_BODIES) busy()
		largeBodies.add((holder = partner))
		try {
			body.read = paced(body.reader)
			await readOn(body, limit)
			return await formOf(body, contentType)
		} catch (error) {
			release()
			throw error
		}
	}
	return { form, rest, release }
}

/** A refusal thrown while reading a body, as the page that explains it (a 413: the route's own, when it has one). */
function explained(error: unknown, context: Readonly<RouterContextProvider>, pathname: string): never {
	if (!(error instanceof Response)) throw error
	const page = error.status === 413 ? tooLargePageFor(pathname) : undefined
	throw refusal(error.status, context, { headers: error.headers }, page ? { page } : {})
}

export const formBodyMiddleware: MiddlewareFunction<Response> = async ({ request, context, url }, next) => {
	const method = request.method.toUpperCase()
	// Every form of the portal posts; React Router would run an action for PUT, PATCH and DELETE too.
	if (UNSAFE_METHODS.has(method) && method !== 'POST')
		throw refusal(405, context, { headers: { Allow: 'GET, HEAD, POST' } })
	if (method !== 'POST') return next()
	const signedIn = async () => Boolean(await currentUserOrNull(getApi(context)))
	const body = await parseFormBody(request, { signedIn, pathname: url.pathname }).catch((error: unknown) =>
		explained(error, context, url.pathname),
	)
	if (body instanceof FormData) {
		context.set(formContext, body)
		return next()
	}
	let read = false
	context.set(formContext, body.form)
	context.set(largeBodyContext, async (partner) => {
		const form = await body.rest(partner).catch((error: unknown) => explained(error, context, url.pathname))
		read = true
		return form
	})
	const response = await next().finally(body.release)
	// Answered before the rest was read (sign-in, another partner's service): it stays unread, and the connection ends.
	if (!read) response.headers.set('Connection', 'close')
	return response
}

// Below the layouts' guards: only now is the rest of a large body read, for a verified partner.
export const largeBodyMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
	const rest = context.get(largeBodyContext)
	if (rest) {
		const user = await getUser(context)
		if (!user.email_verified_at) throw refusal(403, context)
		context.set(formContext, await rest(user.id))
	}
	return next()
}
