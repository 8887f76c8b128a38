import { redirect } from 'react-router'
import { UNSAFE_METHODS } from './csrf.server'
import { signInLocation, type SignInNotice } from './redirect'
import type { FormDraft } from './session.server'
import { FORM_ID_FIELD, SECRET_FIELDS } from '#app/forms/form-id'
import { getFormData, getPageUrl, getSession, type Context } from '#app/context.server'

const SECRET_NAME = /password|secret|token|code|csrf/i

/** Browsers cap cookies near 4 KB. */
export const MAX_DRAFT_BYTES = 3 * 1024

/** Once per browser and partner, so a draft kept when their session ends can be sealed for them. */
export async function rememberSubject(context: Context, userId: string) {
	const session = getSession(context)
	if (session.getSealed('subject')?.id !== userId) await session.setSealed('subject', { id: userId })
}

/** Decision 0010: never secrets, sealed for that partner. Call it before the session's cookies are cleared. */
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
	const draft = { page, form: typeof formId === 'string' ? formId : null, values }
	const kept = await session.setSealed('draft', draft, subject, { maxBytes: MAX_DRAFT_BYTES })
	if (!kept) await session.setFlash({ tone: 'warning', key: 'common:draft.dropped' })
}

/** Once: reading it clears the cookie; a draft sealed for anyone else is dropped unread. */
export async function takeDraft(context: Context, page: string, userId: string): Promise<FormDraft | null> {
	const session = getSession(context)
	if (!session.hasSealed('draft')) return null
	const draft = session.getSealed('draft', userId)
	if (draft && draft.page !== page) return null
	await session.clearSealed('draft')
	return draft
}

/** Why sign-in is shown: a session ended while in use; a form posted then is kept (decisions 0010, 0038). */
export type SessionEnded = Extract<SignInNotice, 'session-expired' | 'signed-out-elsewhere'>

/** A first visit says nothing; a session that ended in use says why, and keeps what was posted. */
export async function sendToSignIn(request: Request, context: Context, ended?: SessionEnded): Promise<never> {
	const session = getSession(context)
	if (session.hasTokens) await session.clearTokens()
	if (ended && UNSAFE_METHODS.has(request.method.toUpperCase())) await keepDraft(context, getPageUrl(context).pathname)
	throw redirect(signInLocation(getPageUrl(context), ended))
}
