import type { Page } from '@playwright/test'
import { createPartner, signIn } from './utils/auth'
import { expectAccessible } from './utils/axe'
import { type MockHooks, uniqueEmail } from '#tests/mock-api/hooks-client'
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

/** Asks for a reset through the form; answers what the partner sees (status and text). */
async function askForReset(page: Page, email: string) {
	await page.goto('/auth/reset-password')
	await page.getByLabel('Email address').fill(email)
	const [response] = await Promise.all([
		page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/auth/reset-password')),
		page.getByRole('button', { name: 'Send the link' }).click(),
	])
	await expect(page.getByText(SENT)).toBeVisible()
	return { status: response.status(), text: await page.getByRole('main').innerText() }
}

const resetEmails = async (mock: MockHooks, email: string) =>
	(await mock.emails(email)).filter((m) => m.links.some((l) => l.includes('/auth/reset-password/token/')))

test('a reset request reads the same for known and unknown addresses', async ({ page, mock }, testInfo) => {
	const partner = await createPartner(mock)
	await page.goto('/auth/reset-password')
	await expectAccessible(page, testInfo)
	const known = await askForReset(page, partner.email)
	const unknown = await askForReset(page, uniqueEmail('nobody'))
	expect(unknown).toEqual(known)
	expect(await resetEmails(mock, partner.email)).toHaveLength(1)
	await expectAccessible(page, testInfo)
})

// Fifteen requests in a minute (one email, the same answer each time): tests/routes/auth.test.ts.

test('reset by the emailed link, then sign in with the new password; the spent link is refused', async ({
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

	// The link works once: opened again, it says so before any password is typed.
	expect((await page.goto(link))?.status()).toBe(404)
	await expect(page.getByText('Password reset token is invalid.')).toBeVisible()
	await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0)
	await signIn(page, partner.email, NEW_PASSWORD)
})

test('an unknown or expired reset link says so at once, as a 404, and offers to try again', async ({
	page,
	mock,
}, testInfo) => {
	const invalidPage = async (url: string) => {
		expect((await page.goto(url))?.status(), url).toBe(404)
		await expect(page.getByRole('heading', { level: 1, name: 'This reset link cannot be used' })).toBeVisible()
		const alert = page.getByRole('alert')
		await expect(alert).toContainText('Password reset token is invalid.')
		await expect(alert.getByRole('link', { name: 'Click here to try again.' })).toHaveAttribute(
			'href',
			'/auth/reset-password',
		)
		await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0)
	}
	await invalidPage('/auth/reset-password/token/not-a-real-token')
	await expectAccessible(page, testInfo)

	const partner = await createPartner(mock)
	const link = await requestResetLink(page, mock, partner.email)
	await mock.advanceClock(61 * 60)
	await invalidPage(link)
	await page.getByRole('link', { name: 'Click here to try again.' }).click()
	await expect(page).toHaveURL(/\/auth\/reset-password$/)
})
