/**
 * Rules for `redirect_to` (spec point 2) and for "the page this request is
 * for". Only same-site relative paths are honoured; everything else falls back
 * to the home page.
 */
export const REDIRECT_PARAM = 'redirect_to'
export const SIGN_IN_PATH = '/auth/sign-in'

// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const CONTROL = /[\u0000-\u001f\u007f]/
const MAX_LENGTH = 2048
const BASE = 'http://portal.invalid'

/** A location a browser will read as same-site: one leading slash, no backslash tricks. */
function looksSafe(path: string) {
	return (
		path.startsWith('/') &&
		!path.startsWith('//') &&
		!path.startsWith('/\\') &&
		!path.includes('\\') &&
		!CONTROL.test(path) &&
		path.length <= MAX_LENGTH
	)
}

/** Unsafe at any level of percent-decoding ("/%2F%2Fevil", double encoding)? */
function decodesSafely(path: string) {
	let decoded = path
	for (let i = 0; i < 3; i++) {
		let next: string
		try {
			next = decodeURIComponent(decoded)
		} catch {
			return false
		}
		if (!looksSafe(next)) return false
		if (next === decoded) return true
		decoded = next
	}
	return true
}

/** The final location, if it is safe to send a browser to: the checks run on what is returned. */
function checked(location: string, fallback: string) {
	return looksSafe(location) && decodesSafely(location) ? location : fallback
}

/**
 * A safe same-site location for `value`: only its normalised path, query and
 * hash (`/./x`, `/a/../x` resolved), else `fallback`.
 */
export function safeRedirect(value: unknown, fallback = '/'): string {
	if (typeof value !== 'string') return fallback
	const path = value.trim()
	if (!looksSafe(path) || !decodesSafely(path)) return fallback
	let resolved: URL
	try {
		resolved = new URL(path, BASE)
	} catch {
		return fallback
	}
	if (resolved.origin !== BASE) return fallback
	return checked(`${resolved.pathname}${resolved.search}${resolved.hash}`, fallback)
}

/**
 * Where an anonymous visitor of a signed-in page is sent: the sign-in page,
 * remembering the original page and query, except for "/" and sign-out.
 * `notice` tells the sign-in page why they are there.
 */
export function signInLocation(url: URL, notice?: SignInNotice): string {
	const params = new URLSearchParams(notice ? { [NOTICE_PARAM]: notice } : {})
	if (url.pathname !== '/' && url.pathname !== '/auth/sign-out') {
		params.set(REDIRECT_PARAM, safeRedirect(`${url.pathname}${url.search}`))
	}
	const query = params.toString()
	return query ? `${SIGN_IN_PATH}?${query}` : SIGN_IN_PATH
}

/** Why the sign-in page shows (`?notice=…`): the banner above its form. */
export const NOTICE_PARAM = 'notice'
export const SIGN_IN_NOTICES = ['signed-out', 'session-expired', 'two-step-expired'] as const
export type SignInNotice = (typeof SIGN_IN_NOTICES)[number]

/** The sign-in page with a notice, and nothing to return to. */
export const signInWithNotice = (notice: SignInNotice) => `${SIGN_IN_PATH}?${NOTICE_PARAM}=${notice}`

/** Parameters the sign-in page uses itself; they do not travel on to the next page. */
const SIGN_IN_PARAMS = [REDIRECT_PARAM, NOTICE_PARAM]

/**
 * Where a signed-in visitor of a guest-only page (or a fresh sign-in) goes:
 * the safe `redirect_to`, or home, keeping the other query parameters.
 */
export function afterSignInLocation(url: URL, redirectTo?: string | null): string {
	const target = safeRedirect(redirectTo ?? url.searchParams.get(REDIRECT_PARAM))
	const rest = new URLSearchParams(url.search)
	for (const name of SIGN_IN_PARAMS) rest.delete(name)
	if ([...rest.keys()].length === 0) return target
	const resolved = new URL(target, BASE)
	for (const [key, value] of rest) resolved.searchParams.append(key, value)
	return checked(`${resolved.pathname}${resolved.search}${resolved.hash}`, '/')
}

/** Pages an unconfirmed user may still use (spec point 4: "must verify the email to continue"). */
export const UNVERIFIED_ALLOWED = ['/auth/sign-out', '/auth/verification/resend', '/me/manage/security/email']

export function isAllowedUnverified(pathname: string) {
	return UNVERIFIED_ALLOWED.includes(pathname.replace(/(?<!\/)\/+$/, '') || '/')
}
