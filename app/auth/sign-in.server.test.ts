import i18next from 'i18next'
import { describe, expect, test } from 'vitest'
import { signInFailureMessages } from './sign-in.server'
import { ApiError } from '#app/api/errors'

/** en-GB with the catalogue (`tests/setup/unit-env.ts` initialises i18next). */
const t = i18next.getFixedT('en-GB')

const failure = (status: number, body: unknown, retryAfterSeconds?: number) =>
	new ApiError('bad_request', 'x', { status, body, retryAfterSeconds })

describe('signInFailureMessages', () => {
	test('wrong details, then what happens next, in that order', () => {
		expect(
			signInFailureMessages(
				failure(422, { code: 'invalid_credentials', notices: [{ code: 'next_attempt_locks', lock_seconds: 300 }] }),
				t,
			),
		).toEqual([
			'The authentication details are incorrect.',
			'The next failed attempt will lock your account for 5 minutes.',
		])
	})
	test('a lock with its remaining time, reported to the owner', () => {
		expect(
			signInFailureMessages(
				failure(423, { code: 'account_locked', locked_for_seconds: 599, notices: [{ code: 'reported_to_owner' }] }),
				t,
			),
		).toEqual([
			'Your account is locked for 10 minutes.',
			'Future failed attempts will be reported to the account owner.',
		])
	})
	test('an authenticator code already used says so, and to wait for the next one', () => {
		expect(
			signInFailureMessages(failure(422, { code: 'code_reused', notices: [{ code: 'one_more_attempt' }] }), t),
		).toEqual([
			'This code has already been used. Wait for your authenticator app to show the next one.',
			'You have one more attempt without restrictions.',
		])
		expect(signInFailureMessages(failure(422, { code: 'invalid_code', notices: [] }), t)).toEqual([
			'The code is invalid.',
		])
	})
	test('the account-connection notices', () => {
		expect(
			signInFailureMessages(
				failure(422, {
					code: 'invalid_credentials',
					notices: [{ code: 'relation_removal_warning' }, { code: 'relation_removed' }],
				}),
				t,
			),
		).toEqual([
			'The authentication details are incorrect.',
			'Future failed attempt will remove the connection between the accounts.',
			'The connection between the accounts was removed.',
		])
	})
	test('throttling says when to try again', () => {
		expect(signInFailureMessages(failure(429, { code: 'too_many_attempts' }, 90), t)).toEqual([
			'Too many attempts. Try again in 2 minutes.',
		])
	})
	test('anything else is not a sign-in failure', () => {
		expect(signInFailureMessages(failure(404, { message: 'Not found.' }), t)).toBeNull()
	})
})
