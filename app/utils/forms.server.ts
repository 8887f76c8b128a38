import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type RouterContextProvider } from 'react-router'
import type { ZodType } from 'zod'
import { formatDuration } from './duration'
import { formatIssues } from './validation'
import { getSession } from '#app/api/context.server'
import { ApiError } from '#app/api/errors'
import { signInLocation } from '#app/auth/redirect'
import { getT } from '#app/middleware/i18n.server'

type Context = Readonly<RouterContextProvider>

/** Fields never echoed back after a failed submission. */
export const SECRET_FIELDS = ['password', 'password_confirmation', 'current_password', 'code', 'csrf']

/** Reads the form and validates it with the same schema the browser uses. */
export async function parseForm<S extends ZodType>(request: Request, context: Context, schema: S) {
	const formData = await request.formData()
	const submission = parseWithZod(formData, { schema, formatError: formatIssues(getT(context)) })
	return { formData, submission }
}

/** What a parsed submission must offer to build a reply. */
type Submission = {
	reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }): SubmissionResult<string[]>
}

/** A 400/422 reply that keeps what was typed, except secrets. */
export function invalid(submission: Submission, options: { formErrors?: string[]; fieldErrors?: Record<string, string[]> } = {}, status = 400) {
	return data(
		{ result: submission.reply({ ...options, hideFields: SECRET_FIELDS }) },
		{ status },
	)
}

/**
 * Turns an API failure inside an action into a form reply (4xx) — field
 * errors land on their fields — or rethrows what a form cannot show.
 */
export function replyWithApiError(
	submission: Submission,
	error: unknown,
	context: Context,
	{ fields = [] as string[], request }: { fields?: string[]; request: Request },
) {
	if (!(error instanceof ApiError)) throw error
	if (error.kind === 'unauthenticated') throw redirect(signInLocation(new URL(request.url)))
	if (error.kind !== 'bad_request') throw error
	const t = getT(context)
	const fieldErrors: Record<string, string[]> = {}
	const formErrors: string[] = []
	for (const [name, messages] of Object.entries(error.fieldErrors)) {
		if (fields.includes(name)) fieldErrors[name] = messages
		else formErrors.push(...messages)
	}
	if (error.status === 429) {
		formErrors.push(t('common:errors.tooManyAttempts', { time: formatDuration(error.retryAfterSeconds ?? 60, t) }))
	}
	if (!formErrors.length && !Object.keys(fieldErrors).length) {
		const message = (error.body as { message?: unknown } | undefined)?.message
		formErrors.push(typeof message === 'string' ? message : t('common:errors.generic'))
	}
	return invalid(submission, { formErrors, fieldErrors }, error.status === 429 ? 429 : 422)
}

/**
 * For loaders: what a page cannot recover from. Signed out → sign-in with
 * redirect_to; not found → 404 page; anything else → "Something went wrong".
 */
export async function throwForApiError(error: unknown, request: Request, context: Context): Promise<never> {
	if (error instanceof ApiError) {
		if (error.kind === 'unauthenticated' || (error.status === 403 && error.code === 'two_step_required')) {
			await getSession(context).clearTokens()
			throw redirect(signInLocation(new URL(request.url)))
		}
		if (error.status === 404) throw data(null, { status: 404 })
	}
	throw error
}
