import { redactSecretPaths } from './redaction'

/**
 * The path to log: no query string (it may hold codes or tokens), and the
 * secret segment of emailed links redacted (the list is shared with error
 * reporting, see redaction.js).
 */
export function loggablePath(url: string | URL) {
	const { pathname } = typeof url === 'string' ? new URL(url, 'http://x') : url
	return redactSecretPaths(pathname)
}
