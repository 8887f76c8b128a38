import type { SubmissionResult } from '@conform-to/react'
import { data } from 'react-router'
import type { ApiClient } from '#app/api/client.server'
import { ApiError, retryAfter } from '#app/api/errors'
import { sendEmailCode } from '#app/api/two-step.server'
import type { Namespace, TFunction } from 'i18next'
import { secondsUntil } from '#app/utils/time'
import { SECRET_FIELDS } from '#app/utils/form-id'

/**
 * The emailed two-step code, for the three places that send one: the password step when email is the only method
 * (`routes/auth/sign-in.tsx`) and the sign-in's second step (`routes/auth/two-step.tsx`), both with the restricted
 * token of the password step, and turning the email method on (`routes/account/two-step-email.tsx`). The API sends
 * at most one code a minute while the last one is unused and says when the next may go; each flow keeps an
 * `EmailCodeState` where it keeps its state (the pending sign-in, a sealed cookie), says which code to type, and
 * shows one countdown (`SendCodeForm`).
 */

/** What became of asking the API for a code: whether one went out, and when the next may be asked for. */
export type EmailCodeSend =
	/** A new code is on its way. */
	| { outcome: 'sent'; resendAvailableAt: number }
	/**
	 * A 429 (the API's `resend_too_soon`): nothing was sent. A code went out less than a minute ago and is still
	 * unused (a used one frees the next send); the page says so, never that a code was just sent.
	 */
	| { outcome: 'resend_too_soon'; retryAfterSeconds: number; resendAvailableAt: number }

export type ResendTooSoon = Extract<EmailCodeSend, { outcome: 'resend_too_soon' }>

/**
 * The code a page asks for: `sent` (this flow had it sent) or `earlier` (this flow's first send was refused: a code
 * went to the address less than a minute ago, from another tab or sign-in, and is still unused, since the API frees
 * the interval once a code is used), and when a new one may be asked for (epoch ms).
 */
export type EmailCodeState = { code: 'sent' | 'earlier'; resendAvailableAt: number }

/**
 * A flow's state after a send (`before`: its state until then), and the refusal to answer with: only a resend, once
 * the page shows a code, is refused beside its button (`resendRefused`). A first send refused is no failure: the
 * page then says that a code went out less than a minute ago, never that one was just sent.
 */
export function afterSend(send: EmailCodeSend, before: EmailCodeState | undefined) {
	const code = send.outcome === 'sent' ? 'sent' : (before?.code ?? 'earlier')
	const state: EmailCodeState = { code, resendAvailableAt: send.resendAvailableAt }
	return { state, refused: send.outcome === 'resend_too_soon' && before ? send : null }
}

/** The state once the code has expired: it is still the code the page asked for, and a new one may go at once. */
export function expiredState(before: EmailCodeState | undefined): EmailCodeState {
	return { code: before?.code ?? 'sent', resendAvailableAt: Date.now() }
}

/** Asks the API to email a code (with the restricted token: a sign-in's). Any failure but a 429 is thrown. */
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
