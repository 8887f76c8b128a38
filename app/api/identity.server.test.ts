import { describe, expect, test, vi } from 'vitest'
import type { ApiClient } from './client.server'
import { ApiError } from './errors'
import { confirmIdentity, identityConfirmation, needsIdentityConfirmation } from './identity.server'

const confirmed = {
	confirmed: true,
	expires_at: '2026-11-25T18:05:00Z',
	expires_in_seconds: 300,
	methods: ['password'],
}

function fakeApi(answer: unknown) {
	const call = vi.fn(async () => answer)
	return { api: { call } as unknown as ApiClient, call }
}

describe('identity confirmation', () => {
	test('reads it, and confirms with the password or a code, in the body only', async () => {
		const { api, call } = fakeApi({ data: confirmed })
		expect(await identityConfirmation(api)).toEqual(confirmed)
		expect(call).toHaveBeenLastCalledWith('getIdentityConfirmation')
		await confirmIdentity(api, { password: 'Correct-Horse-42!' })
		expect(call).toHaveBeenLastCalledWith('confirmIdentity', { body: { password: 'Correct-Horse-42!' } })
		await confirmIdentity(api, { code: '123456' })
		expect(call).toHaveBeenLastCalledWith('confirmIdentity', { body: { code: '123456' } })
	})

	test("tells the API's 403 for an ended (or missing) confirmation from other refusals", () => {
		const body = { message: 'Confirm your identity first.', code: 'identity_confirmation_required' }
		expect(needsIdentityConfirmation(new ApiError('bad_request', 'x', { status: 403, body }))).toBe(true)
		const twoStep = { message: 'Two-step authentication required.', code: 'two_step_required' }
		expect(needsIdentityConfirmation(new ApiError('bad_request', 'x', { status: 403, body: twoStep }))).toBe(false)
		expect(needsIdentityConfirmation(new ApiError('bad_request', 'x', { status: 422, body }))).toBe(false)
		expect(needsIdentityConfirmation(new Error('x'))).toBe(false)
	})
})
