import type { z } from 'zod'
import { getConfig } from '#app/config.server'
import { clientOriginHeaders } from './contract/activity'
import { endpoints, fillPath, responseSchema, type Endpoint, type EndpointName } from './contract/endpoints'
import { ApiError } from './errors'
import { createSingleFlight } from './single-flight.server'

export type TokenPair = { access: string; refresh: string }

/** Where a client reads and writes the browser's tokens (the session cookies in the app). */
export interface TokenStore {
	access: string | null
	refresh: string | null
	setTokens(pair: TokenPair): Promise<void>
	clearTokens(): Promise<void>
}

type EndpointOf<N extends EndpointName> = (typeof endpoints)[N]

/** `'/a/{id}/b/{kind}'` → `'id' | 'kind'`. */
type PathParams<P extends string> = P extends `${string}{${infer K}}${infer Rest}` ? K | PathParams<Rest> : never

/** A raw file body: its bytes and the Content-Type they are sent with. */
export type RawFile = { bytes: Uint8Array<ArrayBuffer> | Blob; contentType: string }

/**
 * What a call of endpoint `E` takes: its JSON `body` (or the raw `file` of an
 * endpoint with a `rawRequest`), its path `params`, its `query`, and a
 * `bearer` where the table allows one other than the session's (the restricted
 * token of the password step). Only what `E` declares.
 */
export type CallInput<E extends Endpoint> = (E extends { request: z.ZodType }
	? { body: z.input<E['request']> }
	: { body?: never }) &
	(E extends { rawRequest: object } ? { file: RawFile } : { file?: never }) &
	([PathParams<E['path']>] extends [never] ? { params?: never } : { params: Record<PathParams<E['path']>, string> }) &
	(E extends { query: z.ZodType } ? { query?: z.input<E['query']> } : { query?: never }) &
	(E['auth'] extends 'restricted'
		? { bearer: string }
		: E['auth'] extends 'access'
			? { bearer?: never }
			: { bearer?: string })

type SuccessStatus = 200 | 201 | 202 | 204
type Successes<E extends Endpoint> = Extract<keyof E['responses'], SuccessStatus>

/** The body of a successful answer of `E` (`undefined` for a 204). */
export type CallOutput<E extends Endpoint> = {
	[S in Successes<E>]: E['responses'][S] extends z.ZodType ? z.output<E['responses'][S]> : undefined
}[Successes<E>]

type CallArgs<E extends Endpoint> = object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>]

export type ClientOptions = {
	baseUrl: string
	timeoutMs: number
	/** The incoming request's signal: a browser that leaves cancels its API calls. */
	signal?: AbortSignal
	tokens: TokenStore
	/** Performs the refresh call; shared process-wide by `refreshFlight`. */
	refreshTokens: (refreshToken: string) => Promise<TokenPair>
	/** Calls go through this `fetch` instead of the global one (tests). */
	fetch?: typeof fetch
	/**
	 * Endpoints served at an address of their own instead of `baseUrl` + path:
	 * the temporary upload storage (`UPLOAD_TMP_URL`) for `uploadTmpFile`.
	 */
	urls?: Partial<Record<EndpointName, string>>
	/**
	 * The person the calls are made for: their browser's address and User-Agent, sent as the contract's
	 * `clientOriginHeaders` so the API's activity log says where a change came from.
	 */
	origin?: { ip: string | null; userAgent: string | null }
	/**
	 * The portal's own credential (default `API_CLIENT_CREDENTIAL`), sent with every call to `baseUrl`: only a caller
	 * with it may set the origin. Never sent to an address of its own (`urls`).
	 */
	credential?: string
}

/** One process-wide single flight: N concurrent requests, one refresh call. */
export const refreshFlight = createSingleFlight<TokenPair>()

/** What the client reads of an answer: its whole body, as text. */
type Answer = { status: number; ok: boolean; headers: Headers; text: string }

type UntypedInput = {
	body?: unknown
	file?: RawFile
	params?: Record<string, string>
	query?: Record<string, unknown>
	bearer?: string
}
type Sent = {
	method: string
	path: string
	/** The address, when the endpoint has its own (`ClientOptions.urls`). */
	url?: string
	body: unknown
	file?: RawFile
	query: Record<string, unknown> | undefined
}

/**
 * The partner API client of one incoming request. Calls name an endpoint of
 * the contract, which gives method, path, auth and the schema of every
 * answer; failures are `ApiError`s of a typed kind.
 */
export class ApiClient {
	private refreshing: Promise<void> | null = null

	constructor(private readonly options: ClientOptions) {}

	get tokens() {
		return this.options.tokens
	}

	/**
	 * Calls `name`. Endpoints that take the signed-in user's token send the
	 * session's access token (refreshed once on a 401) unless a `bearer` is
	 * given; a given bearer is never refreshed.
	 */
	async call<N extends EndpointName>(name: N, ...[input]: CallArgs<EndpointOf<N>>): Promise<CallOutput<EndpointOf<N>>> {
		// Typed at the call site; `send` takes the untyped shape (one union per endpoint would be too large).
		const untyped: UntypedInput | undefined = input
		return (await this.send(name, untyped ?? {})) as CallOutput<EndpointOf<N>>
	}

	/** `call` without its types, for helpers generic over endpoints (`allPages`). */
	async send(name: EndpointName, { body, file, params, query, bearer }: UntypedInput): Promise<unknown> {
		const endpoint: Endpoint = endpoints[name]
		// A `.` or `..` id would be resolved away as a dot segment (even encoded, per the URL standard), so the
		// call would reach another path: no resource has such an id, and the answer is the API's own 404.
		if (Object.values(params ?? {}).some((value) => /^(\.|%2e){1,2}$/i.test(value))) {
			throw new ApiError('bad_request', `${endpoint.method} ${endpoint.path}: no such resource`, {
				status: 404,
				body: { message: 'Not found.' },
			})
		}
		if ((file !== undefined) !== (endpoint.rawRequest !== undefined)) {
			throw new Error(`${name}: ${endpoint.rawRequest ? 'a file is required' : 'takes no file'}`)
		}
		const path = fillPath(endpoint.path, params ?? {})
		const sent: Sent = { method: endpoint.method, path, url: this.options.urls?.[name], body, file, query }
		const { tokens } = this.options
		const session = bearer === undefined && (endpoint.auth === 'access' || endpoint.auth === 'access-or-restricted')
		if (session && !tokens.access && tokens.refresh) await this.refresh()
		let response = await this.raw(sent, session ? tokens.access : (bearer ?? null))
		if (response.status === 401 && session && tokens.refresh) {
			await this.refresh()
			response = await this.raw(sent, tokens.access)
		}
		return this.read(response, endpoint, sent)
	}

	/**
	 * Refreshes at most once per incoming request, sharing the call with any
	 * other request that holds the same refresh token. When the API rejects
	 * the refresh, or its answer lacks a token, both token cookies are cleared
	 * and an `unauthenticated` error is thrown.
	 */
	refresh(): Promise<void> {
		this.refreshing ??= (async () => {
			const { tokens, refreshTokens } = this.options
			const refreshToken = tokens.refresh
			if (!refreshToken) {
				await tokens.clearTokens()
				throw new ApiError('unauthenticated', 'No refresh token', { status: 401 })
			}
			try {
				const pair = await refreshFlight.run(refreshToken, () => refreshTokens(refreshToken))
				await tokens.setTokens(pair)
			} catch (error) {
				// An outage (no answer, timeout, 5xx) says nothing about the tokens:
				// keep them and pass the error on. A rejection (4xx) or a pair
				// missing a token ends the session.
				if (error instanceof ApiError && ['network', 'timeout', 'canceled'].includes(error.kind)) throw error
				if (error instanceof ApiError && error.kind === 'bad_response' && (error.status ?? 0) >= 500) throw error
				await tokens.clearTokens()
				throw new ApiError('unauthenticated', 'Token refresh failed', { status: 401, cause: error })
			}
		})()
		return this.refreshing
	}

	/**
	 * One call over `fetch`, its body read in full within `timeoutMs` too; it
	 * stops when the incoming request's signal aborts (the browser went away).
	 */
	private async raw({ method, path, url: own, body, file, query }: Sent, bearer: string | null): Promise<Answer> {
		const { baseUrl, timeoutMs, signal, fetch: fetchApi = fetch } = this.options
		const url = new URL(own ?? baseUrl + path)
		for (const [key, value] of Object.entries(query ?? {})) {
			if (value !== undefined) url.searchParams.set(key, String(value))
		}
		const headers: Record<string, string> = { accept: 'application/json' }
		if (file) headers['content-type'] = file.contentType || 'application/octet-stream'
		else if (body !== undefined) headers['content-type'] = 'application/json'
		if (bearer) headers.authorization = `Bearer ${bearer}`
		const { origin, credential = getConfig().API_CLIENT_CREDENTIAL } = this.options
		if (!own) headers[clientOriginHeaders.credential] = credential
		if (origin?.ip) headers[clientOriginHeaders.ip] = origin.ip
		if (origin?.userAgent) headers[clientOriginHeaders.userAgent] = origin.userAgent
		const timeout = AbortSignal.timeout(timeoutMs)
		try {
			const response = await fetchApi(url, {
				method,
				headers,
				body: file ? file.bytes : body === undefined ? undefined : JSON.stringify(body),
				signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
				redirect: 'manual',
			})
			return { status: response.status, ok: response.ok, headers: response.headers, text: await response.text() }
		} catch (error) {
			if (signal?.aborted) throw new ApiError('canceled', `${method} ${path} canceled`, { cause: error })
			if (timeout.aborted)
				throw new ApiError('timeout', `${method} ${path} timed out after ${timeoutMs} ms`, { cause: error })
			throw new ApiError('network', `${method} ${path} failed: no answer`, { cause: error })
		}
	}

	/**
	 * Checks the answer against the contract's schema for its status. A
	 * success answers its parsed body; a success status the contract does not
	 * list, or any body that does not match its schema, is a `bad_response`;
	 * other failures are thrown by status, with the body as the API sent it.
	 */
	private read(response: Answer, endpoint: Endpoint, { method, path }: Sent): unknown {
		const { status, text } = response
		let json: unknown = undefined
		if (text) {
			try {
				json = JSON.parse(text)
			} catch {
				throw new ApiError('bad_response', `${method} ${path}: body is not JSON`, { status })
			}
		}
		const where = `${method} ${path} → ${status}`
		const schema = responseSchema(endpoint, status)
		if (response.ok && schema === undefined) {
			throw new ApiError('bad_response', `${where}: status is not in the contract`, { status })
		}
		const parsed = schema?.safeParse(json)
		if (parsed && !parsed.success) {
			throw new ApiError('bad_response', `${where}: body does not match the contract`, {
				status,
				body: response.ok ? undefined : json,
				cause: parsed.error,
			})
		}
		if (response.ok) return parsed?.data
		const retryAfter = Number(response.headers.get('retry-after'))
		const options = {
			status,
			body: json,
			retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
		}
		if (status === 401) throw new ApiError('unauthenticated', where, options)
		if (status >= 500) throw new ApiError('bad_response', where, options)
		throw new ApiError('bad_request', where, options)
	}
}
