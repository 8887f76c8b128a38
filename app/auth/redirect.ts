// Only same-site relative paths are honoured (spec point 2).
export const REDIRECT_PARAM = 'redirect_to'
export const SIGN_IN_PATH = '/auth/sign-in'

// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const CONTROL = /[\u0000-\u001f\u007f]/
const MAX_LENGTH = 2048
const BASE = 'http://portal.invalid'

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

function checked(location: string, fallback: string) {
	return looksSafe(location) && decodesSafely(location) ? location : fallback
}

export function safeRedirect(value: unknown, fallback = '/'): string {
	if (typeof value !== 'string') return fallback
	const path = value.trim()
	if (!looksSafe(path) || !decodesSafely(path)) return fallback
	// A path `looksSafe` passes (one leading `/`, no control character) always parses against the base.
	const resolved = new URL(path, BASE)
	if (resolved.origin !== BASE) return fallback
	return checked(`${resolved.pathname}${resolved.search}${resolved.hash}`, fallback)
}

/** The sign-in page, remembering the original page, except for "/" and sign-out. */
export function signInLocation(url: URL, notice?: SignInNotice): string {
	const params = new URLSearchParams(notice ? { [NOTICE_PARAM]: notice } : {})
	if (url.pathname !== '/' && url.pathname !== '/auth/sign-out') {
		params.set(REDIRECT_PARAM, safeRedirect(`${url.pathname}${url.search}`))
	}
	const query = params.toString()
	return query ? `${SIGN_IN_PATH}?${query}` : SIGN_IN_PATH
}

export const NOTICE_PARAM = 'notice'
export const SIGN_IN_NOTICES = ['signed-out', 'signed-out-elsewhere', 'session-expired', 'two-step-expired'] as const
export type SignInNotice = (typeof SIGN_IN_NOTICES)[number]

export const signInWithNotice = (notice: SignInNotice) => `${SIGN_IN_PATH}?${NOTICE_PARAM}=${notice}`

export function afterSignInLocation(url: URL, redirectTo?: string | null): string {
	const target = safeRedirect(redirectTo ?? url.searchParams.get(REDIRECT_PARAM))
	const rest = new URLSearchParams(url.search)
	for (const name of [REDIRECT_PARAM, NOTICE_PARAM]) rest.delete(name)
	if ([...rest.keys()].length === 0) return target
	const resolved = new URL(target, BASE)
	for (const [key, value] of rest) resolved.searchParams.append(key, value)
	return checked(`${resolved.pathname}${resolved.search}${resolved.hash}`, '/')
}

// Spec point 4.
export const UNVERIFIED_ALLOWED = ['/auth/sign-out', '/auth/verification/resend', '/me/manage/security/email']

export function isAllowedUnverified(pathname: string) {
	return UNVERIFIED_ALLOWED.includes(pathname.replace(/(?<!\/)\/+$/, '') || '/')
}
