/**
 * The small HTTP toolkit of the mock: replies, errors thrown as replies,
 * request-body and query parsing with the contract's schemas (422 in the
 * Laravel shape), cursor pagination.
 */
import type { z } from 'zod'
import {
	limits,
	summarizeErrors,
	toFieldErrors,
	validationMessages,
	type FieldErrors,
	type ListQuery,
	listQuery,
	type EndpointName,
} from '../../app/api/contract/index'
import type { TokenRecord } from './areas/auth/state'
import type { UserRecord } from './areas/users/state'
import type { MockStore } from './store'

/** `body` is sent as JSON; `bytes` (a stored file) as they are, with the handler's content type. */
export type Reply = { status: number; body?: unknown; headers?: Record<string, string>; bytes?: Uint8Array }

export const reply = (status: number, body?: unknown, headers?: Record<string, string>): Reply => ({
	status,
	body,
	headers,
})

/** `value` without its trailing slashes: a loop, where `/\/+$/` would take quadratic time on a run of slashes. */
export function withoutTrailingSlashes(value: string): string {
	let end = value.length
	while (value[end - 1] === '/') end--
	return value.slice(0, end)
}

/** A reply thrown from deep inside a handler. */
export class HttpError extends Error {
	constructor(readonly reply: Reply) {
		super(`HTTP ${reply.status}`)
	}
}

export const fail = (status: number, body: unknown, headers?: Record<string, string>) =>
	new HttpError(reply(status, body, headers))

export const unauthenticated = () => fail(401, { message: 'Unauthenticated.' })
export const twoStepRequired = () =>
	fail(403, { message: 'Two-step authentication required.', code: 'two_step_required' })
export const notFound = () => fail(404, { message: 'Not found.' })

/** 422 `{message, errors, code?, …extra}`. */
export function validationFailed(errors: FieldErrors, extra: Record<string, unknown> = {}) {
	return fail(422, { message: summarizeErrors(errors), errors, ...extra })
}

export const invalidToken = () => validationFailed({ token: [validationMessages.invalid] }, { code: 'invalid_token' })

/** 422 `code_expired`: the last emailed code expired unused. */
export const codeExpired = () =>
	reply(422, {
		message: validationMessages.codeExpired,
		code: 'code_expired',
		errors: { code: [validationMessages.codeExpired] },
	})

export function throttled(code: 'too_many_attempts' | 'resend_too_soon', retryAfterSeconds: number) {
	const seconds = Math.max(1, Math.ceil(retryAfterSeconds))
	return fail(
		429,
		{ message: 'Too Many Attempts.', code, retry_after_seconds: seconds },
		{ 'retry-after': String(seconds) },
	)
}

export type AuthContext = {
	token: TokenRecord
	user: UserRecord
	restricted: boolean
}

export type Ctx = {
	store: MockStore
	method: string
	path: string
	params: Record<string, string>
	query: URLSearchParams
	/** The raw request body text ('' when none). */
	bodyText: string
	/** The raw request body (an upload's file). */
	bodyBytes: Buffer
	/** The body was over the upload cap and was not kept (uploads only; elsewhere it is a 413). */
	bodyTooLarge: boolean
	/** `http://host:port` as the caller addressed the mock (for URLs of stored files). */
	origin: string
	/** The bearer token as sent, if any. */
	bearer: string | null
	/** The live access token of the bearer, if any (set for every endpoint). */
	auth: AuthContext | null
	/**
	 * Where the person behind the call is: the `clientOriginHeaders` a client acting for someone sends (the portal),
	 * else the caller's own address and User-Agent. What the activity log and the sessions record.
	 */
	client: { ip: string | null; userAgent: string | null; device: string | null }
}

export type Handler = (ctx: Ctx) => Reply | Promise<Reply>
/** Handlers keyed by the contract's endpoint names. */
export type Handlers<K extends EndpointName = EndpointName> = { [Name in K]: Handler }

/** The caller of an endpoint whose auth guarantees one. */
export function caller(ctx: Ctx): AuthContext {
	if (!ctx.auth) throw unauthenticated()
	return ctx.auth
}

function readJsonObject(ctx: Ctx): Record<string, unknown> {
	if (!ctx.bodyText.trim()) return {}
	let value: unknown
	try {
		value = JSON.parse(ctx.bodyText)
	} catch {
		throw fail(400, { message: 'The request body is not valid JSON.' })
	}
	if (typeof value !== 'object' || value === null || Array.isArray(value)) {
		throw fail(400, { message: 'The request body must be a JSON object.' })
	}
	return value as Record<string, unknown>
}

/** The body parsed with a request schema of the contract, or a 422. */
export function parseBody<S extends z.ZodType>(ctx: Ctx, schema: S): z.output<S> {
	const result = schema.safeParse(readJsonObject(ctx), { reportInput: true })
	if (!result.success) throw validationFailed(toFieldErrors(result.error.issues))
	return result.data
}

/** The query parsed with a query schema of the contract (first value of each key), or a 422. */
export function parseQuery<S extends z.ZodType>(ctx: Ctx, schema: S): z.output<S> {
	const raw: Record<string, string> = {}
	for (const [key, value] of ctx.query) if (!(key in raw)) raw[key] = value
	const result = schema.safeParse(raw, { reportInput: true })
	if (!result.success) throw validationFailed(toFieldErrors(result.error.issues))
	return result.data
}

const encodeCursor = (offset: number) => Buffer.from(JSON.stringify({ offset })).toString('base64url')

function decodeCursor(cursor: string): number | null {
	try {
		const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
		const offset = (value as { offset?: unknown }).offset
		return typeof offset === 'number' && Number.isInteger(offset) && offset >= 0 ? offset : null
	} catch {
		return null
	}
}

/** One page of `items`: `{data, meta: {next_cursor}}` (status 200). */
export function paginate<T>(ctx: Ctx, items: readonly T[], query: ListQuery = parseQuery(ctx, listQuery)): Reply {
	const perPage = query.per_page ?? limits.perPageDefault
	let offset = 0
	if (query.cursor !== undefined) {
		const decoded = decodeCursor(query.cursor)
		if (decoded === null) throw validationFailed({ cursor: [validationMessages.invalid] })
		offset = decoded
	}
	const data = items.slice(offset, offset + perPage)
	const next = offset + perPage < items.length ? encodeCursor(offset + perPage) : null
	return reply(200, { data, meta: { next_cursor: next } })
}

/**
 * The cursor of a list ordered by a sequence number, newest first: it marks the position of a page's last item, so
 * items written meanwhile do not shift the next page.
 */
export const encodeSeqCursor = (seq: number) => Buffer.from(JSON.stringify({ before: seq })).toString('base64url')

/** The position of an `encodeSeqCursor` cursor, or a 422 on `cursor`. */
export function decodeSeqCursor(cursor: string): number {
	try {
		const before = (JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { before?: unknown }).before
		if (typeof before === 'number' && Number.isInteger(before) && before > 0) return before
	} catch {
		// not base64url JSON: the same 422
	}
	throw validationFailed({ cursor: [validationMessages.invalid] })
}
