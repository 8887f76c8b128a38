import { redirect, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { currentUserOrNull } from '#app/api/users.server'
import { UNSAFE_METHODS } from '#app/auth/csrf.server'
import { keepDraft } from '#app/auth/drafts.server'
import { afterSignInLocation, isAllowedUnverified, signInLocation } from '#app/auth/redirect'
import { getApi, getPageUrl, getSession, optionalUserContext, userContext } from '#app/context.server'

/**
 * Where a partner without a session is sent: sign-in with redirect_to, and
 * "Your session has expired" when the browser held tokens the API refused
 * (not on a first visit). A form posted just then is kept as a draft.
 */
export async function sendToSignIn(
	request: Request,
	context: Readonly<RouterContextProvider>,
	{ expired }: { expired: boolean },
): Promise<never> {
	const session = getSession(context)
	if (session.hasTokens) await session.clearTokens()
	if (expired && UNSAFE_METHODS.has(request.method.toUpperCase()))
		await keepDraft(context, getPageUrl(context).pathname)
	throw redirect(signInLocation(getPageUrl(context), expired ? 'session-expired' : undefined))
}

const isRead = (request: Request) => request.method === 'GET' || request.method === 'HEAD'

/**
 * Signed-in group (spec point 2): anonymous visitors go to sign-in with
 * redirect_to. The middleware *starts* the current-user call and hands the
 * promise on (`getUser`), so a page's loaders call the API in the same round;
 * once they are done, a visitor who turned out signed out is sent to sign-in
 * whatever the loaders answered. An action runs only after the user is known:
 * an unconfirmed partner reaches none but the allowed ones.
 */
export const requireUserMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
	const hadTokens = getSession(context).hasTokens
	// No session cookie at all: sign-in before any loader or API call runs.
	if (!hadTokens) return sendToSignIn(request, context, { expired: false })
	const user = currentUserOrNull(getApi(context)).then(
		(found) => found ?? sendToSignIn(request, context, { expired: hadTokens }),
	)
	// Awaited below and by the loaders that need it; never an unhandled rejection.
	user.catch(() => undefined)
	context.set(userContext, user)
	if (!isRead(request)) {
		const page = getPageUrl(context)
		if (!(await user).email_verified_at && !isAllowedUnverified(page.pathname)) throw redirect(page.pathname)
	}
	const response = await next()
	await user
	return response
}

/**
 * A page for everyone that is richer signed in (contact): the current user when there is one, else the page
 * goes on signed out. A session that ended while in use (the browser held tokens the API refused) still goes to
 * sign-in, like the signed-in group, so a form posted just then is kept as a draft instead of asking for more.
 */
export const optionalUserMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
	const hadTokens = getSession(context).hasTokens
	const user = currentUserOrNull(getApi(context)).then((found) =>
		!found && hadTokens ? sendToSignIn(request, context, { expired: true }) : found,
	)
	user.catch(() => undefined)
	context.set(optionalUserContext, user)
	if (!isRead(request)) await user
	const response = await next()
	await user
	return response
}

/** Guest-only group: a signed-in visitor goes to redirect_to or home, keeping other parameters. */
export const guestOnlyMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
	const user = await currentUserOrNull(getApi(context))
	if (user) throw redirect(afterSignInLocation(getPageUrl(context)))
	return next()
}
