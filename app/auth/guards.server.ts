import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { afterSignInLocation, isAllowedUnverified, signInLocation } from './redirect'
import { getApi, getSession } from '#app/api/context.server'
import type { User } from '#app/api/partner-api.server'

const userContext = createContext<User>()

/**
 * Signed-in group (spec point 2): anonymous visitors go to sign-in with
 * redirect_to. The current user is then available through `getUser`.
 */
export const requireUserMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
	const url = new URL(request.url)
	const user = await getApi(context).currentUserOrNull()
	if (!user) {
		await getSession(context).clearTokens()
		throw redirect(signInLocation(url))
	}
	context.set(userContext, user)
	// Unconfirmed users see the verification prompt (rendered by the layout);
	// no action of the signed-in area runs for them except the allowed ones.
	if (!user.email_verified_at && request.method !== 'GET' && request.method !== 'HEAD' && !isAllowedUnverified(url.pathname)) {
		throw redirect(url.pathname)
	}
	return next()
}

export function getUser(context: Readonly<RouterContextProvider>): User {
	return context.get(userContext)
}

/** Guest-only group: a signed-in visitor goes to redirect_to or home, keeping other parameters. */
export const guestOnlyMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
	const user = await getApi(context).currentUserOrNull()
	if (user) throw redirect(afterSignInLocation(new URL(request.url)))
	return next()
}
