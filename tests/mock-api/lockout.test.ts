import { describe, expect, test } from 'vitest'
import { freshLockout, lockedForSeconds, lockSecondsFor, LOCKOUT_POLICY, registerFailure } from './lockout'

describe('lockout policy (pure)', () => {
	test('escalates: plain, plain, one more attempt, next locks, locked', () => {
		const state = freshLockout()
		const now = 1_000_000
		expect(registerFailure(state, false, now)).toEqual({ kind: 'failed', notices: [] })
		expect(registerFailure(state, false, now)).toEqual({ kind: 'failed', notices: [] })
		expect(registerFailure(state, false, now)).toEqual({ kind: 'failed', notices: [{ code: 'one_more_attempt' }] })
		expect(registerFailure(state, false, now)).toEqual({
			kind: 'failed',
			notices: [{ code: 'next_attempt_locks', lock_seconds: 300 }],
		})
		expect(registerFailure(state, false, now)).toMatchObject({
			kind: 'locked',
			lockSeconds: 300,
			notices: [{ code: 'reported_to_owner' }],
		})
		expect(lockedForSeconds(state, now)).toBe(300)
		expect(lockedForSeconds(state, now + 300_000)).toBe(0)
	})

	test('each later lock doubles, up to a day', () => {
		expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(lockSecondsFor)).toEqual([
			300,
			600,
			1200,
			2400,
			4800,
			9600,
			19200,
			38400,
			76800,
			LOCKOUT_POLICY.maxLockSeconds,
		])
		const state = { ...freshLockout(), failures: 5, locks: 1 }
		expect(registerFailure(state, false, 0)).toMatchObject({ kind: 'locked', lockSeconds: 600 })
	})

	test('a connected account is warned about, then removed', () => {
		const state = { ...freshLockout(), failures: 5, locks: 1 }
		expect(registerFailure(state, true, 0)).toMatchObject({
			notices: [{ code: 'reported_to_owner' }, { code: 'relation_removal_warning' }],
			removeRelation: false,
		})
		expect(registerFailure(state, true, 0)).toMatchObject({
			notices: [{ code: 'reported_to_owner' }, { code: 'relation_removed' }],
			removeRelation: true,
		})
	})
})
