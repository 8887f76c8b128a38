import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type RouterContextProvider } from 'react-router'
import { z, type ZodType } from 'zod'
import { declaredFields } from './declared-fields'
import { formatDuration } from './duration'
import { formatIssues } from './validation'
import { ApiError, retryAfter } from '#app/api/errors'
import { SECRET_FIELDS } from './form-id'
import { sendToSignIn } from '#app/middleware/guards.server'
import { getT } from '#app/middleware/i18n.server'
import { getFormData, getRequestId } from '#app/context.server'

type Context = Readonly<RouterContextProvider>

/**
 * Validates this request's form with the same schema the browser uses, given only the fields the schema
 * declares (`declaredFields`); `formData` is the form as sent, for what a route reads beside its schema (the
 * honeypot).
 */
export function parseForm<S extends ZodType>(context: Context, schema: S) {
	const formData = getFormData(context)
	const submission = parseWithZod(declaredFields(formData, schema), {
		schema,
		formatError: formatIssues(getT(context)),
	})
	return { formData, submission }
}

/** What a parsed submission must offer to build a reply. */
type Submission = {
	reply(options?: {
		formErrors?: string[]
		fieldErrors?: Record<string, string[]>
		hideFields?: string[]
	}): SubmissionResult<string[]>
}

/**
 * A 400/422 reply that keeps what was typed, except secrets; a 429's
 * `retryAfterSeconds` lets the page count down to the next try.
 */
export function invalid(
	submission: Submission,
	{
		retryAfterSeconds,
		...options
	}: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; retryAfterSeconds?: number } = {},
	status = 400,
) {
	const result = submission.reply({ ...options, hideFields: SECRET_FIELDS })
	return data(retryAfterSeconds === undefined ? { result } : { result, retryAfterSeconds }, { status })
}

/** The form as typed, for actions whose failure has no schema of its own to report against. */
function anySubmission(context: Context): Submission {
	const schema = z.looseObject({})
	return parseWithZod(declaredFields(getFormData(context), schema), { schema })
}

/**
 * The one answer to a partner API failure inside an action. The same form
 * comes back with what was typed (never secrets):
 * - the session ended → sign-in ("Your session has expired");
 * - the API is down, slow or answered 5xx → 503 (502 for a body that breaks
 *   the contract) with "Your changes were not saved" and the request reference;
 * - 4xx → field errors on their fields, the rest in the summary; a 429 says
 *   when to try again (and gives the page the seconds for a countdown).
 * `fields` names the API's fields the form has: the same names, or the API's name → the form's.
 */
export async function replyWithApiError(
	submission: Submission | null,
	error: unknown,
	context: Context,
	{ fields = [], request }: { fields?: string[] | Record<string, string>; request: Request },
) {
	if (!(error instanceof ApiError)) throw error
	if (error.kind === 'unauthenticated') return sendToSignIn(request, context, { expired: true })
	const t = getT(context)
	const form = submission ?? anySubmission(context)
	if (error.kind !== 'bad_request') {
		const requestId = getRequestId(context)
		const brokeContract = error.kind === 'bad_response' && (error.status ?? 0) < 500 && error.status !== undefined
		return invalid(
			form,
			{ formErrors: [t('common:errors.notSaved'), t('common:errors.reference', { requestId })] },
			brokeContract ? 502 : 503,
		)
	}
	const fieldErrors: Record<string, string[]> = {}
	const formErrors: string[] = []
	const formField = (name: string) =>
		Array.isArray(fields)
			? fields.includes(name)
				? name
				: undefined
			: Object.hasOwn(fields, name)
				? fields[name]
				: undefined
	for (const [name, messages] of Object.entries(error.fieldErrors)) {
		const field = formField(name)
		if (field) fieldErrors[field] = [...(fieldErrors[field] ?? []), ...messages]
		else formErrors.push(...messages)
	}
	if (error.status === 429) {
		const seconds = retryAfter(error)
		const time = formatDuration(seconds, t)
		formErrors.push(
			error.code === 'resend_too_soon'
				? t('common:errors.emailTooSoon', { time })
				: t('common:errors.rateLimited', { time }),
		)
		return invalid(form, { formErrors, fieldErrors, retryAfterSeconds: seconds }, 429)
	}
	if (!formErrors.length && !Object.keys(fieldErrors).length) {
		const message = (error.body as { message?: unknown } | undefined)?.message
		formErrors.push(typeof message === 'string' ? message : t('common:errors.generic'))
	}
	return invalid(form, { formErrors, fieldErrors }, 422)
}
