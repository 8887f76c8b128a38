import { describe, expect, test, vi } from 'vitest'
import { getConfig } from '#app/config.server'
import { ApiClient, type TokenPair, type TokenStore } from './client.server'
import type { User } from './contract/index'
import { ApiError } from './errors'

const user: User = {
	id: 'u1',
	first_name: 'Ada',
	last_name: 'Lovelace',
	email: 'ada@example.com',
	pending_email: null,
	email_verified_at: '2026-01-01T00:00:00Z',
	company_name: 'Analytical Engines',
	country: 'GB',
	locale: 'en-GB',
	user_type: { key: 'partner' },
	created_at: '2026-01-01T00:00:00Z',
	recovery_codes: null,
}

function store(access: string | null, refresh: string | null) {
	const s: TokenStore & { sets: TokenPair[]; cleared: number } = {
		access,
		refresh,
		sets: [],
		cleared: 0,
		async setTokens(pair) {
			s.access = pair.access
			s.refresh = pair.refresh
			s.sets.push(pair)
		},
		async clearTokens() {
			s.access = null
			s.refresh = null
			s.cleared += 1
		},
	}
	return s
}

/** A fake API: /users/me answers 200 for `valid` access tokens, 401 otherwise. */
function fakeApi(valid: Set<string>, { delayMs = 0 } = {}) {
	const calls: Array<{ path: string; auth: string | null }> = []
	const fetchImpl = vi.fn(async (input: URL | RequestInfo, init?: RequestInit) => {
		const url = new URL(String(input))
		const auth = new Headers(init?.headers).get('authorization')
		calls.push({ path: url.pathname, auth })
		if (delayMs) await new Promise((r) => setTimeout(r, delayMs))
		if (url.pathname === '/users/me') {
			const token = auth?.replace('Bearer ', '') ?? ''
			return valid.has(token)
				? Response.json({ data: user })
				: Response.json({ message: 'Unauthenticated.' }, { status: 401 })
		}
		return Response.json({ message: 'Not found.' }, { status: 404 })
	}) as unknown as typeof fetch
	return { fetchImpl, calls }
}

function client(
	tokens: TokenStore,
	fetchImpl: typeof fetch,
	refreshTokens: (t: string) => Promise<TokenPair>,
	signal?: AbortSignal,
) {
	return new ApiClient({
		baseUrl: 'http://api.test',
		timeoutMs: 1_000,
		tokens,
		fetch: fetchImpl,
		refreshTokens,
		signal,
	})
}

let seq = 0
const unique = (name: string) => `${name}-${++seq}-${Math.random()}`

describe('ApiClient', () => {
	test('sends the access token as a bearer and validates the body', async () => {
		const access = unique('access')
		const { fetchImpl, calls } = fakeApi(new Set([access]))
		const result = await client(store(access, unique('refresh')), fetchImpl, vi.fn()).call('getCurrentUser')
		expect(result.data.id).toBe('u1')
		expect(calls[0]!.auth).toBe(`Bearer ${access}`)
	})

	test("forwards the browser's address and User-Agent with the portal's credential (API_CLIENT_CREDENTIAL)", async () => {
		const access = unique('access')
		const { fetchImpl } = fakeApi(new Set([access]))
		const api = new ApiClient({
			baseUrl: 'http://api.test',
			timeoutMs: 1_000,
			tokens: store(access, unique('refresh')),
			fetch: fetchImpl,
			refreshTokens: vi.fn(),
			origin: { ip: '203.0.113.9', userAgent: 'Mozilla/5.0 Firefox/140.0', device: 'd'.repeat(43) },
		})
		await api.call('getCurrentUser')
		const headers = new Headers(vi.mocked(fetchImpl).mock.calls[0]![1]?.headers)
		expect(headers.get('partner-client-ip')).toBe('203.0.113.9')
		expect(headers.get('partner-client-user-agent')).toBe('Mozilla/5.0 Firefox/140.0')
		expect(headers.get('partner-client-device')).toBe('d'.repeat(43))
		expect(headers.get('partner-client-credential')).toBe(getConfig().API_CLIENT_CREDENTIAL)
		await client(store(access, unique('refresh')), fetchImpl, vi.fn()).call('getCurrentUser')
		expect(new Headers(vi.mocked(fetchImpl).mock.calls[1]![1]?.headers).get('partner-client-credential')).toBeTruthy()
	})

	test('on a 401 it refreshes once, replays the call and stores the new pair', async () => {
		const fresh = { access: unique('new-access'), refresh: unique('new-refresh') }
		const { fetchImpl, calls } = fakeApi(new Set([fresh.access]))
		const tokens = store(unique('expired'), unique('refresh'))
		const refresh = vi.fn(async () => fresh)
		const result = await client(tokens, fetchImpl, refresh).call('getCurrentUser')
		expect(result.data.id).toBe('u1')
		expect(refresh).toHaveBeenCalledTimes(1)
		expect(tokens.sets).toEqual([fresh])
		expect(calls.map((c) => c.auth)).toEqual([expect.stringContaining('expired'), `Bearer ${fresh.access}`])
	})

	test('parallel loaders of one request share one refresh', async () => {
		const fresh = { access: unique('a'), refresh: unique('r') }
		const { fetchImpl } = fakeApi(new Set([fresh.access]), { delayMs: 5 })
		const refresh = vi.fn(async () => fresh)
		const c = client(store(unique('expired'), unique('refresh')), fetchImpl, refresh)
		await Promise.all([1, 2, 3, 4].map(() => c.call('getCurrentUser')))
		expect(refresh).toHaveBeenCalledTimes(1)
	})

	test('N concurrent requests from one browser (same refresh token) make exactly one refresh call', async () => {
		const fresh = { access: unique('a'), refresh: unique('r') }
		const { fetchImpl } = fakeApi(new Set([fresh.access]), { delayMs: 5 })
		const refreshToken = unique('shared-refresh')
		const refresh = vi.fn(async () => {
			await new Promise((r) => setTimeout(r, 20))
			return fresh
		})
		const requests = Array.from({ length: 10 }, () => store(unique('expired'), refreshToken))
		const results = await Promise.all(requests.map((t) => client(t, fetchImpl, refresh).call('getCurrentUser')))
		expect(results).toHaveLength(10)
		expect(refresh).toHaveBeenCalledTimes(1)
		for (const t of requests) expect(t.sets).toEqual([fresh])
	})

	test('a request arriving just after the refresh settled reuses its result', async () => {
		const fresh = { access: unique('a'), refresh: unique('r') }
		const { fetchImpl } = fakeApi(new Set([fresh.access]))
		const refreshToken = unique('shared-refresh')
		const refresh = vi.fn(async () => fresh)
		await client(store(unique('x'), refreshToken), fetchImpl, refresh).call('getCurrentUser')
		await client(store(unique('y'), refreshToken), fetchImpl, refresh).call('getCurrentUser')
		expect(refresh).toHaveBeenCalledTimes(1)
	})

	test('with no access cookie but a refresh cookie it refreshes first', async () => {
		const fresh = { access: unique('a'), refresh: unique('r') }
		const { fetchImpl, calls } = fakeApi(new Set([fresh.access]))
		const refresh = vi.fn(async () => fresh)
		await client(store(null, unique('refresh')), fetchImpl, refresh).call('getCurrentUser')
		expect(refresh).toHaveBeenCalledTimes(1)
		expect(calls).toHaveLength(1)
	})

	test('a rejected refresh clears both tokens and passes on unauthenticated', async () => {
		const { fetchImpl } = fakeApi(new Set())
		const tokens = store(unique('expired'), unique('refresh'))
		const refresh = vi.fn(async () => {
			throw new ApiError('unauthenticated', 'refresh rejected', { status: 401 })
		})
		await expect(client(tokens, fetchImpl, refresh).call('getCurrentUser')).rejects.toMatchObject({
			kind: 'unauthenticated',
		})
		expect(tokens.cleared).toBe(1)
		expect(tokens.access).toBeNull()
		expect(tokens.refresh).toBeNull()
	})

	test('a refresh answer lacking a token ends the session', async () => {
		const { fetchImpl } = fakeApi(new Set())
		const tokens = store(unique('expired'), unique('refresh'))
		const refresh = vi.fn(async () => {
			throw new ApiError('bad_response', 'refresh response lacks the refresh token', { status: 201 })
		})
		await expect(client(tokens, fetchImpl, refresh).call('getCurrentUser')).rejects.toMatchObject({
			kind: 'unauthenticated',
		})
		expect(tokens.cleared).toBe(1)
	})

	test('an outage during refresh keeps the tokens and passes the error on', async () => {
		const { fetchImpl } = fakeApi(new Set())
		const tokens = store(unique('expired'), unique('refresh'))
		const refresh = vi.fn(async () => {
			throw new ApiError('network', 'no answer')
		})
		await expect(client(tokens, fetchImpl, refresh).call('getCurrentUser')).rejects.toMatchObject({
			kind: 'network',
		})
		expect(tokens.cleared).toBe(0)
		expect(tokens.refresh).not.toBeNull()
	})

	test('a 401 replayed after refresh is not refreshed again', async () => {
		const { fetchImpl, calls } = fakeApi(new Set())
		const refresh = vi.fn(async () => ({ access: unique('still-bad'), refresh: unique('r') }))
		await expect(
			client(store(unique('expired'), unique('refresh')), fetchImpl, refresh).call('getCurrentUser'),
		).rejects.toMatchObject({ kind: 'unauthenticated', status: 401 })
		expect(refresh).toHaveBeenCalledTimes(1)
		expect(calls).toHaveLength(2)
	})
})

describe('ApiClient calls by endpoint name', () => {
	function recording(response: () => Response) {
		const sent: Array<{ url: URL; method: string; auth: string | null; body: unknown }> = []
		const fetchImpl = (async (input: URL | RequestInfo, init?: RequestInit) => {
			sent.push({
				url: new URL(String(input)),
				method: init?.method ?? 'GET',
				auth: new Headers(init?.headers).get('authorization'),
				body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
			})
			return response()
		}) as typeof fetch
		return { fetchImpl, sent }
	}
	const verification = {
		id: 'v 1',
		type: 'email',
		value: 'ada@example.com',
		status: 'pending',
		verified_at: null,
		resend_available_at: null,
		resend_available_in_seconds: 0,
	}

	test('method and path come from the table, with path params filled in and encoded', async () => {
		const { fetchImpl, sent } = recording(() => Response.json({ data: verification }, { status: 202 }))
		const result = await client(store('a', 'r'), fetchImpl, vi.fn()).call('resendUserVerification', {
			params: { id: 'v 1' },
		})
		expect(result.data.id).toBe('v 1')
		expect(sent[0]).toMatchObject({ method: 'POST', auth: 'Bearer a', body: undefined })
		expect(sent[0]!.url.pathname).toBe('/user-verifications/v%201/token')
	})

	test('a dot-segment id never leaves its place in the path: it is a 404 without a call', async () => {
		const { fetchImpl, sent } = recording(() => Response.json({ data: verification }, { status: 202 }))
		for (const id of ['..', '.', '%2e%2E', '.%2E']) {
			await expect(
				client(store('a', 'r'), fetchImpl, vi.fn()).call('resendUserVerification', { params: { id } }),
			).rejects.toMatchObject({ kind: 'bad_request', status: 404 })
		}
		expect(sent).toEqual([])
		await client(store('a', 'r'), fetchImpl, vi.fn()).call('resendUserVerification', { params: { id: '...' } })
		expect(sent[0]!.url.pathname).toBe('/user-verifications/.../token')
	})

	test('sends the JSON body and the query', async () => {
		const { fetchImpl, sent } = recording(() => Response.json({ data: [], meta: { next_cursor: null } }))
		await client(store('a', 'r'), fetchImpl, vi.fn()).call('listUserVerifications', {
			query: { per_page: 100, cursor: undefined },
		})
		expect(sent[0]!.url.search).toBe('?per_page=100')
		const { fetchImpl: post, sent: posted } = recording(() => Response.json({ data: { id: 'm1' } }, { status: 202 }))
		await client(store('a', 'r'), post, vi.fn()).call('createContactMessage', {
			body: { subject: 'Hi', message: 'Hello' },
		})
		expect(posted[0]).toMatchObject({ method: 'POST', body: { subject: 'Hi', message: 'Hello' } })
	})

	test('public endpoints send no bearer, even with a session', async () => {
		const { fetchImpl, sent } = recording(() => Response.json({ message: 'Sent.' }, { status: 202 }))
		await client(store('a', 'r'), fetchImpl, vi.fn()).call('requestPasswordReset', {
			body: { email: 'ada@example.com' },
		})
		expect(sent[0]!.auth).toBeNull()
	})

	test('a given bearer replaces the session token and is never refreshed', async () => {
		const { fetchImpl, sent } = recording(() => Response.json({ message: 'Unauthenticated.' }, { status: 401 }))
		const refresh = vi.fn()
		await expect(
			client(store('a', 'r'), fetchImpl, refresh).call('deleteCurrentAuthenticationToken', { bearer: 'restricted' }),
		).rejects.toMatchObject({ kind: 'unauthenticated' })
		expect(sent.map((s) => s.auth)).toEqual(['Bearer restricted'])
		expect(refresh).not.toHaveBeenCalled()
	})

	describe('raw file bodies', () => {
		const upload = {
			id: 'up1',
			kind: 'tmp',
			size: 4,
			content_type: 'image/png',
			created_at: '2026-01-01T00:00:00Z',
			expires_at: '2026-01-02T00:00:00Z',
		}
		function capturing(status = 201) {
			const requests: Array<{ url: string; headers: Headers; body: BodyInit | null | undefined }> = []
			const fetchImpl = (async (input: URL | RequestInfo, init?: RequestInit) => {
				requests.push({ url: String(input), headers: new Headers(init?.headers), body: init?.body })
				return status === 401
					? Response.json({ message: 'Unauthenticated.' }, { status })
					: Response.json({ data: upload }, { status })
			}) as typeof fetch
			return { fetchImpl, requests }
		}
		const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47])

		test('an endpoint with a rawRequest sends the bytes as they are, with their content type', async () => {
			const { fetchImpl, requests } = capturing()
			const result = await client(store('a', 'r'), fetchImpl, vi.fn()).call('uploadTmpFile', {
				file: { bytes, contentType: 'image/png' },
			})
			expect(result.data.id).toBe('up1')
			expect(requests[0]!.url).toBe('http://api.test/uploads/tmp')
			expect(requests[0]!.body).toBe(bytes)
			expect(requests[0]!.headers.get('content-type')).toBe('image/png')
			expect(requests[0]!.headers.get('authorization')).toBe('Bearer a')
			expect(requests[0]!.headers.get('accept')).toBe('application/json')
		})

		test('no content type given is application/octet-stream', async () => {
			const { fetchImpl, requests } = capturing()
			await client(store('a', 'r'), fetchImpl, vi.fn()).call('uploadTmpFile', { file: { bytes, contentType: '' } })
			expect(requests[0]!.headers.get('content-type')).toBe('application/octet-stream')
		})

		test('an endpoint with its own address is sent there (UPLOAD_TMP_URL)', async () => {
			const { fetchImpl, requests } = capturing()
			const api = new ApiClient({
				baseUrl: 'http://api.test',
				timeoutMs: 1_000,
				tokens: store('a', 'r'),
				fetch: fetchImpl,
				refreshTokens: vi.fn(),
				urls: { uploadTmpFile: 'http://storage.test/tmp' },
				credential: 'c'.repeat(40),
			})
			await api.call('uploadTmpFile', { file: { bytes, contentType: 'image/png' } })
			expect(requests[0]!.url).toBe('http://storage.test/tmp')
			// The portal's credential goes to the API alone.
			expect(requests[0]!.headers.get('partner-client-credential')).toBeNull()
		})

		test('after a 401 the same bytes are sent again with the new token', async () => {
			let calls = 0
			const requests: Array<{ auth: string | null; body: unknown }> = []
			const fetchImpl = (async (_input: URL | RequestInfo, init?: RequestInit) => {
				const headers = new Headers(init?.headers)
				requests.push({ auth: headers.get('authorization'), body: init?.body })
				return ++calls === 1
					? Response.json({ message: 'Unauthenticated.' }, { status: 401 })
					: Response.json({ data: upload }, { status: 201 })
			}) as typeof fetch
			const refresh = vi.fn(async () => ({ access: 'a2', refresh: unique('r2') }))
			await client(store('a', unique('r')), fetchImpl, refresh).call('uploadTmpFile', {
				file: { bytes, contentType: 'image/png' },
			})
			expect(requests).toEqual([
				{ auth: 'Bearer a', body: bytes },
				{ auth: 'Bearer a2', body: bytes },
			])
		})

		test('a file for a JSON endpoint, or none for a raw one, is a programming error', async () => {
			const { fetchImpl, requests } = capturing()
			const api = client(store('a', 'r'), fetchImpl, vi.fn())
			await expect(api.send('uploadTmpFile', {})).rejects.toThrow('a file is required')
			await expect(api.send('getService', { params: { id: 's1' }, file: { bytes, contentType: 'x' } })).rejects.toThrow(
				'takes no file',
			)
			expect(requests).toHaveLength(0)
		})
	})

	test('a 204 answers undefined', async () => {
		const { fetchImpl } = recording(() => new Response(null, { status: 204 }))
		await expect(
			client(store('a', 'r'), fetchImpl, vi.fn()).call('deleteCurrentAuthenticationToken'),
		).resolves.toBeUndefined()
	})
})

describe('ApiClient error kinds', () => {
	const tokens = () => store('a', 'r')
	const respond = (response: Response | (() => never)) =>
		(async () => (typeof response === 'function' ? response() : response)) as unknown as typeof fetch
	const contact = { body: { subject: 'Hi', message: 'Hello' } }

	test('422 is a bad request with field errors', async () => {
		const fetchImpl = respond(
			Response.json(
				{ message: 'This field is required.', errors: { email: ['This field is required.'] } },
				{ status: 422 },
			),
		)
		const error = await client(tokens(), fetchImpl, vi.fn())
			.call('createContactMessage', contact)
			.catch((e: unknown) => e)
		expect(error).toBeInstanceOf(ApiError)
		expect(error).toMatchObject({
			kind: 'bad_request',
			status: 422,
			fieldErrors: { email: ['This field is required.'] },
		})
	})

	test('429 carries Retry-After', async () => {
		const fetchImpl = respond(
			Response.json(
				{ message: 'Too Many Attempts.', code: 'resend_too_soon', retry_after_seconds: 41 },
				{ status: 429, headers: { 'retry-after': '42' } },
			),
		)
		await expect(
			client(tokens(), fetchImpl, vi.fn()).call('resendUserVerification', { params: { id: 'v1' } }),
		).rejects.toMatchObject({
			kind: 'bad_request',
			status: 429,
			code: 'resend_too_soon',
			retryAfterSeconds: 42,
		})
	})

	test('5xx is a bad response', async () => {
		const fetchImpl = respond(Response.json({ message: 'Server Error.' }, { status: 503 }))
		await expect(client(tokens(), fetchImpl, vi.fn()).call('getCurrentUser')).rejects.toMatchObject({
			kind: 'bad_response',
			status: 503,
		})
	})

	test('a body that breaks the contract is a bad response', async () => {
		const fetchImpl = respond(Response.json({ data: { id: 42 } }))
		await expect(client(tokens(), fetchImpl, vi.fn()).call('getCurrentUser')).rejects.toMatchObject({
			kind: 'bad_response',
		})
	})

	test('an error body that breaks the contract is a bad response too', async () => {
		const fetchImpl = respond(Response.json({ message: 'Too Many Attempts.' }, { status: 429 }))
		await expect(
			client(tokens(), fetchImpl, vi.fn()).call('resendUserVerification', { params: { id: 'v1' } }),
		).rejects.toMatchObject({ kind: 'bad_response', status: 429 })
	})

	test('a success status the contract does not list is a bad response', async () => {
		const fetchImpl = respond(Response.json({ data: user }, { status: 201 }))
		await expect(client(tokens(), fetchImpl, vi.fn()).call('getCurrentUser')).rejects.toMatchObject({
			kind: 'bad_response',
			status: 201,
		})
	})

	test('no answer is a network error', async () => {
		const fetchImpl = respond(() => {
			throw new TypeError('fetch failed')
		})
		await expect(client(tokens(), fetchImpl, vi.fn()).call('getCurrentUser')).rejects.toMatchObject({
			kind: 'network',
		})
	})

	test('a slow answer is a timeout', async () => {
		const fetchImpl = ((_: unknown, init?: RequestInit) =>
			new Promise((_resolve, reject) => {
				init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
			})) as unknown as typeof fetch
		const c = new ApiClient({
			baseUrl: 'http://api.test',
			timeoutMs: 20,
			tokens: tokens(),
			fetch: fetchImpl,
			refreshTokens: vi.fn(),
		})
		await expect(c.call('getCurrentUser')).rejects.toMatchObject({ kind: 'timeout' })
	})

	test('a browser that goes away cancels the call', async () => {
		const controller = new AbortController()
		const fetchImpl = ((_: unknown, init?: RequestInit) =>
			new Promise((_resolve, reject) => {
				init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
			})) as unknown as typeof fetch
		const pending = client(tokens(), fetchImpl, vi.fn(), controller.signal).call('getCurrentUser')
		controller.abort()
		await expect(pending).rejects.toMatchObject({ kind: 'canceled' })
	})
})
