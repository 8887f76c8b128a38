import i18next from 'i18next'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import type { ApiClient } from '#app/api/client.server'
import { ApiError } from '#app/api/errors'
import {
	afterSend,
	codeExpiredReply,
	expiredState,
	isCodeExpired,
	resendInSeconds,
	resendRefused,
	sendCode,
	type EmailCodeSend,
} from './email-code.server'

/** en-GB with the catalogue (`tests/setup/unit-env.ts` initialises i18next). */
const t = i18next.getFixedT('en-GB')

const NOW = Date.UTC(2026, 0, 5, 9, 0, 0)

/** An API client that knows the authentication types and answers the send with `send` (a value or an error). */
function fakeApi(send: () => unknown) {
	const call = vi.fn(async (name: string) => {
		if (name === 'listAuthenticationTypes') {
			return {
				data: [
					{ id: 'type-totp', key: 'totp' },
					{ id: 'type-email', key: 'email' },
				],
				meta: { next_cursor: null },
			}
		}
		return send()
	})
	return { api: { call, send: call } as unknown as ApiClient, call }
}

const sent = (resendInSeconds: number) => ({
	data: {
		digits: 6,
		expires_at: '2026-01-05T09:10:00Z',
		resend_available_at: '2026-01-05T09:01:00Z',
		expires_in_seconds: 600,
		resend_available_in_seconds: resendInSeconds,
	},
})

const failure = (status: number, body: unknown, retryAfterSeconds?: number) =>
	new ApiError(status >= 500 ? 'bad_response' : status === 401 ? 'unauthenticated' : 'bad_request', `HTTP ${status}`, {
		status,
		body,
		retryAfterSeconds,
	})

beforeEach(() => {
	vi.useFakeTimers({ toFake: ['Date'] })
	vi.setSystemTime(NOW)
})
afterEach(() => {
	vi.useRealTimers()
})

describe('sendCode', () => {
	test('a code that went out: when the next may, from the API’s interval', async () => {
		const { api, call } = fakeApi(() => sent(60))
		expect(await sendCode(api)).toEqual({ outcome: 'sent', resendAvailableAt: NOW + 60_000 })
		expect(call).toHaveBeenLastCalledWith('createTwoStepSecret', { params: { id: 'type-email' }, bearer: undefined })
	})

	test('a sign-in’s code is asked for with its restricted token', async () => {
		const { api, call } = fakeApi(() => sent(45))
		expect(await sendCode(api, 'restricted-access')).toMatchObject({ outcome: 'sent', resendAvailableAt: NOW + 45_000 })
		expect(call).toHaveBeenLastCalledWith('createTwoStepSecret', {
			params: { id: 'type-email' },
			bearer: 'restricted-access',
		})
	})

	test('a 429 is "not sent, too soon", and the next from Retry-After', async () => {
		const { api } = fakeApi(() => {
			throw failure(429, { message: 'Too Many Attempts.', code: 'resend_too_soon' }, 41)
		})
		const send = await sendCode(api, 'restricted-access')
		expect(send).toEqual({ outcome: 'resend_too_soon', retryAfterSeconds: 41, resendAvailableAt: NOW + 41_000 })
	})

	test('a 429 that does not say when waits a minute', async () => {
		const { api } = fakeApi(() => {
			throw failure(429, { message: 'Too Many Attempts.', code: 'resend_too_soon' })
		})
		expect(await sendCode(api)).toMatchObject({ outcome: 'resend_too_soon', retryAfterSeconds: 60 })
	})

	test('any other failure is the page’s to answer', async () => {
		for (const error of [failure(401, { message: 'Unauthenticated.' }), failure(503, { message: 'Down.' })]) {
			const { api } = fakeApi(() => {
				throw error
			})
			await expect(sendCode(api)).rejects.toBe(error)
		}
	})
})

describe('afterSend: which code the page asks for', () => {
	const sent: EmailCodeSend = { outcome: 'sent', resendAvailableAt: NOW + 60_000 }
	const refused: EmailCodeSend = { outcome: 'resend_too_soon', retryAfterSeconds: 20, resendAvailableAt: NOW + 20_000 }

	test('a code that went out is the one sent, whatever came before', () => {
		expect(afterSend(sent, undefined)).toEqual({
			state: { code: 'sent', resendAvailableAt: NOW + 60_000 },
			refused: null,
		})
		expect(afterSend(sent, { code: 'earlier', resendAvailableAt: 0 }).state.code).toBe('sent')
	})

	test('a first send refused: a code sent earlier (never "sent"), and no refusal to show', () => {
		expect(afterSend(refused, undefined)).toEqual({
			state: { code: 'earlier', resendAvailableAt: NOW + 20_000 },
			refused: null,
		})
	})

	test('a resend refused keeps the code the page asked for and answers with the refusal', () => {
		const after = afterSend(refused, { code: 'sent', resendAvailableAt: NOW + 20_000 })
		expect(after.state).toEqual({ code: 'sent', resendAvailableAt: NOW + 20_000 })
		expect(after.refused).toBe(refused)
	})

	test('an expired code: the same code asked for, a new one may go now', () => {
		expect(expiredState({ code: 'earlier', resendAvailableAt: NOW + 5_000 })).toEqual({
			code: 'earlier',
			resendAvailableAt: NOW,
		})
		expect(expiredState(undefined)).toEqual({ code: 'sent', resendAvailableAt: NOW })
	})
})

describe('the answers', () => {
	test('a refused send is a 429 with the seconds to count down and the refusal', () => {
		const answer = resendRefused({ outcome: 'resend_too_soon', retryAfterSeconds: 41, resendAvailableAt: 0 })
		expect(answer.init?.status).toBe(429)
		expect(answer.data).toEqual({ result: undefined, resendInSeconds: 41, refused: true })
	})

	test('an expired code: said at the code field, which is emptied, and no countdown', () => {
		const reply = vi.fn(() => ({ status: 'error' as const }))
		const answer = codeExpiredReply({ reply }, t)
		expect(answer.init?.status).toBe(422)
		expect(answer.data.resendInSeconds).toBeNull()
		expect(reply).toHaveBeenCalledWith({
			fieldErrors: { code: ['This code has expired. Send a new code.'] },
			hideFields: expect.arrayContaining(['code']),
		})
	})

	test('only code_expired is an expired code', () => {
		expect(isCodeExpired(failure(422, { message: 'Expired.', code: 'code_expired' }))).toBe(true)
		expect(isCodeExpired(failure(422, { message: 'Invalid.', code: 'invalid_code' }))).toBe(false)
		expect(isCodeExpired(new Error('code_expired'))).toBe(false)
	})
})

describe('resendInSeconds', () => {
	test('whole seconds left, rounded up; null once the time has come or when none was set', () => {
		expect(resendInSeconds(NOW + 59_001)).toBe(60)
		expect(resendInSeconds(NOW + 1)).toBe(1)
		expect(resendInSeconds(NOW)).toBeNull()
		expect(resendInSeconds(NOW - 5_000)).toBeNull()
		expect(resendInSeconds(undefined)).toBeNull()
	})
})
