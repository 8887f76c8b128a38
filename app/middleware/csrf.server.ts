import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import {
	createContext,
	createCookie,
	type Cookie,
	type MiddlewareFunction,
	type RouterContextProvider,
} from 'react-router'
import { refusal } from './request-log.server'
import { getFormData, UNSAFE_METHODS } from './form-body.server'
import { getConfig, sessionSecrets, usesSecureCookies } from '#app/config.server'
import { CSRF_FIELD_NAME } from '#app/utils/csrf'

/** Name required by the spec (point 9). */
export const CSRF_COOKIE_NAME = 'XSRF-TOKEN'

type CsrfState = { token: string; changed: boolean }
const csrfContext = createContext<CsrfState>()

let cookie: Cookie | undefined
function csrfCookie() {
	const config = getConfig()
	cookie ??= createCookie(CSRF_COOKIE_NAME, {
		path: config.COOKIE_PATH,
		domain: config.COOKIE_DOMAIN,
		httpOnly: true,
		sameSite: 'lax',
		secure: usesSecureCookies(),
	})
	return cookie
}

function sign(token: string, secret: string) {
	return createHmac('sha256', secret).update(`csrf:${token}`).digest('base64url')
}

function equal(a: string, b: string) {
	const left = Buffer.from(a)
	const right = Buffer.from(b)
	return left.length === right.length && timingSafeEqual(left, right)
}

/** The token inside a cookie value `<token>.<HMAC>`, when any session secret signed it. */
export function verifiedToken(value: unknown, secrets = sessionSecrets()): string | null {
	if (typeof value !== 'string') return null
	const [token, signature, ...rest] = value.split('.')
	if (!token || !signature || rest.length) return null
	return secrets.some((secret) => equal(sign(token, secret), signature)) ? token : null
}

export function signedValue(token: string, secret = sessionSecrets()[0]!) {
	return `${token}.${sign(token, secret)}`
}

function newToken() {
	return randomBytes(32).toString('base64url')
}

/**
 * Double-submit token: every unsafe request, whatever its content type, must
 * carry in its form the token that the `XSRF-TOKEN` cookie holds, signed with
 * the session secret. Runs after `formBodyMiddleware` (which refuses bodies
 * that are not forms). React Router's Origin check is the second defence.
 */
export const csrfMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
	const fromCookie = verifiedToken(await csrfCookie().parse(request.headers.get('cookie')))
	if (UNSAFE_METHODS.has(request.method.toUpperCase())) {
		const submitted = getFormData(context).get(CSRF_FIELD_NAME)
		if (!fromCookie || typeof submitted !== 'string' || !equal(submitted, fromCookie)) {
			throw refusal(403, context)
		}
	}
	const state: CsrfState = fromCookie ? { token: fromCookie, changed: false } : { token: newToken(), changed: true }
	context.set(csrfContext, state)
	const response = await next()
	if (state.changed) response.headers.append('Set-Cookie', await csrfCookie().serialize(signedValue(state.token)))
	return response
}

/** The token forms of this response must carry. */
export function getCsrfToken(context: Readonly<RouterContextProvider>) {
	return context.get(csrfContext).token
}

/** A new token at sign-in and sign-out, so a token seen before cannot be replayed after. */
export function rotateCsrfToken(context: Readonly<RouterContextProvider>) {
	const state = context.get(csrfContext)
	state.token = newToken()
	state.changed = true
}
