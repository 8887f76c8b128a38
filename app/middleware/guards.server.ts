import { redirect, type MiddlewareFunction } from 'react-router'
import { currentUserOrNull } from '#app/api/users.server'
import { sendToSignIn } from '#app/auth/drafts.server'
import { afterSignInLocation, isAllowedUnverified } from '#app/auth/redirect'
import { getApi, getPageUrl, getSession, optionalUserContext, userContext } from '#app/context.server'

const isRead = (request: Request) => request.method === 'GET' || request.method === 'HEAD'

// Starts the current-user call and hands the promise on, so loaders call the API in the same round (decision 0026).
export const requireUserMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
	if (!getSession(context).hasTokens) return sendToSignIn(request, context)
	const user = currentUserOrNull(getApi(context)).then(
		(found) => found ?? sendToSignIn(request, context, 'session-expired'),
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

// A session that ended in use still goes to sign-in, so a form posted just then is kept as a draft.
export const optionalUserMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
	const hadTokens = getSession(context).hasTokens
	const user = currentUserOrNull(getApi(context)).then((found) =>
		!found && hadTokens ? sendToSignIn(request, context, 'session-expired') : found,
	)
	user.catch(() => undefined)
	context.set(optionalUserContext, user)
	if (!isRead(request)) await user
	const response = await next()
	await user
	return response
}

export const guestOnlyMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
	const user = await currentUserOrNull(getApi(context))
	if (user) throw redirect(afterSignInLocation(getPageUrl(context)))
	return next()
}
