import type { Page, Response } from '@playwright/test'
import { API_TIMEOUT_MS, expect, test } from './fixtures'

const NOT_SAVED = 'Something went wrong. Your changes were not saved. Please try again.'
const REFERENCE = /Reference: [0-9a-f-]{36}/

/** The answer to the form post (a document POST with JS off, a `.data` POST with JS on). */
function formPost(page: Page, path: string) {
	return page.waitForResponse(
		(response: Response) =>
			response.request().method() === 'POST' && new URL(response.url()).pathname.replace(/\.data$/, '') === path,
	)
}

// A 503 from the API, and what the other failed saves answer, are checked at the route level
// (tests/routes/api-failures.test.ts); here the journey a partner sees, with JS on and off.
const FAULTS = [
	{ name: 'a 500', fault: { status: 500 }, status: 503 },
	{ name: 'a timeout', fault: { delay_ms: API_TIMEOUT_MS + 1_000 }, status: 503 },
]

for (const { name, fault, status } of FAULTS) {
	test(`the contact form survives ${name} from the partner API with what was typed`, async ({
		page,
		partner: _signedIn,
		mock,
	}) => {
		await page.goto('/contact')
		await page.getByLabel('Subject').fill('Invoices')
		await page.getByLabel('Message').fill('Where do I find last month’s invoice?')
		await mock.fault({ method: 'POST', path: '/contact-messages', ...fault })
		const answer = formPost(page, '/contact')
		await page.getByRole('button', { name: 'Send message' }).click()
		expect((await answer).status()).toBe(status)
		const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' })
		await expect(summary).toContainText(NOT_SAVED)
		await expect(summary).toContainText(REFERENCE)
		await expect(page.getByLabel('Subject')).toHaveValue('Invoices')
		await expect(page.getByLabel('Message')).toHaveValue('Where do I find last month’s invoice?')
		await expect(page.getByRole('banner')).toContainText('Signed in as Ada Lovelace')
		// Once the API is back, the same form goes through.
		await page.getByRole('button', { name: 'Send message' }).click()
		await expect(page.getByText('Thank you. Your message has been sent; we will reply by email.')).toBeVisible()
	})
}

// A password change that fails upstream never echoes the passwords: tests/routes/api-failures.test.ts.

test('a page whose data cannot be loaded keeps the signed-in frame, a title and the reference', async ({
	page,
	partner: _signedIn,
	mock,
}) => {
	await page.goto('/')
	await mock.fault({ method: 'GET', path: '/user-authentications', status: 500, times: 20 })
	await page.getByRole('banner').getByRole('link', { name: 'Account' }).click()
	await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Two-step authentication' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible()
	await expect(page).toHaveTitle('Something went wrong – Partner Portal')
	await expect(page.getByText(/quote the reference below/)).toBeVisible()
	await expect(page.getByText(REFERENCE)).toBeVisible()
	await expect(page.getByRole('banner')).toContainText('Signed in as Ada Lovelace')
	await expect(page.getByRole('contentinfo')).toBeVisible()
	await expect(page.getByRole('main')).not.toContainText('user-authentications')
	// No dead end: the way home works.
	await mock.clearFaults()
	await page.getByRole('link', { name: 'Go to the home page' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeVisible()
})
