import type { z } from 'zod'
import { getConfig } from '#app/config.server'
import { clientOriginHeaders } from './contract/activity'
import { endpoints, fillPath, responseSchema, type Endpoint, type EndpointName } from './contract/endpoints'
import { ApiError } from './errors'
import { createSingleFlight } from './single-flight.server'

export type TokenPair = { access: string; refresh: string }

export interface TokenStore {
	access: string | null
	refresh: string | null
	setTokens(pair: TokenPair): Promise<void>
	clearTokens(): Promise<void>
}

type EndpointOf<N extends EndpointName> = (typeof endpoints)[N]

type PathParams<P extends string> = P extends `${string}{${infer K}}${infer Rest}` ? K | PathParams<Rest> : never

export type RawFile = { bytes: Uint8Array<ArrayBuffer> | Blob; contentType: string }

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

export type CallOutput<E extends Endpoint> = {
	[S in Successes<E>]: E['responses'][S] extends z.ZodType ? z.output<E['responses'][S]> : undefined
}[Successes<E>]

type CallArgs<E extends Endpoint> = object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>]

export type ClientOptions = {
	baseUrl: string
	timeoutMs: number
	// A browser that leaves cancels its API calls.
	signal?: AbortSignal
	tokens: TokenStore
	refreshTokens: (refreshToken: string) => Promise<TokenPair>
	fetch?: typeof fetch
	// The temporary upload storage (`UPLOAD_TMP_URL`) has an address of its own.
	urls?: Partial<Record<EndpointName, string>>
	// Sent as `clientOriginHeaders` so the activity log says where a change came from.
	origin?: { ip: string | null; userAgent: string | null; device?: string | null }
	// Only a caller with the portal's credential may set the origin; never sent to an address of its own.
	credential?: string
}

export const refreshFlight = createSingleFlight<TokenPair>()

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
	url?: string
	body: unknown
	file?: RawFile
	query: Record<string, unknown> | undefined
}

/** The partner API client of one incoming request; failures are typed `ApiError`s. */
export class ApiClient {
	private refreshing: Promise<void> | null = null

	constructor(private readonly options: ClientOptions) {}

	get tokens() {
		return this.options.tokens
	}

	/** A given `bearer` is never refreshed; the session's token is, once, on a 401. */
	async call<N extends EndpointName>(name: N, ...[input]: CallArgs<EndpointOf<N>>): Promise<CallOutput<EndpointOf<N>>> {
		const untyped: UntypedInput | undefined = input
		return (await this.send(name, untyped ?? {})) as CallOutput<EndpointOf<N>>
	}

	async send(name: EndpointName, { body, file, params, query, bearer }: UntypedInput): Promise<unknown> {
		const endpoint: Endpoint = endpoints[name]
		// A `.` or `..` id would be resolved away as a dot segment (even encoded) and reach another path.
		if (Object.values(params ?? {}).some((value) => /^(\.|%2e){1,2}$/i.test(value))) {
			throw new ApiError('bad_request', `${endpoint.method} ${endpoint.path}: no such resource`, {
				status: 404,
				body: { message: 'Not found.' },
			})
		}
		if ((file !== undefined) !== (endpoint.rawRequest !== undefined))
			throw new Error(`${name}: ${endpoint.rawRequest ? 'a file is required' : 'takes no file'}`)
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

	/** Once per incoming request, shared with any other holding the same refresh token (decision 0005). */
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
				// An outage says nothing about the tokens: keep them. A rejection or an incomplete pair ends the session.
				if (error instanceof ApiError && ['network', 'timeout', 'canceled'].includes(error.kind)) throw error
				if (error instanceof ApiError && error.kind === 'bad_response' && (error.status ?? 0) >= 500) throw error
				await tokens.clearTokens()
				throw new ApiError('unauthenticated', 'Token refresh failed', { status: 401, cause: error })
			}
		})()
		return this.refreshing
	}

	/** The body is read within `timeoutMs` too. */
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
		if (origin?.device && !own) headers[clientOriginHeaders.device] = origin.device
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

	/** A body or success status the contract does not list is a `bad_response`. */
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
		if (response.ok && schema === undefined)
			throw new ApiError('bad_response', `${where}: status is not in the contract`, { status })
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
