import { randomBytes } from 'node:crypto'
import type { MiddlewareFunction } from 'react-router'
import { getConfig } from '#app/config.server'
import { nonceContext } from '#app/context.server'

export function contentSecurityPolicy(
	nonce: string,
	{ dev = false, sentryDsn, logoStorage }: { dev?: boolean; sentryDsn?: string; logoStorage?: string } = {},
) {
	const directives = {
		'default-src': ["'self'"],
		'script-src': [`'nonce-${nonce}'`, "'self'"],
		'style-src': ["'self'", `'nonce-${nonce}'`, ...(dev ? ["'unsafe-inline'"] : [])],
		'img-src': ["'self'", 'data:', 'blob:', ...(logoStorage ? [new URL(logoStorage).origin] : [])],
		'font-src': ["'self'"],
		'connect-src': ["'self'", ...(sentryDsn ? [new URL(sentryDsn).origin] : []), ...(dev ? ['ws:'] : [])],
		'worker-src': ["'self'"],
		'object-src': ["'none'"],
		'base-uri': ["'none'"],
		'frame-ancestors': ["'none'"],
		'form-action': ["'self'"],
	}
	return Object.entries(directives)
		.map(([name, values]) => `${name} ${values.join(' ')}`)
		.join('; ')
}

// Set by server.mjs on every answer, even those React Router gives before any middleware.
export function baseSecurityHeaders({ https }: { https: boolean }): Record<string, string> {
	return {
		'X-Content-Type-Options': 'nosniff',
		// Not `no-referrer`: it makes browsers send `Origin: null` on form posts without JS.
		'Referrer-Policy': 'strict-origin-when-cross-origin',
		'X-Frame-Options': 'DENY',
		'Cross-Origin-Opener-Policy': 'same-origin',
		'Cross-Origin-Resource-Policy': 'same-origin',
		'Permissions-Policy':
			'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
		...(https ? { 'Strict-Transport-Security': 'max-age=63072000; includeSubDomains' } : {}),
	}
}

// The nonce goes in context so entry.server can hand it to React's inline scripts.
export const securityMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
	const { NODE_ENV, SENTRY_DSN, SERVICE_LOGO_URL } = getConfig()
	const nonce = randomBytes(16).toString('base64')
	context.set(nonceContext, nonce)
	const response = await next()
	const headers = response.headers
	const dev = NODE_ENV === 'development'
	const policy = contentSecurityPolicy(nonce, { dev, sentryDsn: SENTRY_DSN, logoStorage: SERVICE_LOGO_URL })
	// Vite's dev server injects scripts we cannot nonce; report only while developing.
	headers.set(dev ? 'Content-Security-Policy-Report-Only' : 'Content-Security-Policy', policy)
	if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'private, no-store')
	return response
}
