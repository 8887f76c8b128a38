import { type z, type ZodType } from 'zod'
import { ApiError } from './errors'
import { createSingleFlight } from './single-flight.server'
import type { TokenPair } from '#app/auth/session.server'

/** Where a client reads and writes the browser's tokens (RequestSession in the app). */
export interface TokenStore {
	access: string | null
	refresh: string | null
	setTokens(pair: TokenPair): Promise<void>
	clearTokens(): Promise<void>
}

export type Auth =
	/** The signed-in user's access token, refreshed once on a 401. */
	| 'access'
	/** No Authorization header (public calls). */
	| 'none'
	/** A specific bearer token (the restricted pair during sign-in). No refresh. */
	| { bearer: string }

export type RequestOptions<S extends ZodType | undefined> = {
	schema?: S
	body?: unknown
	query?: Record<string, string | number | undefined>
	auth?: Auth
}

type Output<S> = S extends ZodType ? z.output<S> : undefined

export type ClientOptions = {
	baseUrl: string
	timeoutMs: number
	/** The incoming request's signal: a browser that leaves cancels its API calls. */
	signal?: AbortSignal
	tokens: TokenStore
	/** Performs the refresh call; shared process-wide by `refreshFlight`. */
	refreshTokens: (refreshToken: string) => Promise<TokenPair>
	fetch?: typeof fetch
}

/** One process-wide single flight: N concurrent requests, one refresh call. */
export const refreshFlight = createSingleFlight<TokenPair>()

/**
 * The partner API client of one incoming request. Every body is validated
 * against its contract schema; failures are `ApiError`s of a typed kind.
 */
export class ApiClient {
	private refreshing: Promise<void> | null = null

	constructor(private readonly options: ClientOptions) {}

	get tokens() {
		return this.options.tokens
	}

	async get<S extends ZodType>(path: string, options: RequestOptions<S> = {}) {
		return this.send('GET', path, options)
	}
	async post<S extends ZodType | undefined = undefined>(path: string, options: RequestOptions<S> = {}) {
		return this.send('POST', path, options)
	}
	async patch<S extends ZodType>(path: string, options: RequestOptions<S> = {}) {
		return this.send('PATCH', path, options)
	}
	async delete<S extends ZodType | undefined = undefined>(path: string, options: RequestOptions<S> = {}) {
		return this.send('DELETE', path, options)
	}

	async send<S extends ZodType | undefined>(
		method: string,
		path: string,
		{ schema, body, query, auth = 'access' }: RequestOptions<S>,
	): Promise<Output<S>> {
		const { tokens } = this.options
		if (auth === 'access' && !tokens.access && tokens.refresh) await this.refresh()
		let response = await this.raw(method, path, body, query, this.bearerFor(auth))
		if (response.status === 401 && auth === 'access' && tokens.refresh) {
			await response.body?.cancel()
			await this.refresh()
			response = await this.raw(method, path, body, query, this.bearerFor(auth))
		}
		return this.read(response, schema, method, path)
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

	private bearerFor(auth: Auth) {
		if (auth === 'none') return null
		if (auth === 'access') return this.options.tokens.access
		return auth.bearer
	}

	private async raw(
		method: string,
		path: string,
		body: unknown,
		query: RequestOptions<undefined>['query'],
		bearer: string | null,
	): Promise<Response> {
		const { baseUrl, timeoutMs, signal } = this.options
		const url = new URL(baseUrl + path)
		for (const [key, value] of Object.entries(query ?? {})) {
			if (value !== undefined) url.searchParams.set(key, String(value))
		}
		const headers: Record<string, string> = { accept: 'application/json' }
		if (body !== undefined) headers['content-type'] = 'application/json'
		if (bearer) headers.authorization = `Bearer ${bearer}`
		const timeout = AbortSignal.timeout(timeoutMs)
		try {
			return await (this.options.fetch ?? fetch)(url, {
				method,
				headers,
				body: body === undefined ? undefined : JSON.stringify(body),
				signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
				redirect: 'manual',
			})
		} catch (error) {
			if (signal?.aborted) throw new ApiError('canceled', `${method} ${path} canceled`, { cause: error })
			if (timeout.aborted)
				throw new ApiError('timeout', `${method} ${path} timed out after ${timeoutMs} ms`, { cause: error })
			throw new ApiError('network', `${method} ${path} failed: no answer`, { cause: error })
		}
	}

	private async read<S extends ZodType | undefined>(
		response: Response,
		schema: S | undefined,
		method: string,
		path: string,
	): Promise<Output<S>> {
		const text = await response.text()
		let json: unknown = undefined
		if (text) {
			try {
				json = JSON.parse(text)
			} catch {
				throw new ApiError('bad_response', `${method} ${path}: body is not JSON`, { status: response.status })
			}
		}
		const where = `${method} ${path} → ${response.status}`
		if (response.ok) {
			if (!schema) return undefined as Output<S>
			const parsed = schema.safeParse(json)
			if (!parsed.success) {
				throw new ApiError('bad_response', `${where}: body does not match the contract`, {
					status: response.status,
					cause: parsed.error,
				})
			}
			return parsed.data as Output<S>
		}
		const retryAfter = Number(response.headers.get('retry-after'))
		const options = {
			status: response.status,
			body: json,
			retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
		}
		if (response.status === 401) throw new ApiError('unauthenticated', where, options)
		if (response.status >= 500) throw new ApiError('bad_response', where, options)
		throw new ApiError('bad_request', where, options)
	}
}
