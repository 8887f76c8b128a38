import { describe, expect, test } from 'vitest'
import { baseSecurityHeaders, contentSecurityPolicy } from './security.server'

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

describe('baseSecurityHeaders', () => {
	test('HSTS only on an answer that goes out over https', () => {
		expect(baseSecurityHeaders({ https: true })['Strict-Transport-Security']).toBe(
			'max-age=63072000; includeSubDomains',
		)
		expect(baseSecurityHeaders({ https: false })).not.toHaveProperty('Strict-Transport-Security')
	})
	test('no obsolete Permissions-Policy feature (interest-cohort)', () => {
		const policy = baseSecurityHeaders({ https: false })['Permissions-Policy']!
		expect(policy).toContain('camera=()')
		expect(policy).not.toContain('interest-cohort')
	})
})
