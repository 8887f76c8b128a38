/**
 * What every answer carries from the root middleware (moved from e2e/foundation.spec.ts, issue 53): the enforced
 * CSP with a fresh nonce, the CSRF cookie of a first visit; the 404 of an unmatched path; /healthz and /readyz.
 */
import { endpoints } from '#app/api/contract/index'
import { describe, expect, test } from 'vitest'
import { callRoute, useRouteTestApi } from '#tests/setup/routes'
import * as notFound from '#app/routes/$'
import * as healthz from '#app/routes/healthz'
import * as readyz from '#app/routes/readyz'

const api = useRouteTestApi()
const NOT_FOUND = [notFound]
const nonceOf = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy')!)?.[1]

describe('an unmatched path', () => {
	test('is a 404 titled "Page not found"', async () => {
		const { response, data } = await callRoute(NOT_FOUND, { path: '/does-not-exist?x=1' })
		expect(response.status).toBe(404)
		expect(data).toMatchObject({ title: 'Page not found – Partner Portal' })
	})

	test('carries an enforced CSP with a nonce for scripts and styles, never unsafe-inline, and is not cached', async () => {
		const { response } = await callRoute(NOT_FOUND, { path: '/does-not-exist' })
		expect(response.headers.has('content-security-policy-report-only')).toBe(false)
		const csp = response.headers.get('content-security-policy')!
		const nonce = nonceOf(response)!
		expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
		expect(csp).toContain(`script-src 'nonce-${nonce}' 'self'`)
		expect(csp).toContain(`style-src 'self' 'nonce-${nonce}'`)
		expect(csp).not.toContain('unsafe-inline')
		for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "form-action 'self'"]) {
			expect(csp).toContain(directive)
		}
		expect(response.headers.get('cache-control')).toBe('private, no-store')
		expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
	})

	test('each answer gets a fresh nonce', async () => {
		const first = nonceOf((await callRoute(NOT_FOUND, { path: '/does-not-exist' })).response)
		const second = nonceOf((await callRoute(NOT_FOUND, { path: '/does-not-exist' })).response)
		expect(first).toMatch(/==$/)
		expect(second).not.toBe(first)
	})

	test('a first visit gets the CSRF cookie, HttpOnly and SameSite=Lax', async () => {
		const { response } = await callRoute(NOT_FOUND, { path: '/does-not-exist' })
		const csrf = response.headers.getSetCookie().find((line) => line.startsWith('XSRF-TOKEN='))!
		expect(csrf).toMatch(/^XSRF-TOKEN=[^;]+;/)
		expect(csrf).toContain('HttpOnly')
		expect(csrf).toContain('SameSite=Lax')
		expect(csrf).toContain('Path=/')
	})
})

describe('operations endpoints', () => {
	test('/healthz answers 200 "ok", never cached', async () => {
		const { response } = await callRoute([healthz], { path: '/healthz' })
		expect(response.status).toBe(200)
		expect(response.headers.get('cache-control')).toBe('no-store')
		expect(await response.json()).toEqual({ status: 'ok' })
	})

	test('/readyz answers 200 "ready" while the partner API answers, 503 when it fails', async () => {
		const ready = await callRoute([readyz], { path: '/readyz' })
		expect(ready.response.status).toBe(200)
		expect(await ready.response.json()).toEqual({ status: 'ready', api: 'ok' })

		await api.mock.fault({ method: 'GET', path: endpoints.listAuthenticationTypes.path, status: 500, times: 1 })
		const failing = await callRoute([readyz], { path: '/readyz' })
		expect(failing.response.status).toBe(503)
		expect(await failing.response.json()).toEqual({ status: 'unavailable', api: 'error_status' })
	})
})
