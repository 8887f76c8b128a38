import type { MiddlewareFunction, RouterContextProvider } from 'react-router'
import { refusal } from './request-log.server'
import {
	csrfCookies,
	csrfCookieState,
	matchesToken,
	newToken,
	signedValue,
	UNSAFE_METHODS,
} from '#app/auth/csrf.server'
import { sendToSignIn } from '#app/auth/drafts.server'
import { csrfContext, getFormData, getSession, type CsrfState } from '#app/context.server'
import { CSRF_FIELD_NAME } from '#app/utils/csrf'

// Decision 0009: every unsafe request, whatever its type; React Router's Origin check is the second defence.
export const csrfMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
	const { browserId, token } = await csrfCookieState(request)
	if (UNSAFE_METHODS.has(request.method.toUpperCase())) {
		if (!matchesToken(getFormData(context).get(CSRF_FIELD_NAME), token)) {
			if (browserId && signedOutElsewhere(request, context))
				await sendToSignIn(request, context, 'signed-out-elsewhere')
			throw refusal(403, context)
		}
	}
	const state: CsrfState = token
		? { token, browser: browserId!, changed: false }
		: { token: newToken(), browser: browserId ?? newToken(), changed: true }
	context.set(csrfContext, state)
	const response = await next()
	if (state.changed) {
		const { token: tokenCookie, browser } = csrfCookies()
		if (state.browser !== browserId) response.headers.append('Set-Cookie', await browser.serialize(state.browser))
		response.headers.append('Set-Cookie', await tokenCookie.serialize(signedValue(state.token, state.browser)))
	}
	return response
}

/** Decision 0038: our own page, in the browser a partner signed out of since it was loaded (the browser says so). */
function signedOutElsewhere(request: Request, context: Readonly<RouterContextProvider>) {
	const session = getSession(context)
	return request.headers.get('sec-fetch-site') === 'same-origin' && !session.hasTokens && session.hasSealed('subject')
}
