import { expectAccessible } from './utils/axe'
import { expect, test } from './fixtures'

test.describe('page not found', () => {
	test('an unmatched path is a 404 page with a way home', async ({ page }, testInfo) => {
		const response = await page.goto('/does-not-exist?x=1')
		expect(response?.status()).toBe(404)
		await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
		await expect(page).toHaveTitle('Page not found – Partner Portal')
		await expectAccessible(page, testInfo)
		await page.getByRole('link', { name: 'Go to the home page' }).click()
		await expect(page).not.toHaveURL(/does-not-exist/)
	})
})

test.describe('root layout', () => {
	test('has the en-GB language, a skip link and the landmarks', async ({ page }, testInfo) => {
		await page.goto('/does-not-exist')
		await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB')
		await expect(page.getByRole('banner')).toBeVisible()
		await expect(page.getByRole('main')).toBeVisible()
		await expect(page.getByRole('contentinfo')).toBeVisible()
		await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
		await page.keyboard.press('Tab')
		const skip = page.getByRole('link', { name: 'Skip to main content' })
		await expect(skip).toBeFocused()
		await expect(skip).toHaveAttribute('href', '#main-content')
		await expectAccessible(page, testInfo)
	})
})

test.describe('security headers', () => {
	test('the document carries an enforced CSP whose nonce matches every inline script', async ({ page }) => {
		const response = await page.goto('/does-not-exist')
		const headers = await response!.allHeaders()
		const csp = headers['content-security-policy']
		expect(csp, 'enforced, not report-only').toBeTruthy()
		const nonce = /'nonce-([^']+)'/.exec(csp!)?.[1]
		expect(nonce).toBeTruthy()
		expect(csp).not.toContain('unsafe-inline')
		for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "form-action 'self'"]) {
			expect(csp).toContain(directive)
		}
		const html = await response!.text()
		const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!)
		expect(scripts.length).toBeGreaterThan(0)
		for (const attributes of scripts) {
			if (/\bsrc=/.test(attributes)) continue
			expect(attributes).toContain(`nonce="${nonce}"`)
		}
		expect(headers['x-content-type-options']).toBe('nosniff')
		expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
		expect(headers['permissions-policy']).toContain('camera=()')
		expect(headers['permissions-policy']).not.toContain('interest-cohort')
		// Plain http: HSTS would be meaningless here (browsers ignore it) and wrong (ops/e2e: over https it is sent).
		expect(headers['strict-transport-security']).toBeUndefined()
		expect(headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
	})

	test('static files and the answers React Router gives before any middleware carry the security headers', async ({
		request,
	}) => {
		const asset = /"(\/assets\/[^"]+\.js)"/.exec(await (await request.get('/auth/sign-in')).text())?.[1]
		const refused = await request.post('/auth/sign-in', {
			form: { email: 'a@b.example' },
			headers: { Origin: 'https://evil.example' },
			maxRedirects: 0,
		})
		expect(refused.status()).toBe(400)
		for (const response of [await request.get(asset!), await request.get('/favicon.svg'), refused]) {
			const headers = response.headers()
			const what = `${response.url()} ${response.status()}`
			expect(headers['x-content-type-options'], what).toBe('nosniff')
			expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin')
			expect(headers['x-frame-options'], what).toBe('DENY')
			expect(headers['cross-origin-resource-policy'], what).toBe('same-origin')
			expect(headers['permissions-policy'], what).toContain('camera=()')
			expect(headers['strict-transport-security'], what).toBeUndefined()
		}
	})
})

// A fresh nonce per answer, the CSRF cookie's attributes, the 404's status and /healthz, /readyz: route-level, in
// tests/routes/foundation.test.ts.
