import { describe, expect, test, vi } from 'vitest'
import { ApiClient } from './client.server'
import { aService } from '#tests/setup/service-fixture'
import { uploadServiceLogo } from './service-logos.server'

const service = aService({
	logo: { url: 'http://storage.test/service-logos/l1.png', content_type: 'image/png', width: 200, height: 200 },
	version: 2,
})

const upload = {
	id: 'up 1',
	kind: 'tmp',
	size: 4,
	content_type: 'image/png',
	created_at: '2026-01-01T00:00:00Z',
	expires_at: '2026-01-02T00:00:00Z',
}

function fakeApi(answers: Record<string, () => Response>) {
	const sent: Array<{ request: string; type: string | null; body: unknown }> = []
	const fetchImpl = (async (input: URL | RequestInfo, init?: RequestInit) => {
		const url = new URL(String(input))
		const request = `${init?.method} ${url.origin}${url.pathname}`
		const type = new Headers(init?.headers).get('content-type')
		sent.push({ request, type, body: type === 'application/json' ? JSON.parse(String(init?.body)) : init?.body })
		const answer = answers[request]
		return answer ? answer() : Response.json({ message: 'Not found.' }, { status: 404 })
	}) as typeof fetch
	const api = new ApiClient({
		baseUrl: 'http://api.test',
		timeoutMs: 1_000,
		tokens: { access: 'a', refresh: 'r', setTokens: vi.fn(), clearTokens: vi.fn() },
		refreshTokens: vi.fn(),
		fetch: fetchImpl,
		urls: { uploadTmpFile: 'http://storage.test/tmp' },
	})
	return { api, sent }
}

describe('service logos', () => {
	test('upload: the bytes go to the temporary storage, then that upload is attached to the service', async () => {
		const { api, sent } = fakeApi({
			'POST http://storage.test/tmp': () => Response.json({ data: upload }, { status: 201 }),
			'PUT http://api.test/services/s1/logo': () => Response.json({ data: service }),
		})
		const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47])
		expect(await uploadServiceLogo(api, 's1', { bytes, contentType: 'image/png' })).toEqual(service)
		expect(sent).toEqual([
			{ request: 'POST http://storage.test/tmp', type: 'image/png', body: bytes },
			{ request: 'PUT http://api.test/services/s1/logo', type: 'application/json', body: { upload_id: 'up 1' } },
		])
	})

	test('a refused upload is not attached: the 422 is passed on', async () => {
		const { api, sent } = fakeApi({
			'POST http://storage.test/tmp': () =>
				Response.json(
					{
						message: 'The file must not be greater than 10 MB.',
						errors: { file: ['The file must not be greater than 10 MB.'] },
					},
					{ status: 422 },
				),
		})
		await expect(
			uploadServiceLogo(api, 's1', { bytes: new Uint8Array([1]), contentType: 'image/png' }),
		).rejects.toMatchObject({
			kind: 'bad_request',
			fieldErrors: { file: ['The file must not be greater than 10 MB.'] },
		})
		expect(sent).toHaveLength(1)
	})
})
