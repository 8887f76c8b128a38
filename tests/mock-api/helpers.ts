/**
 * Test helpers for the mock API's own tests: a started mock, calls by
 * endpoint name that check every answer against the contract, and the hooks.
 */
import { afterAll, beforeAll, beforeEach, expect } from 'vitest'
import {
	endpoints,
	fillPath,
	pickTokenPair,
	responseSchema,
	tokenPairResponse,
	type Endpoint,
	type EndpointName,
} from '../../app/api/contract/index'
import { startMockApi, type MockApi, type MockApiOptions } from './server'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read bodies of every shape
export type Res = { status: number; headers: Headers; body: any }

export const PORTAL_URL = 'http://portal.test'
export const CONTACT_EMAIL = 'partners@example.com'
export const PASSWORD = 'Correct-Horse-42!'

export async function startTestApi(options: MockApiOptions = {}): Promise<MockApi> {
	return startMockApi({
		host: '127.0.0.1',
		port: 0,
		portalUrl: PORTAL_URL,
		contactEmail: CONTACT_EMAIL,
		quiet: true,
		scryptCost: 1024,
		...options,
	})
}

export function client(api: () => MockApi) {
	async function send(
		method: string,
		path: string,
		{ body, bearer }: { body?: unknown; bearer?: string } = {},
	): Promise<Res> {
		const headers: Record<string, string> = { accept: 'application/json' }
		if (body !== undefined) headers['content-type'] = 'application/json'
		if (bearer) headers.authorization = `Bearer ${bearer}`
		const response = await fetch(api().url + path, {
			method,
			headers,
			body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
		})
		const text = await response.text()
		return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined }
	}

	/** Calls an endpoint of the contract; fails the test unless the answer matches the contract. */
	async function call(
		name: EndpointName,
		{
			params = {},
			query,
			body,
			bearer,
		}: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown; bearer?: string } = {},
	): Promise<Res> {
		const endpoint: Endpoint = endpoints[name]
		let path = fillPath(endpoint.path, params)
		if (query) path += `?${new URLSearchParams(query)}`
		const res = await send(endpoint.method, path, { body, bearer })
		const schema = responseSchema(endpoint, res.status)
		expect(
			schema,
			`${name} answered ${res.status}, which the contract lacks: ${JSON.stringify(res.body)}`,
		).not.toBeUndefined()
		if (schema === null) expect(res.body).toBeUndefined()
		else {
			const parsed = schema!.safeParse(res.body)
			expect(parsed.success, `${name} ${res.status} breaks the contract: ${parsed.error?.message}`).toBe(true)
		}
		return res
	}

	// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as Res['body']
	async function hook(method: string, path: string, body?: unknown): Promise<any> {
		const res = await send(method, `/__mock${path}`, { body })
		expect(res.status, `${method} /__mock${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300)
		return res.body
	}

	const typeIds: Record<string, string> = {}
	/** The id of an authentication type or a user token type, by key (looked up once). */
	async function typeId(key: string): Promise<string> {
		if (!typeIds[key]) {
			for (const name of ['listAuthenticationTypes', 'listUserTokenTypes'] as const) {
				for (const item of (await call(name, { query: { per_page: '100' } })).body.data) typeIds[item.key] = item.id
			}
		}
		return typeIds[key]!
	}

	async function signInRaw(email: string, password: string) {
		return call('createAuthenticationToken', { params: { id: await typeId('password') }, body: { email, password } })
	}

	/** Signs in (password step only) and returns the pair; fails unless 201. */
	async function signIn(email: string, password = PASSWORD) {
		const res = await signInRaw(email, password)
		expect(res.status, JSON.stringify(res.body)).toBe(201)
		const body = tokenPairResponse.parse(res.body)
		return { ...pickTokenPair(body.data)!, meta: body.meta, data: body.data }
	}

	async function createUser(input: Record<string, unknown>) {
		const body = await hook('POST', '/users', { password: PASSWORD, ...input })
		return body.data as { user: { id: string; email: string }; totp_secret: string | null }
	}

	async function now(): Promise<number> {
		return Date.parse((await hook('GET', '/clock')).now)
	}

	async function advance(seconds: number) {
		await hook('POST', '/clock', { advance_seconds: seconds })
	}

	async function emails(
		to?: string,
	): Promise<Array<{ to: string; subject: string; text: string; codes: string[]; links: string[]; sent_at: string }>> {
		return (await hook('GET', `/emails${to ? `?to=${encodeURIComponent(to)}` : ''}`)).data
	}

	async function lastEmail(to: string) {
		const all = await emails(to)
		expect(all.length, `no email to ${to}`).toBeGreaterThan(0)
		return all.at(-1)!
	}

	return { send, call, hook, typeId, signIn, signInRaw, createUser, now, advance, emails, lastEmail }
}

let counter = 0
export function uniqueEmail(prefix = 'partner') {
	counter += 1
	return `${prefix}-${counter}-${Date.now().toString(36)}@example.test`
}

/**
 * One mock API for a test file, reset to the seed before each test; returns
 * the hook-aware client. Call at the top level of a test file.
 */
export function useTestApi(options: MockApiOptions = {}) {
	let api: MockApi
	const c = client(() => api)
	beforeAll(async () => {
		api = await startTestApi(options)
	})
	afterAll(() => api.close())
	beforeEach(() => c.hook('POST', '/reset'))
	return c
}
