import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { z, type ZodType } from 'zod'
import { declaredFields } from './declared-fields'
import { formatDuration } from '#app/utils/duration'
import { formatIssues } from './validation'
import { ApiError, retryAfter } from '#app/api/errors'
import { SECRET_FIELDS } from './form-id'
import { sendToSignIn } from '#app/auth/drafts.server'
import { getT } from '#app/i18n.server'
import { getFormData, getRequestId, type Context } from '#app/context.server'

/** Given only the fields the schema declares (decision 0025); `formData` is the form as sent (the honeypot). */
export function parseForm<S extends ZodType>(context: Context, schema: S) {
	const formData = getFormData(context)
	const submission = parseWithZod(declaredFields(formData, schema), {
		schema,
		formatError: formatIssues(getT(context)),
	})
	return { formData, submission }
}

type Errors = { formErrors?: string[]; fieldErrors?: Record<string, string[]> }
type Submission = { reply(options?: Errors & { hideFields?: string[] }): SubmissionResult<string[]> }

/** Keeps what was typed, except secrets; a 429's `retryAfterSeconds` lets the page count down. */
export function invalid(
	submission: Submission,
	{ retryAfterSeconds, ...errors }: Errors & { retryAfterSeconds?: number } = {},
	status = 400,
) {
	const result = submission.reply({ ...errors, hideFields: SECRET_FIELDS })
	return data(retryAfterSeconds === undefined ? { result } : { result, retryAfterSeconds }, { status })
}

function anySubmission(context: Context): Submission {
	const schema = z.looseObject({})
	return parseWithZod(declaredFields(getFormData(context), schema), { schema })
}

/**
 * The one answer to a partner API failure in an action. `fields`: the API's field names the form
 * has, or the API's name → the form's.
 */
export async function replyWithApiError(
	submission: Submission | null,
	error: unknown,
	context: Context,
	{ fields = [], request }: { fields?: string[] | Record<string, string>; request: Request },
) {
	if (!(error instanceof ApiError)) throw error
	if (error.kind === 'unauthenticated') return sendToSignIn(request, context, 'session-expired')
	const t = getT(context)
	const form = submission ?? anySubmission(context)
	if (error.kind !== 'bad_request') {
		const formErrors = [t('common:errors.notSaved'), t('common:errors.reference', { requestId: getRequestId(context) })]
		const brokeContract = error.kind === 'bad_response' && error.status !== undefined && error.status < 500
		return invalid(form, { formErrors }, brokeContract ? 502 : 503)
	}
	const fieldErrors: Record<string, string[]> = {}
	const formErrors: string[] = []
	const formFields = Array.isArray(fields) ? Object.fromEntries(fields.map((name) => [name, name])) : fields
	for (const [name, messages] of Object.entries(error.fieldErrors)) {
		const field = Object.hasOwn(formFields, name) ? formFields[name] : undefined
		if (field) fieldErrors[field] = [...(fieldErrors[field] ?? []), ...messages]
		else formErrors.push(...messages)
	}
	if (error.status === 429) {
		const seconds = retryAfter(error)
		const key = error.code === 'resend_too_soon' ? 'common:errors.emailTooSoon' : 'common:errors.rateLimited'
		formErrors.push(t(key, { time: formatDuration(seconds, t) }))
		return invalid(form, { formErrors, fieldErrors, retryAfterSeconds: seconds }, 429)
	}
	if (!formErrors.length && !Object.keys(fieldErrors).length) {
		const message = (error.body as { message?: unknown } | undefined)?.message
		formErrors.push(typeof message === 'string' ? message : t('common:errors.generic'))
	}
	return invalid(form, { formErrors, fieldErrors }, 422)
}
