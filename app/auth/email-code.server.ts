import type { SubmissionResult } from '@conform-to/react'
import { data } from 'react-router'
import type { ApiClient } from '#app/api/client.server'
import { ApiError, retryAfter } from '#app/api/errors'
import { sendEmailCode } from '#app/api/two-step.server'
import type { Namespace, TFunction } from 'i18next'
import { secondsUntil } from '#app/utils/time'
import { SECRET_FIELDS } from './drafts.server'

/**
 * The emailed two-step code, for the two pages that send one: the sign-in's second step
 * (`routes/auth/two-step.tsx`, with the restricted token of the password step) and turning the email method on
 * (`routes/account/two-step-email.tsx`). The API sends at most one code a minute and says when the next may go;
 * each page keeps that time where its flow keeps its state (the pending sign-in, a sealed cookie) and shows one
 * countdown to it (`SendCodeForm`).
 */

/** What became of asking the API for a code: whether one went out, and when the next may be asked for. */
export type EmailCodeSend =
	/** A new code is on its way. */
	| { outcome: 'sent'; sentAt: number; resendAvailableAt: number }
	/**
	 * A 429 (the API's `resend_too_soon`): nothing was sent. The code of the last minute may be gone (used to turn
	 * the method on, say), so this is no ground to tell the partner a code was just sent.
	 */
	| { outcome: 'resend_too_soon'; retryAfterSeconds: number; resendAvailableAt: number }

export type ResendTooSoon = Extract<EmailCodeSend, { outcome: 'resend_too_soon' }>

/** Asks the API to email a code (with the restricted token: a sign-in's). Any failure but a 429 is thrown. */
export async function sendCode(api: ApiClient, restrictedAccess?: string): Promise<EmailCodeSend> {
	try {
		const sent = await sendEmailCode(api, restrictedAccess)
		const sentAt = Date.now()
		return { outcome: 'sent', sentAt, resendAvailableAt: sentAt + sent.resend_available_in_seconds * 1000 }
	} catch (error) {
		if (!(error instanceof ApiError && error.status === 429)) throw error
		const seconds = retryAfter(error)
		return { outcome: 'resend_too_soon', retryAfterSeconds: seconds, resendAvailableAt: Date.now() + seconds * 1000 }
	}
}

/**
 * The answer to a send the API refused: a 429 whose wait restarts the page's countdown, so the refusal says when
 * (without JS it is all the partner sees; with JS the page keeps the answer, it does not reload).
 */
export function resendRefused({ retryAfterSeconds }: ResendTooSoon) {
	return data({ result: undefined, resendInSeconds: retryAfterSeconds, refused: true }, { status: 429 })
}

/** The API's answer to a code typed after its 10 minutes. */
export function isCodeExpired(error: unknown): error is ApiError {
	return error instanceof ApiError && error.code === 'code_expired'
}

type Replies = {
	reply(options: { fieldErrors: Record<string, string[]>; hideFields: string[] }): SubmissionResult<string[]>
}

/**
 * The answer to an expired code: said at the code field, and no countdown, since the code has long outlived the
 * resend interval (the page records that a new one may be sent at once).
 */
export function codeExpiredReply(submission: Replies, t: TFunction<Namespace>) {
	const fieldErrors = { code: [t('auth:twoStep.codeExpired')] }
	return data(
		{ result: submission.reply({ fieldErrors, hideFields: SECRET_FIELDS }), resendInSeconds: null },
		{ status: 422 },
	)
}

/** Whole seconds until a new code may be asked for (`resendAvailableAt`, epoch ms), or null when it may be now. */
export function resendInSeconds(resendAvailableAt: number | undefined, now = Date.now()) {
	return resendAvailableAt ? secondsUntil((resendAvailableAt - now) / 1000) : null
}
