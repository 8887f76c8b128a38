/**
 * The CSRF double-submit token's primitives (decision 0009): the two cookies, the
 * token signed for this browser with the session secret, and the comparison.
 * The middleware (app/middleware/csrf.server.ts) and the upload gate use them.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { createCookie, type Cookie, type RouterContextProvider } from 'react-router'
import { getConfig, sessionSecrets, usesSecureCookies } from '#app/config.server'
import { csrfContext } from '#app/context.server'

/** Methods whose body is read and whose CSRF token is checked. */
export const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** Name required by the spec (point 9). */
export const CSRF_COOKIE_NAME = 'XSRF-TOKEN'

/**
 * The browser's own random id, which every token is bound to: a token pair
 * planted from another browser (a cookie set from a sibling subdomain, plus
 * the token that came with it) is refused here. Host-only, and `__Host-`
 * with Secure, so no other host can set it.
 */
const BROWSER_COOKIE_NAME = 'csrf-browser'

let cookies: { token: Cookie; browser: Cookie } | undefined
export function csrfCookies() {
	const config = getConfig()
	const secure = usesSecureCookies()
	cookies ??= {
		token: createCookie(CSRF_COOKIE_NAME, {
			path: config.COOKIE_PATH,
			domain: config.COOKIE_DOMAIN,
			httpOnly: true,
			sameSite: 'lax',
			secure,
		}),
		browser: createCookie(secure ? `__Host-${BROWSER_COOKIE_NAME}` : BROWSER_COOKIE_NAME, {
			path: '/',
			httpOnly: true,
			sameSite: 'lax',
			secure,
		}),
	}
	return cookies
}

function sign(token: string, browser: string, secret: string) {
	return createHmac('sha256', secret).update(`csrf:${browser}:${token}`).digest('base64url')
}

function equal(a: string, b: string) {
	const left = Buffer.from(a)
	const right = Buffer.from(b)
	return left.length === right.length && timingSafeEqual(left, right)
}

/** The token inside a cookie value `<token>.<HMAC>`, when any session secret signed it for this browser. */
export function verifiedToken(value: unknown, browser: string, secrets = sessionSecrets()): string | null {
	if (typeof value !== 'string' || !browser) return null
	const [token, signature, ...rest] = value.split('.')
	if (!token || !signature || rest.length) return null
	return secrets.some((secret) => equal(sign(token, browser, secret), signature)) ? token : null
}

export function signedValue(token: string, browser: string, secret = sessionSecrets()[0]!) {
	return `${token}.${sign(token, browser, secret)}`
}

export function newToken() {
	return randomBytes(32).toString('base64url')
}

const BROWSER_ID = /^[A-Za-z0-9_-]{43}$/

/** This request's browser id (when it has a well-formed one) and the token its cookie holds for it. */
export async function csrfCookieState(request: Request) {
	const header = request.headers.get('cookie')
	const { token, browser } = csrfCookies()
	const id: unknown = await browser.parse(header)
	const browserId = typeof id === 'string' && BROWSER_ID.test(id) ? id : null
	return { browserId, token: browserId ? verifiedToken(await token.parse(header), browserId) : null }
}

/** Whether `submitted` is the token this request's cookies hold (constant time). */
export function matchesToken(submitted: unknown, token: string | null): boolean {
	return !!token && typeof submitted === 'string' && equal(submitted, token)
}

/** A new token at sign-in and sign-out, so a token seen before cannot be replayed after. */
export function rotateCsrfToken(context: Readonly<RouterContextProvider>) {
	const state = context.get(csrfContext)
	state.token = newToken()
	state.changed = true
}
