import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { afterSignInLocation, isAllowedUnverified, pageUrl, signInLocation } from './redirect'
import { getApi, getSession } from '#app/api/context.server'
import type { User } from '#app/api/partner-api.server'
import type { TokenPair } from './session.server'
import { keepDraft } from './drafts.server'
import { rotateCsrfToken } from '#app/middleware/csrf.server'
import { UNSAFE_METHODS } from '#app/middleware/form-body.server'

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
	throw redirect(signInLocation(request, expired ? { session: 'expired' } : {}))
}

/** A partner signed in: keep their tokens, and a new CSRF token from now on. */
export async function startSession(context: Readonly<RouterContextProvider>, pair: TokenPair) {
	await getSession(context).setTokens(pair)
	rotateCsrfToken(context)
}

/** A partner signed out: tokens gone, and a new CSRF token for whoever uses the browser next. */
export async function endSession(context: Readonly<RouterContextProvider>) {
	await getSession(context).clearTokens()
	rotateCsrfToken(context)
}

/**
 * Signed-in group (spec point 2): anonymous visitors go to sign-in with
 * redirect_to. The current user is then available through `getUser`.
 */
export const requireUserMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
	const hadTokens = getSession(context).hasTokens
	const user = await getApi(context).currentUserOrNull()
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

/** Guest-only group: a signed-in visitor goes to redirect_to or home, keeping other parameters. */
export const guestOnlyMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
	const user = await getApi(context).currentUserOrNull()
	if (user) throw redirect(afterSignInLocation(request))
	return next()
}
