import { describe, expect, test } from 'vitest'
import { ApiClient } from './client.server'
import { allPages } from './pagination.server'

describe('allPages', () => {
	test('follows next_cursor with a page size of 100 and merges the data', async () => {
		const seen: URL[] = []
		const verification = (id: string) => ({
			id,
			type: 'email',
			value: `${id}@example.com`,
			status: 'verified',
			verified_at: '2026-01-01T00:00:00Z',
			resend_available_at: null,
			resend_available_in_seconds: 0,
		})
		const pages: Record<string, { data: unknown[]; meta: { next_cursor: string | null } }> = {
			'': { data: [verification('1'), verification('2')], meta: { next_cursor: 'c2' } },
			c2: { data: [verification('3')], meta: { next_cursor: 'c3' } },
			c3: { data: [verification('4')], meta: { next_cursor: null } },
		}
		const fetchImpl = (async (input: URL | RequestInfo) => {
			const url = new URL(String(input))
			seen.push(url)
			expect(url.pathname).toBe('/user-verifications')
			return Response.json(pages[url.searchParams.get('cursor') ?? ''])
		}) as typeof fetch
		const client = new ApiClient({
			baseUrl: 'http://api.test',
			timeoutMs: 1000,
			fetch: fetchImpl,
			tokens: { access: 'a', refresh: 'r', setTokens: async () => {}, clearTokens: async () => {} },
			refreshTokens: async () => ({ access: 'a', refresh: 'r' }),
		})
		const items = await allPages(client, 'listUserVerifications')
		expect(items.map((i) => i.id)).toEqual(['1', '2', '3', '4'])
		expect(seen.map((u) => u.searchParams.get('per_page'))).toEqual(['100', '100', '100'])
		expect(seen.map((u) => u.searchParams.get('cursor'))).toEqual([null, 'c2', 'c3'])
	})
})
