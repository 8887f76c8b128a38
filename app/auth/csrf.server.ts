// Decision 0009.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { createCookie, type Cookie, type RouterContextProvider } from 'react-router'
import { getConfig, sessionSecrets, usesSecureCookies } from '#app/config.server'
import { csrfContext } from '#app/context.server'

export const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

// Spec point 9.
export const CSRF_COOKIE_NAME = 'XSRF-TOKEN'

// Every token is bound to the browser's own id, so a pair planted from a sibling subdomain is refused.
const BROWSER_COOKIE_NAME = 'csrf-browser'

let cookies: { token: Cookie; browser: Cookie } | undefined
export function csrfCookies() {
	const config = getConfig()
	const flags = { httpOnly: true, sameSite: 'lax' as const, secure: usesSecureCookies() }
	cookies ??= {
		token: createCookie(CSRF_COOKIE_NAME, { ...flags, path: config.COOKIE_PATH, domain: config.COOKIE_DOMAIN }),
		// Kept across restarts of the browser, so its next sign-in is not announced as a new browser (0040).
		browser: createCookie(flags.secure ? `__Host-${BROWSER_COOKIE_NAME}` : BROWSER_COOKIE_NAME, {
			...flags,
			path: '/',
			maxAge: 400 * 24 * 60 * 60,
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

async function browserIdOf(header: string | null) {
	const id: unknown = await csrfCookies().browser.parse(header)
	return typeof id === 'string' && BROWSER_ID.test(id) ? id : null
}

export async function csrfCookieState(request: Request) {
	const header = request.headers.get('cookie')
	const browserId = await browserIdOf(header)
	return { browserId, token: browserId ? verifiedToken(await csrfCookies().token.parse(header), browserId) : null }
}

// Decision 0040: the API tells this browser's sign-ins apart by this id, which says nothing of the browser id.
export async function deviceIdOf(request: Request) {
	const browserId = await browserIdOf(request.headers.get('cookie'))
	return browserId && createHmac('sha256', sessionSecrets()[0]!).update(`device:${browserId}`).digest('base64url')
}

export function matchesToken(submitted: unknown, token: string | null): boolean {
	return !!token && typeof submitted === 'string' && equal(submitted, token)
}

// A new token at sign-in and sign-out, so one seen before cannot be replayed after.
export function rotateCsrfToken(context: Readonly<RouterContextProvider>) {
	const state = context.get(csrfContext)
	state.token = newToken()
	state.changed = true
}
