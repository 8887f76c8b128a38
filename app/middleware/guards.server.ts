import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { UNSAFE_METHODS } from './form-body.server'
import { getApi, getSession } from './session.server'
import { currentUserOrNull, type User } from '#app/api/users.server'
import { keepDraft } from '#app/auth/drafts.server'
import { afterSignInLocation, isAllowedUnverified, pageUrl, signInLocation } from '#app/auth/redirect'

const userContext = createContext<User>()

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
	if (expired && UNSAFE_METHODS.has(request.method.toUpperCase())) await keepDraft(context, pageUrl(request).pathname)
	throw redirect(signInLocation(request, expired ? 'session-expired' : undefined))
}

/**
 * Signed-in group (spec point 2): anonymous visitors go to sign-in with
 * redirect_to. The current user is then available through `getUser`.
 */
export const requireUserMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
	const hadTokens = getSession(context).hasTokens
	const user = await currentUserOrNull(getApi(context))
	if (!user) return sendToSignIn(request, context, { expired: hadTokens })
	context.set(userContext, user)
	// Unconfirmed users see the verification prompt (rendered by the layout);
	// no action of the signed-in area runs for them except the allowed ones.
	const page = pageUrl(request)
	if (
		!user.email_verified_at &&
		request.method !== 'GET' &&
		request.method !== 'HEAD' &&
		!isAllowedUnverified(page.pathname)
	) {
		throw redirect(page.pathname)
	}
	return next()
}

export function getUser(context: Readonly<RouterContextProvider>): User {
	return context.get(userContext)
}

const optionalUserContext = createContext<User | null>(null)

/**
 * A page for everyone that is richer signed in (contact): the current user when there is one, else the page
 * goes on signed out. A session that ended while in use (the browser held tokens the API refused) still goes to
 * sign-in, like the signed-in group, so a form posted just then is kept as a draft instead of asking for more.
 */
export const optionalUserMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
	const hadTokens = getSession(context).hasTokens
	const user = await currentUserOrNull(getApi(context))
	if (!user && hadTokens) return sendToSignIn(request, context, { expired: true })
	context.set(optionalUserContext, user)
	return next()
}

/** The user `optionalUserMiddleware` found, or null signed out. */
export function getOptionalUser(context: Readonly<RouterContextProvider>): User | null {
	return context.get(optionalUserContext)
}

/** Guest-only group: a signed-in visitor goes to redirect_to or home, keeping other parameters. */
export const guestOnlyMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
	const user = await currentUserOrNull(getApi(context))
	if (user) throw redirect(afterSignInLocation(request))
	return next()
}
