import { createCookie, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { createCsrfTokenMiddleware } from 'remix-utils/middleware/csrf-token'
import { getConfig } from '#app/config.server'

/** Name required by the spec (point 9). */
export const CSRF_COOKIE_NAME = 'XSRF-TOKEN'
export const CSRF_FIELD_NAME = 'csrf'

let middleware: MiddlewareFunction<Response> | undefined
let getter: ((context: Readonly<RouterContextProvider>) => string) | undefined

function build() {
	const config = getConfig()
	const cookie = createCookie(CSRF_COOKIE_NAME, {
		path: config.COOKIE_PATH,
		domain: config.COOKIE_DOMAIN,
		httpOnly: true,
		sameSite: 'lax',
		secure: config.NODE_ENV === 'production' && config.PUBLIC_APP_URL.startsWith('https:'),
	})
	;[middleware, getter] = createCsrfTokenMiddleware({
		cookie,
		formDataKey: CSRF_FIELD_NAME,
		secret: config.SESSION_SECRET,
		onInvalidToken() {
			throw new Response('Forbidden', { status: 403, statusText: 'Forbidden' })
		},
	})
}

/**
 * Double-submit token: every non-GET form post must carry the token that the
 * `XSRF-TOKEN` cookie holds. React Router's own Origin check runs as well.
 */
export const csrfMiddleware: MiddlewareFunction<Response> = (args, next) => {
	if (!middleware) build()
	return middleware!(args, next)
}

export function getCsrfToken(context: Readonly<RouterContextProvider>) {
	if (!getter) build()
	return getter!(context)
}
