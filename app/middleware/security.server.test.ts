import { describe, expect, test } from 'vitest'
import type { Config } from '#app/config.server'
import { contentSecurityPolicy, freshNonce, policyFor } from './security.server'

function directives(policy: string) {
	return Object.fromEntries(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]))
}

describe('contentSecurityPolicy', () => {
	test('allows scripts only by nonce or from our own origin', () => {
		const policy = directives(contentSecurityPolicy('abc123'))
		expect(policy['script-src']).toEqual(["'nonce-abc123'", "'self'"])
		expect(policy['script-src']).not.toContain("'unsafe-inline'")
	})
	test('locks down plugins, base URI, framing and form targets', () => {
		const policy = directives(contentSecurityPolicy('n'))
		expect(policy['object-src']).toEqual(["'none'"])
		expect(policy['base-uri']).toEqual(["'none'"])
		expect(policy['frame-ancestors']).toEqual(["'none'"])
		expect(policy['form-action']).toEqual(["'self'"])
	})
	test('lets images come from the service-logo storage', () => {
		const policy = directives(contentSecurityPolicy('n', { logoStorage: 'https://logos.example.com/service-logos' }))
		expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://logos.example.com'])
	})
	test('lets the browser report to the configured Sentry origin only', () => {
		const policy = directives(contentSecurityPolicy('n', { sentryDsn: 'https://key@o1.ingest.sentry.io/42' }))
		expect(policy['connect-src']).toEqual(["'self'", 'https://o1.ingest.sentry.io'])
	})
})

describe('policyFor', () => {
	test("is the configuration's policy with each response's nonce in every place it goes", () => {
		const config = {
			NODE_ENV: 'production',
			SENTRY_DSN: 'https://key@o1.ingest.sentry.io/42',
			SERVICE_LOGO_URL: 'https://logos.example.com/service-logos',
		} as Config
		for (const nonce of ['abc123', freshNonce(), freshNonce()]) {
			expect(policyFor(config, nonce)).toBe(
				contentSecurityPolicy(nonce, { sentryDsn: config.SENTRY_DSN, logoStorage: config.SERVICE_LOGO_URL }),
			)
			expect(policyFor(config, nonce).split(`'nonce-${nonce}'`)).toHaveLength(3)
		}
		const dev = { ...config, NODE_ENV: 'development' } as Config
		expect(directives(policyFor(dev, 'n'))['style-src']).toContain("'unsafe-inline'")
	})
})

describe('freshNonce', () => {
	test('is 16 random bytes in base64, never the same twice, across refills of the pool', () => {
		const nonces = Array.from({ length: 1000 }, () => freshNonce())
		for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16)
		expect(nonces[0]).toMatch(/^[A-Za-z0-9+/]{22}==$/)
		expect(new Set(nonces).size).toBe(nonces.length)
	})
})
