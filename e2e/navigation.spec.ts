import { expect, jsDisabled, test } from './fixtures'

test('a slow navigation shows a spinner with screen-reader text (with JS); without JS the browser shows its own progress', async ({
	page,
	partner: _signedIn,
	mock,
}, testInfo) => {
	await page.goto('/')
	await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible()
	await mock.fault({ method: 'GET', path: '/users/me', delay_ms: 1500, times: 1 })
	await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).click()
	const spinner = page.getByRole('status').filter({ hasText: 'Loading…' })
	if (jsDisabled(testInfo)) {
		// A full page load: no client-side spinner is ever rendered.
		await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible()
		await expect(spinner).toHaveCount(0)
	} else {
		await expect(spinner).toBeVisible()
		await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible()
		await expect(spinner).toHaveCount(0)
	}
})

// An API failure inside a page: its 500 in tests/routes/account.test.ts, the page a partner sees in
// e2e/api-failures.spec.ts.

test('links: with JS a click moves within the app (no page load) and the navigation marks the current page; a Ctrl-click still opens a tab', async ({
	page,
	context,
	partner: _signedIn,
}, testInfo) => {
	await page.goto('/')
	const nav = page.getByRole('navigation', { name: 'Main' })
	await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page')
	const documents: string[] = []
	page.on('request', (request) => {
		if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname)
	})
	await nav.getByRole('link', { name: 'Contact' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible()
	await expect(nav.getByRole('link', { name: 'Contact' })).toHaveAttribute('aria-current', 'page')
	await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current')
	expect(documents).toEqual(jsDisabled(testInfo) ? ['/contact'] : [])
	await page.goBack()
	await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible()
	// What only JavaScript does (the rest of the test ran in both projects).
	if (!jsDisabled(testInfo)) {
		const [tab] = await Promise.all([
			context.waitForEvent('page'),
			nav.getByRole('link', { name: 'Services' }).click({ modifiers: ['ControlOrMeta'] }),
		])
		await expect(tab).toHaveURL(/\/services\/manage$/)
		await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible()
		await tab.close()
	}
})
