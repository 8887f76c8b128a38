import { href, redirect } from 'react-router'
import type { Route } from './+types/verification-resend'
import { allPages } from '#app/api/pagination.server'
import { ApiError } from '#app/api/errors'
import { sendToSignIn } from '#app/auth/drafts.server'
import { safeRedirect } from '#app/auth/redirect'
import type { I18nHandle } from '#app/i18n'
import { getApi, getFormData, getSession, getUser } from '#app/context.server'

export const handle = { i18n: ['auth'] } satisfies I18nHandle

/** POST only: sends the verification email again, then back to where the user was. */
export async function action({ request, context }: Route.ActionArgs) {
	const formData = getFormData(context)
	const back = safeRedirect(formData.get('redirect_to'))
	const api = getApi(context)
	const session = getSession(context)
	const user = await getUser(context)
	try {
		const verification = (await allPages(api, 'listUserVerifications')).find(
			(v) => v.status === 'pending' && v.value === (user.pending_email ?? user.email),
		)
		if (!verification) return redirect(back)
		await api.call('resendUserVerification', { params: { id: verification.id } })
		await session.setFlash({ tone: 'success', key: 'auth:verification.resent', values: { email: verification.value } })
	} catch (error) {
		if (!(error instanceof ApiError)) throw error
		if (error.kind === 'unauthenticated') return sendToSignIn(request, context, 'session-expired')
		// A 429: the prompt's countdown (from the API) says when; the message only says why nothing was sent.
		const key = error.status === 429 ? 'auth:verification.resendTooSoon' : 'auth:verification.resendFailed'
		await session.setFlash({ tone: 'warning', key })
	}
	return redirect(back)
}

/** Nothing to show on GET: go home. */
export function loader() {
	return redirect(href('/'))
}
