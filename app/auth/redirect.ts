/**
 * Rules for `redirect_to` (spec point 2). Only same-site relative paths are
 * honoured; everything else falls back to the home page.
 */
export const REDIRECT_PARAM = 'redirect_to'
export const SIGN_IN_PATH = '/auth/sign-in'

const CONTROL = /[\u0000-\u001f\u007f]/
const MAX_LENGTH = 2048

function looksSafe(path: string) {
	return (
		path.startsWith('/') &&
		!path.startsWith('//') &&
		!path.includes('\\') &&
		!CONTROL.test(path) &&
		path.length <= MAX_LENGTH
	)
}

/** `value` if it is a safe same-site path, else `fallback`. */
export function safeRedirect(value: unknown, fallback = '/'): string {
	if (typeof value !== 'string') return fallback
	const path = value.trim()
	if (!looksSafe(path)) return fallback
	// Encoded tricks: "/%2F%2Fevil.example", "/%5Cevil.example", double encoding.
	let decoded = path
	for (let i = 0; i < 3; i++) {
		let next: string
		try {
			next = decodeURIComponent(decoded)
		} catch {
			return fallback
		}
		if (!looksSafe(next)) return fallback
		if (next === decoded) break
		decoded = next
	}
	const base = 'http://portal.invalid'
	let resolved: URL
	try {
		resolved = new URL(path, base)
	} catch {
		return fallback
	}
	if (resolved.origin !== base) return fallback
	return path
}

/**
 * Where an anonymous visitor of a signed-in page is sent: the sign-in page,
 * remembering the original path and query, except for "/" and sign-out.
 */
export function signInLocation(url: URL): string {
	if (url.pathname === '/' || url.pathname === '/auth/sign-out') return SIGN_IN_PATH
	const target = `${url.pathname}${url.search}`
	const params = new URLSearchParams({ [REDIRECT_PARAM]: target })
	return `${SIGN_IN_PATH}?${params.toString()}`
}

/**
 * Where a signed-in visitor of a guest-only page (or a fresh sign-in) goes:
 * the safe `redirect_to`, or home, keeping the other query parameters.
 */
export function afterSignInLocation(url: URL, redirectTo?: string | null): string {
	const target = safeRedirect(redirectTo ?? url.searchParams.get(REDIRECT_PARAM))
	const rest = new URLSearchParams(url.search)
	rest.delete(REDIRECT_PARAM)
	if ([...rest.keys()].length === 0) return target
	const resolved = new URL(target, 'http://portal.invalid')
	for (const [key, value] of rest) resolved.searchParams.append(key, value)
	return `${resolved.pathname}${resolved.search}${resolved.hash}`
}

/** Paths an unconfirmed user may still use (spec point 4: "must verify the email to continue"). */
export const UNVERIFIED_ALLOWED = ['/auth/sign-out', '/auth/verification/resend', '/me/manage/security/email']

export function isAllowedUnverified(pathname: string) {
	return UNVERIFIED_ALLOWED.includes(pathname.replace(/\/+$/, '') || '/')
}
