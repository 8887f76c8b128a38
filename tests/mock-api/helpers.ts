/**
 * Test helpers for the mock API's own tests: a started mock, calls by
 * endpoint name that check every answer against the contract, and the hooks
 * (through the shared hooks client).
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
import { MockHooks, PASSWORD, type MockUserInput } from './hooks-client'
import { startMockApi, type MockApi, type MockApiOptions } from './server'

export { PASSWORD, uniqueEmail } from './hooks-client'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read bodies of every shape
export type Res = { status: number; headers: Headers; body: any }

export const PORTAL_URL = 'http://portal.test'
export const CONTACT_EMAIL = 'partners@example.com'

let serviceKeys = 0
/** A valid `createService` body (Acme Connect), with a fresh idempotency key; `fields` replace any of it. */
export const newServiceBody = (fields: Record<string, string> = {}) => ({
	name: 'Acme Connect',
	description: 'Links Acme accounts.',
	category: 'productivity',
	website_url: 'https://acme.example/',
	webhook_url: 'https://acme.example/webhooks',
	authorization_url: 'https://acme.example/connect',
	idempotency_key: `service-${++serviceKeys}`,
	...fields,
})

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
		{ body, bearer, headers: own }: { body?: unknown; bearer?: string; headers?: Record<string, string> } = {},
	): Promise<Res> {
		const headers: Record<string, string> = { accept: 'application/json', ...own }
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
			headers,
		}: {
			params?: Record<string, string>
			query?: Record<string, string>
			body?: unknown
			bearer?: string
			headers?: Record<string, string>
		} = {},
	): Promise<Res> {
		const endpoint: Endpoint = endpoints[name]
		let path = fillPath(endpoint.path, params)
		if (query) path += `?${new URLSearchParams(query)}`
		const res = await send(endpoint.method, path, { body, bearer, headers })
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

	async function signInRaw(email: string, password: string, headers?: Record<string, string>) {
		const params = { id: await typeId('password') }
		return call('createAuthenticationToken', { params, body: { email, password }, headers })
	}

	/** Signs in (password step only) and returns the pair; fails unless 201. `headers`: the browser's. */
	async function signIn(email: string, password = PASSWORD, headers?: Record<string, string>) {
		const res = await signInRaw(email, password, headers)
		expect(res.status, JSON.stringify(res.body)).toBe(201)
		const body = tokenPairResponse.parse(res.body)
		return { ...pickTokenPair(body.data)!, meta: body.meta, data: body.data }
	}

	/** Confirms the identity of `bearer`'s sign-in with the password (what secret changes need); fails unless 201. */
	async function confirmIdentity(bearer: string, password = PASSWORD) {
		const res = await call('confirmIdentity', { bearer, body: { password } })
		expect(res.status, JSON.stringify(res.body)).toBe(201)
	}

	const hooks = () => new MockHooks(api().url)

	/** A user made by the hook, with PASSWORD unless given. */
	function createUser(input: Omit<MockUserInput, 'password'> & { password?: string }) {
		return hooks().createUser({ password: PASSWORD, ...input })
	}

	return {
		send,
		call,
		typeId,
		signIn,
		signInRaw,
		createUser,
		confirmIdentity,
		/** The hooks client of this mock. */
		get mock() {
			return hooks()
		},
		now: async () => (await hooks().now()).getTime(),
		/**
		 * Runs `action` and answers what it answered with `stamp`: the mock clock's time while it ran as an email writes
		 * it (`toUTCString`, to the second), any second from before it to after it. The clock keeps running, so a
		 * second may turn between reading it and the request that stamps an email.
		 */
		async clockDuring<T>(action: () => Promise<T>): Promise<{ result: T; stamp: RegExp }> {
			const before = Math.floor((await hooks().now()).getTime() / 1000)
			const result = await action()
			const after = Math.floor((await hooks().now()).getTime() / 1000)
			const seconds = Array.from({ length: after - before + 1 }, (_, i) => new Date((before + i) * 1000).toUTCString())
			return { result, stamp: new RegExp(seconds.join('|')) }
		},
		advance: (seconds: number) => hooks().advanceClock(seconds),
		emails: (to?: string) => hooks().emails(to),
		lastEmail: (to: string) => hooks().lastEmail(to),
	}
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
	beforeEach(() => c.mock.reset())
	return c
}
