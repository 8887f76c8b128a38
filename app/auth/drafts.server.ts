import type { RouterContextProvider } from 'react-router'
import type { FormDraft } from './session.server'
import { FORM_ID_FIELD, SECRET_FIELDS } from '#app/utils/form-id'
import { getFormData, getSession } from '#app/context.server'

type Context = Readonly<RouterContextProvider>

const SECRET_NAME = /password|secret|token|code|csrf/i

/** A sealed draft larger than this is not kept: a cookie must stay small (browsers cap them near 4 KB). */
export const MAX_DRAFT_BYTES = 3 * 1024

/**
 * Notes who the signed-in partner is (once per browser and partner), so a
 * draft kept when their session ends can be sealed for them.
 */
export async function rememberSubject(context: Context, userId: string) {
	const session = getSession(context)
	if (session.getSealed('subject')?.id !== userId) await session.setSealed('subject', { id: userId })
}

/**
 * Keeps what the partner typed in the form this request posted (never
 * passwords, codes or secrets) for 10 minutes, sealed for that partner, to be
 * put back into the same form once they have signed in again. Too large a
 * draft is dropped, and the partner is told; with no partner known, nothing
 * is kept. Call it before the session's cookies are cleared.
 */
export async function keepDraft(context: Context, page: string) {
	const session = getSession(context)
	const subject = session.getSealed('subject')?.id
	if (!subject) return
	const form = getFormData(context)
	const values: Record<string, string> = {}
	for (const [name, value] of form) {
		if (typeof value !== 'string' || name === FORM_ID_FIELD || SECRET_FIELDS.includes(name) || SECRET_NAME.test(name))
			continue
		if (!(name in values)) values[name] = value
	}
	if (Object.keys(values).length === 0) return
	const formId = form.get(FORM_ID_FIELD)
	const kept = await session.setSealed(
		'draft',
		{ page, form: typeof formId === 'string' ? formId : null, values },
		subject,
		{ maxBytes: MAX_DRAFT_BYTES },
	)
	if (!kept) await session.setFlash({ tone: 'warning', key: 'common:draft.dropped' })
}

/**
 * The draft of the signed-in partner `userId` for `page`, once: reading it
 * clears the cookie. A draft sealed for anyone else is dropped unread.
 */
export async function takeDraft(context: Context, page: string, userId: string): Promise<FormDraft | null> {
	const session = getSession(context)
	if (!session.hasSealed('draft')) return null
	const draft = session.getSealed('draft', userId)
	if (draft && draft.page !== page) return null
	await session.clearSealed('draft')
	return draft
}
