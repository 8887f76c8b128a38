import type { Page } from '@playwright/test'
import { createPartner, signIn } from './utils/auth'
import { expectAccessible } from './utils/axe'
import type { MockHooks } from '#tests/mock-api/hooks-client'
import { expect, jsDisabled, test } from './fixtures'

const NEW_PASSWORD = 'Brand-New-Secret-7'
const SENT = 'Please check your inbox and follow the instructions for resetting your password.'

/** Asks for a reset through the form and returns the emailed link. */
async function requestResetLink(page: Page, mock: MockHooks, email: string) {
	await page.goto('/auth/reset-password')
	await page.getByLabel('Email address').fill(email)
	await page.getByRole('button', { name: 'Send the link' }).click()
	await expect(page.getByText(SENT)).toBeVisible()
	return (await mock.lastEmail(email)).links.find((l) => l.includes('/auth/reset-password/token/'))!
}

// The same answer for known and unknown addresses, and fifteen requests in a minute (one email, the same answer
// each time): tests/routes/auth.test.ts.

test('reset by the emailed link, then sign in with the new password; the spent link says it was used', async ({
	page,
	mock,
}, testInfo) => {
	const partner = await createPartner(mock)
	const link = await requestResetLink(page, mock, partner.email)

	await page.goto(link)
	await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible()
	await expectAccessible(page, testInfo)
	await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
	await page.getByLabel('Re-enter password').fill('Something-Else-7')
	await page.getByRole('button', { name: 'Change password' }).click()
	await expect(page.getByText('The passwords do not match.').first()).toBeVisible()
	// The server never echoes a password back (with JS the browser checked first).
	if (jsDisabled(testInfo)) await expect(page.getByLabel('New password', { exact: true })).toHaveValue('')

	await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
	await page.getByLabel('Re-enter password').fill(NEW_PASSWORD)
	await page.getByRole('button', { name: 'Change password' }).click()
	// Straight to sign-in with the news (without JS too: the spent token made this page a 404 when it rendered again).
	await expect(page).toHaveURL(/\/auth\/sign-in$/)
	await expect(page.getByText('Password changed with success.')).toBeVisible()
	await expectAccessible(page, testInfo)

	// The link works once: opened again, it says it was used, with the way to sign in, before any password is typed.
	expect((await page.goto(link))?.status()).toBe(410)
	await expect(page.getByRole('heading', { level: 1, name: 'This reset link has been used' })).toBeVisible()
	await expect(page.getByText('Password reset token is invalid.')).toHaveCount(0)
	await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0)
	await page.getByRole('link', { name: 'Sign in with the new password' }).click()
	await expect(page).toHaveURL(/\/auth\/sign-in$/)
	await signIn(page, partner.email, NEW_PASSWORD)
})
