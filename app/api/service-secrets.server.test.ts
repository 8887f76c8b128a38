import { describe, expect, test, vi } from 'vitest'
import type { ApiClient } from './client.server'
import type { ServiceSecret } from './contract/index'
import { canRevoke, canRotate, liveServiceSecrets } from './service-secrets.server'

const secret = (id: string, created_at: string): ServiceSecret => ({
	id,
	hint: id.slice(-4),
	created_at,
	last_used_at: null,
})
const older = secret('secret-aaaa', '2026-11-23T09:00:00Z')
const newer = secret('secret-bbbb', '2026-11-23T10:00:00Z')

/** An API client whose `call` answers `answer` and records what it was asked. */
function fakeApi(answer: unknown) {
	const call = vi.fn(async () => answer)
	return { api: { call } as unknown as ApiClient, call }
}

describe('service secrets', () => {
	test('the live secrets are listed oldest first, whatever order the API answers', async () => {
		const { api, call } = fakeApi({ data: [newer, older], meta: { next_cursor: null } })
		expect(await liveServiceSecrets(api, 'svc')).toEqual([older, newer])
		expect(call).toHaveBeenCalledWith('listServiceSecrets', { params: { id: 'svc' } })
	})

	test('rotate while fewer than two are live; revoke while two are', () => {
		expect(canRotate([older])).toBe(true)
		expect(canRotate([older, newer])).toBe(false)
		expect(canRevoke([older])).toBe(false)
		expect(canRevoke([older, newer])).toBe(true)
	})
})
