import type { RouterContextProvider } from 'react-router'
import { getSession } from '#app/middleware/session.server'
import { getFormData } from '#app/middleware/form-body.server'
import type { FormDraft } from './session.server'
import { CSRF_FIELD_NAME } from '#app/utils/csrf'

type Context = Readonly<RouterContextProvider>

/** Fields never echoed back after a failed submission, nor kept in a draft. */
export const SECRET_FIELDS = ['password', 'password_confirmation', 'current_password', 'code', CSRF_FIELD_NAME]
const SECRET_NAME = /password|secret|token|code|csrf/i

/** The hidden field that names the form a post came from (AppForm renders it). */
export const FORM_ID_FIELD = '__form'

/** A sealed draft larger than this is not kept: a cookie must stay small (browsers cap them near 4 KB). */
export const MAX_DRAFT_BYTES = 3 * 1024

/**
 * Keeps what the partner typed in the form this request posted (never
 * passwords, codes or secrets) for 10 minutes, to be put back into the same
 * form once they have signed in again. Too large a draft is dropped, and the
 * partner is told.
 */
export async function keepDraft(context: Context, page: string) {
	const form = getFormData(context)
	const values: Record<string, string> = {}
	for (const [name, value] of form) {
		if (typeof value !== 'string' || name === FORM_ID_FIELD || SECRET_FIELDS.includes(name) || SECRET_NAME.test(name))
			continue
		if (!(name in values)) values[name] = value
	}
	if (Object.keys(values).length === 0) return
	const formId = form.get(FORM_ID_FIELD)
	const session = getSession(context)
	const kept = await session.setSealed(
		'draft',
		{ page, form: typeof formId === 'string' ? formId : null, values },
		undefined,
		{
			maxBytes: MAX_DRAFT_BYTES,
		},
	)
	if (!kept) await session.setFlash({ tone: 'warning', key: 'common:draft.dropped' })
}

/** The draft for `page`, once: reading it clears the cookie. */
export async function takeDraft(context: Context, page: string): Promise<FormDraft | null> {
	const session = getSession(context)
	const draft = session.getSealed('draft')
	if (!draft || draft.page !== page) return null
	await session.clearSealed('draft')
	return draft
}
