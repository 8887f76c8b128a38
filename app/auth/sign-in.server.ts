import type { Namespace, TFunction } from 'i18next'
import { ApiError, retryAfter } from '#app/api/errors'
import { formatDuration } from '#app/utils/duration'

type Notice = { code: string; lock_seconds?: number }

const NOTICES = {
	one_more_attempt: 'common:errors.oneMoreAttempt',
	reported_to_owner: 'common:errors.reportedToOwner',
	relation_removal_warning: 'common:errors.relationRemovalWarning',
	relation_removed: 'common:errors.relationRemoved',
} as const

// Spec point 8, in reading order: what happened, then what happens next.
export function signInFailureMessages(error: ApiError, t: TFunction<Namespace>): string[] | null {
	const body = (error.body ?? {}) as { notices?: Notice[]; locked_for_seconds?: number }
	const notices = Array.isArray(body.notices) ? body.notices : []
	const messages: string[] = []
	if (error.status === 423 || error.code === 'account_locked') {
		messages.push(t('common:errors.accountLocked', { time: formatDuration(body.locked_for_seconds ?? 60, t) }))
	} else if (error.code === 'invalid_credentials') {
		messages.push(t('common:errors.authenticationDetailsIncorrect'))
	} else if (isWrongCode(error)) {
		messages.push(error.code === 'code_reused' ? t('auth:twoStep.codeReused') : t('auth:twoStep.codeInvalid'))
	} else if (error.status === 429) {
		messages.push(t('common:errors.tooManyAttempts', { time: formatDuration(retryAfter(error), t) }))
	} else {
		return null
	}
	for (const notice of notices) {
		if (notice.code === 'next_attempt_locks') {
			messages.push(t('common:errors.nextAttemptLocks', { time: formatDuration(notice.lock_seconds ?? 300, t) }))
		} else if (Object.hasOwn(NOTICES, notice.code)) {
			messages.push(t(NOTICES[notice.code as keyof typeof NOTICES]))
		}
	}
	return messages
}

export function isWrongCode(error: ApiError) {
	return error.code === 'invalid_code' || error.code === 'code_reused'
}

export function isSignInFailure(error: unknown): error is ApiError {
	return error instanceof ApiError && error.kind === 'bad_request' && [422, 423, 429].includes(error.status ?? 0)
}
