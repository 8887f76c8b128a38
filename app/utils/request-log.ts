/**
 * Paths that carry secrets in the URL itself (emailed tokens). The log keeps
 * the route shape and drops the secret.
 */
const SECRET_PATHS: Array<[RegExp, string]> = [
	[/^(\/auth\/reset-password\/token\/)[^/]+/, '$1[redacted]'],
	[/^(\/tokens\/[^/]+\/)[^/]+/, '$1[redacted]'],
]

/** The path to log: no query string (it may hold codes or tokens), no path secrets. */
export function loggablePath(url: string | URL) {
	const { pathname } = typeof url === 'string' ? new URL(url, 'http://x') : url
	let path = pathname
	for (const [pattern, replacement] of SECRET_PATHS) path = path.replace(pattern, replacement)
	return path
}
