/**
 * Account lockout (docs/decisions/0004-lockout-policy.md). Every number of
 * the policy is in LOCKOUT_POLICY; the functions are pure.
 */
import type { Notice } from '../../app/api/contract/index'

export const LOCKOUT_POLICY = {
	/** The failure that adds "You have one more attempt without restrictions." */
	oneMoreAttemptAt: 3,
	/** The failure that adds "The next failed attempt will lock your account for …". */
	nextAttemptLocksAt: 4,
	/** The failure that locks the account for the first time. */
	firstLockAt: 5,
	firstLockSeconds: 300,
	/** Each later lock lasts this many times the previous one … */
	lockGrowthFactor: 2,
	/** … up to this. */
	maxLockSeconds: 86_400,
} as const

export type LockoutState = {
	/** Consecutive failures since the last successful sign-in. */
	failures: number
	/** Locks since the last successful sign-in. */
	locks: number
	/** Epoch ms, or null. */
	locked_until: number | null
	/** The relation-removal warning was given. */
	relation_warned: boolean
}

export function freshLockout(): LockoutState {
	return { failures: 0, locks: 0, locked_until: null, relation_warned: false }
}

/** Whole seconds the account stays locked at `now` (0 when not locked). */
export function lockedForSeconds(state: LockoutState, now: number): number {
	return state.locked_until !== null && state.locked_until > now ? Math.ceil((state.locked_until - now) / 1000) : 0
}

/** Notices of an attempt made while the account is locked. */
export function noticesWhileLocked(): Notice[] {
	return [{ code: 'reported_to_owner' }]
}

export function lockSecondsFor(lockNumber: number): number {
	const { firstLockSeconds, lockGrowthFactor, maxLockSeconds } = LOCKOUT_POLICY
	return Math.min(firstLockSeconds * lockGrowthFactor ** (lockNumber - 1), maxLockSeconds)
}

export type FailureOutcome =
	| { kind: 'failed'; notices: Notice[] }
	| { kind: 'locked'; lockSeconds: number; notices: Notice[]; removeRelation: boolean }

/**
 * Records one failed attempt (wrong password, or wrong code at the second
 * step) on an account that is not locked at `now`, and says what to answer.
 * Mutates `state`.
 */
export function registerFailure(state: LockoutState, hasRelation: boolean, now: number): FailureOutcome {
	const policy = LOCKOUT_POLICY
	state.failures += 1
	if (state.locks === 0) {
		if (state.failures < policy.firstLockAt) {
			const notices: Notice[] = []
			if (state.failures === policy.oneMoreAttemptAt) notices.push({ code: 'one_more_attempt' })
			if (state.failures === policy.nextAttemptLocksAt) {
				notices.push({ code: 'next_attempt_locks', lock_seconds: lockSecondsFor(1) })
			}
			return { kind: 'failed', notices }
		}
		return lock(state, now, [])
	}
	// Every failure after the first lock (once it expired) locks again.
	const extra: Notice[] = []
	let removeRelation = false
	if (hasRelation) {
		if (!state.relation_warned) {
			state.relation_warned = true
			extra.push({ code: 'relation_removal_warning' })
		} else {
			removeRelation = true
			extra.push({ code: 'relation_removed' })
		}
	}
	const outcome = lock(state, now, extra)
	return { ...outcome, removeRelation }
}

function lock(state: LockoutState, now: number, extra: Notice[]) {
	state.locks += 1
	const lockSeconds = lockSecondsFor(state.locks)
	state.locked_until = now + lockSeconds * 1000
	return {
		kind: 'locked' as const,
		lockSeconds,
		notices: [{ code: 'reported_to_owner' } as Notice, ...extra],
		removeRelation: false,
	}
}
