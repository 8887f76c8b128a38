import { createContext, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { refusal } from './request-log.server'
import { logoRules } from '#app/api/contract/images'
import { pageUrl } from '#app/auth/redirect'
import type { TranslationKey } from '#app/utils/meta'

/** Methods whose body is read (and whose CSRF token is checked). */
export const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** Form bodies: a sign-in or a settings form is a few KB; 64 KB leaves room for long text fields. */
export const FORM_BODY_LIMIT = 64 * 1024

/**
 * What the 413 page of an upload route says, as i18n keys, and where its link
 * goes back to (the upload page itself, which takes another file). The body
 * is refused before any route runs, so the page cannot come from the route.
 */
export type TooLargePage = {
	title: TranslationKey
	message: TranslationKey
	back: { href: string; label: TranslationKey }
}

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
			title: 'services:logo.tooLarge.title',
			message: 'services:logo.errors.size',
			back: { href: pathname, label: 'services:logo.tooLarge.back' },
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

const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data'])

/** The media type of a Content-Type header, lower-cased, without parameters. */
export function mediaType(contentType: string | null) {
	return (contentType ?? '').split(';')[0]!.trim().toLowerCase()
}

const formContext = createContext<FormData | null>(null)

/** A 4xx answer for a body the portal will not read (an expected outcome, never reported as an error). */
function refuse(status: 400 | 413 | 415, headers?: HeadersInit) {
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
 * Reads at most `limit` bytes of `body`: stops keeping bytes and answers 413
 * as soon as the stream goes past it, so an oversized body is never held whole.
 */
export async function readLimited(
	body: ReadableStream<Uint8Array> | null,
	limit: number,
): Promise<Uint8Array<ArrayBuffer>> {
	if (!body) return new Uint8Array()
	const reader = body.getReader()
	const chunks: Uint8Array[] = []
	let size = 0
	for (;;) {
		const { done, value } = await reader.read()
		if (done) break
		size += value.byteLength
		if (size > limit) return tooLarge(reader)
		chunks.push(value)
	}
	const bytes = new Uint8Array(size)
	let offset = 0
	for (const chunk of chunks) {
		bytes.set(chunk, offset)
		offset += chunk.byteLength
	}
	return bytes
}

/**
 * Parses the body of a form post once, before any route runs: only form
 * types (415 otherwise), within the route's size limit (413, from
 * Content-Length and from the bytes actually streamed), and well-formed (400).
 * Actions read the result with `getFormData`.
 */
export async function parseFormBody(request: Request): Promise<FormData> {
	const type = mediaType(request.headers.get('content-type'))
	if (!FORM_TYPES.has(type)) throw refuse(415)
	const limit = bodyLimitFor(pageUrl(request).pathname)
	const declared = Number(request.headers.get('content-length') ?? '0')
	if (!Number.isFinite(declared) || declared > limit) {
		// Nothing is read yet: draining means reading the whole body, the limit plus the patience.
		// (A cancelled read resets the connection, and the browser never sees its page.)
		const drain = declared - limit <= DISCARD_LIMIT
		return tooLarge(drain ? request.body?.getReader() : undefined, limit + DISCARD_LIMIT)
	}
	const bytes = await readLimited(request.body, limit)
	try {
		// The header is passed as sent: multipart needs its boundary parameter.
		return await new Response(bytes, { headers: { 'content-type': request.headers.get('content-type')! } }).formData()
	} catch {
		throw refuse(400)
	}
}

export const formBodyMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
	if (UNSAFE_METHODS.has(request.method.toUpperCase())) {
		try {
			context.set(formContext, await parseFormBody(request))
		} catch (error) {
			if (error instanceof Response) {
				const page = error.status === 413 ? tooLargePageFor(pageUrl(request).pathname) : undefined
				throw refusal(error.status, context, { headers: error.headers }, page ? { page } : {})
			}
			throw error
		}
	}
	return next()
}

/** The submitted form of this request (read once by `formBodyMiddleware`). */
export function getFormData(context: Readonly<RouterContextProvider>): FormData {
	const form = context.get(formContext)
	if (!form) throw refuse(400)
	return form
}
