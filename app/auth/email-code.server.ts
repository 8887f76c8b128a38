import type { SubmissionResult } from '@conform-to/react'
import { data } from 'react-router'
import type { ApiClient } from '#app/api/client.server'
import { ApiError, retryAfter } from '#app/api/errors'
import { sendEmailCode } from '#app/api/two-step.server'
import type { Namespace, TFunction } from 'i18next'
import { secondsUntil } from '#app/utils/time'
import { SECRET_FIELDS } from '#app/forms/form-id'

// One `EmailCodeState` per flow (sign-in password step, second step, turning the method on): one code, one countdown.
export type EmailCodeSend =
	| { outcome: 'sent'; resendAvailableAt: number }
	/** Nothing was sent: the page never says a code was just sent. */
	| { outcome: 'resend_too_soon'; retryAfterSeconds: number; resendAvailableAt: number }

export type ResendTooSoon = Extract<EmailCodeSend, { outcome: 'resend_too_soon' }>

/** `earlier`: this flow's first send was refused, a code went out less than a minute ago (another tab, say). */
export type EmailCodeState = { code: 'sent' | 'earlier'; resendAvailableAt: number }

/** Only a resend, once the page shows a code, is refused beside its button; a refused first send is no failure. */
export function afterSend(send: EmailCodeSend, before: EmailCodeState | undefined) {
	const code = send.outcome === 'sent' ? 'sent' : (before?.code ?? 'earlier')
	const state: EmailCodeState = { code, resendAvailableAt: send.resendAvailableAt }
	return { state, refused: send.outcome === 'resend_too_soon' && before ? send : null }
}

/** Still the code the page asked for; a new one may go at once. */
export function expiredState(before: EmailCodeState | undefined): EmailCodeState {
	return { code: before?.code ?? 'sent', resendAvailableAt: Date.now() }
}

/** Any failure but a 429 is thrown. */
export async function sendCode(api: ApiClient, restrictedAccess?: string): Promise<EmailCodeSend> {
	try {
		const sent = await sendEmailCode(api, restrictedAccess)
		return { outcome: 'sent', resendAvailableAt: Date.now() + sent.resend_available_in_seconds * 1000 }
	} catch (error) {
		if (!(error instanceof ApiError && error.status === 429)) throw error
		const seconds = retryAfter(error)
		return { outcome: 'resend_too_soon', retryAfterSeconds: seconds, resendAvailableAt: Date.now() + seconds * 1000 }
	}
}

/** The wait restarts the page's countdown: without JS it is all the partner sees. */
export function resendRefused({ retryAfterSeconds }: ResendTooSoon) {
	return data({ result: undefined, resendInSeconds: retryAfterSeconds, refused: true }, { status: 429 })
}

export function isCodeExpired(error: unknown): error is ApiError {
	return error instanceof ApiError && error.code === 'code_expired'
}

type Replies = {
	reply(options: { fieldErrors: Record<string, string[]>; hideFields: string[] }): SubmissionResult<string[]>
}

/** No countdown: the code has long outlived the resend interval. */
export function codeExpiredReply(submission: Replies, t: TFunction<Namespace>) {
	const result = submission.reply({ fieldErrors: { code: [t('auth:twoStep.codeExpired')] }, hideFields: SECRET_FIELDS })
	return data({ result, resendInSeconds: null }, { status: 422 })
}

export function resendInSeconds(resendAvailableAt: number | undefined, now = Date.now()) {
	return resendAvailableAt ? secondsUntil((resendAvailableAt - now) / 1000) : null
}
