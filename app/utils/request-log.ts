import { redactSecretPaths } from './redaction'

// No query string (it may hold codes or tokens) and emailed links' secret segment redacted.
export function loggablePath(url: string | URL) {
	const { pathname } = typeof url === 'string' ? new URL(url, 'http://x') : url
	return redactSecretPaths(pathname)
}
