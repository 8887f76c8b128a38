import { describe, expect, test, vi } from 'vitest'
import type { ApiClient } from './client.server'
import { ApiError } from './errors'
import { followEmailLink } from './users.server'

/** An API client that knows the token types and answers the token call with `verify` (a value or an error). */
function fakeApi(verify: () => unknown) {
	const call = vi.fn(async (name: string) => {
		if (name === 'listUserTokenTypes') {
			return {
				data: [
					{ id: 'type-verification', key: 'email_verification' },
					{ id: 'type-change', key: 'email_change' },
				],
				meta: { next_cursor: null },
			}
		}
		return verify()
	})
	return { api: { call, send: call } as unknown as ApiClient, call }
}

const failure = (status: number, body: unknown) =>
	new ApiError(status >= 500 ? 'bad_response' : 'bad_request', `HTTP ${status}`, { status, body })

describe('followEmailLink (issue 31 point 15)', () => {
	test('a usable link confirms the address', async () => {
		const { api, call } = fakeApi(() => ({ data: { type: 'email_verification', email: 'a@example.com' } }))
		expect(await followEmailLink(api, 'email_verification', 'token-1')).toBe('confirmed')
		expect(call).toHaveBeenLastCalledWith('verifyUserToken', {
			params: { id: 'type-verification' },
			body: { token: 'token-1' },
		})
	})

	test('a second click (409 already_verified) says so; any other refusal is an invalid link', async () => {
		const already = fakeApi(() => {
			throw failure(409, { message: 'This email address is already confirmed.', code: 'already_verified' })
		})
		expect(await followEmailLink(already.api, 'email_change', 'token-2')).toBe('already')
		const invalid = fakeApi(() => {
			throw failure(422, { message: 'This field is invalid.', code: 'invalid_token', errors: {} })
		})
		expect(await followEmailLink(invalid.api, 'email_verification', 'token-3')).toBe('invalid')
		// A 409 of another kind is no confirmation.
		const conflict = fakeApi(() => {
			throw failure(409, { message: 'Conflict.', code: 'something_else' })
		})
		expect(await followEmailLink(conflict.api, 'email_verification', 'token-4')).toBe('invalid')
	})

	test('an outage is an error, not an invalid link', async () => {
		const { api } = fakeApi(() => {
			throw failure(503, { message: 'Server Error.' })
		})
		await expect(followEmailLink(api, 'email_verification', 'token-5')).rejects.toBeInstanceOf(ApiError)
	})
})
