import { randomBytes } from 'node:crypto'
import { createContext, type MiddlewareFunction } from 'react-router'
import { getConfig, type Config } from '#app/config.server'
import { remembered } from '#app/utils/remembered'

export const nonceContext = createContext<string>('')

/** Content-Security-Policy for one response; `nonce` is fresh per request. */
export function contentSecurityPolicy(
	nonce: string,
	{ dev = false, sentryDsn, logoStorage }: { dev?: boolean; sentryDsn?: string; logoStorage?: string } = {},
) {
	const connect = ["'self'"]
	if (sentryDsn) connect.push(new URL(sentryDsn).origin)
	if (dev) connect.push('ws:')
	const directives: Record<string, string[]> = {
		'default-src': ["'self'"],
		'script-src': [`'nonce-${nonce}'`, "'self'"],
		'style-src': ["'self'", `'nonce-${nonce}'`],
		// Service logos are served by the logo storage (SERVICE_LOGO_URL).
		'img-src': ["'self'", 'data:', 'blob:', ...(logoStorage ? [new URL(logoStorage).origin] : [])],
		'font-src': ["'self'"],
		'connect-src': connect,
		'worker-src': ["'self'"],
		'object-src': ["'none'"],
		'base-uri': ["'none'"],
		'frame-ancestors': ["'none'"],
		'form-action': ["'self'"],
	}
	if (dev) directives['style-src']!.push("'unsafe-inline'")
	return Object.entries(directives)
		.map(([name, values]) => `${name} ${values.join(' ')}`)
		.join('; ')
}

/** Nonces are 16 random bytes; the CSPRNG is asked for 256 nonces' worth at a time (one call instead of one per request). */
const NONCE_BYTES = 16
let noncePool = Buffer.alloc(0)
let nonceOffset = 0

/** A fresh nonce, never handed out twice. */
export function freshNonce(): string {
	if (nonceOffset + NONCE_BYTES > noncePool.length) {
		noncePool = randomBytes(NONCE_BYTES * 256)
		nonceOffset = 0
	}
	const nonce = noncePool.toString('base64', nonceOffset, nonceOffset + NONCE_BYTES)
	nonceOffset += NONCE_BYTES
	return nonce
}

/** Where the nonce goes in a policy written once per configuration. */
const NONCE_SLOT = '\0'
const policyParts = remembered(
	(config: Config) =>
		contentSecurityPolicy(NONCE_SLOT, {
			dev: config.NODE_ENV === 'development',
			sentryDsn: config.SENTRY_DSN,
			logoStorage: config.SERVICE_LOGO_URL,
		}).split(NONCE_SLOT),
	4,
)

/**
 * The configuration's policy with this nonce: the same on every response but
 * for the nonce, so written once and joined around it.
 */
export const policyFor = (config: Config, nonce: string) => policyParts(config).join(nonce)

/**
 * Security headers on every response the router produces. The nonce is put in
 * context so entry.server can hand it to React's inline scripts.
 */
export const securityMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
	const config = getConfig()
	const nonce = freshNonce()
	context.set(nonceContext, nonce)
	const response = await next()
	const headers = response.headers
	const dev = config.NODE_ENV === 'development'
	// Vite's dev server injects scripts we cannot nonce; report only while developing.
	headers.set(dev ? 'Content-Security-Policy-Report-Only' : 'Content-Security-Policy', policyFor(config, nonce))
	headers.set('X-Content-Type-Options', 'nosniff')
	// Not `no-referrer`: it makes browsers send `Origin: null` on form posts without JS.
	headers.set('Referrer-Policy', 'strict-origin-when-cross-origin')
	headers.set('X-Frame-Options', 'DENY')
	headers.set('Cross-Origin-Opener-Policy', 'same-origin')
	headers.set('Cross-Origin-Resource-Policy', 'same-origin')
	headers.set(
		'Permissions-Policy',
		'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=()',
	)
	if (config.NODE_ENV === 'production') {
		headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains')
	}
	if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'private, no-store')
	return response
}
