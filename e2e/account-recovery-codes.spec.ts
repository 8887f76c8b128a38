/**
 * Issue 56, recovery codes (decision 0039): turning two-step on shows ten codes once; a partner who lost the
 * authenticator signs in with one and sets up a new phone without writing to us. JavaScript on and off, at 390 px.
 */
import type { Page } from '@playwright/test'
import { expectAccessible } from './utils/axe'
import { PASSWORD, fillSignIn, totpNow } from './utils/auth'
import type { MockHooks } from '#tests/mock-api/hooks-client'
import { expect, test } from './fixtures'

test.use({ viewport: { width: 390, height: 844 } })

const TWO_STEP = '/me/manage/security/multi-factor-authentication'

/** Turns the authenticator on from the two-step page: the key it shows, and the page of new codes it lands on. */
async function turnOnAuthenticator(page: Page, mock: MockHooks) {
	await page.goto(TWO_STEP)
	await page.getByRole('link', { name: 'Turn on Authenticator app' }).click()
	const key = (await page.getByRole('figure', { name: 'Setup key' }).locator('code').innerText()).replace(/\s/g, '')
	await page.getByRole('textbox', { name: 'Code' }).fill(await totpNow(mock, key))
	await page.getByRole('button', { name: 'Turn on' }).click()
	await expect(page).toHaveURL(/\/recovery-codes$/)
	await expect(page.getByText('Authenticator app is now on.')).toBeVisible()
	await expect(page.getByRole('heading', { level: 1, name: 'Save your recovery codes' })).toBeVisible()
	const codes = await page.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem').allInnerTexts()
	expect(codes).toHaveLength(10)
	return { key, codes }
}

async function keepCodes(page: Page) {
	await page.getByRole('button', { name: 'Done' }).click()
	// Not ticked: the box says so, and the codes stay on show.
	await expect(page.getByText('This field is required.').first()).toBeVisible()
	await expect(page.getByRole('list', { name: 'Your recovery codes' })).toBeVisible()
	await page.getByLabel('I have saved these codes somewhere safe').check()
	await page.getByRole('button', { name: 'Done' }).click()
	await expect(page).toHaveURL(new RegExp(`${TWO_STEP}$`))
	await expect(page.getByText('Your recovery codes are saved. Each works once.')).toBeVisible()
}

test('turning two-step on shows ten codes once, to download, then kept', async ({
	page,
	partner: _signedIn,
	mock,
}, testInfo) => {
	const { codes } = await turnOnAuthenticator(page, mock)
	expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390)
	await expectAccessible(page, testInfo)
	const [download] = await Promise.all([
		page.waitForEvent('download'),
		page.getByRole('link', { name: 'Download as a text file' }).click(),
	])
	expect(download.suggestedFilename()).toBe('partner-portal-recovery-codes.txt')
	const file = await (await download.createReadStream()).toArray()
	for (const code of codes) expect(Buffer.concat(file).toString()).toContain(code)
	await keepCodes(page)
	await expect(page.getByText('10 of 10 recovery codes left.')).toBeVisible()
	// Shown once: the page now offers a new set, not the old codes.
	await page.getByRole('link', { name: 'View or create recovery codes' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Recovery codes' })).toBeVisible()
	await expect(page.getByText(codes[0]!)).toHaveCount(0)
	await expectAccessible(page, testInfo)
})

test('a partner who lost the authenticator signs in with a recovery code and sets up a new phone', async ({
	page,
	partner,
	mock,
}) => {
	const { codes } = await turnOnAuthenticator(page, mock)
	await page.getByLabel('I have saved these codes somewhere safe').check()
	await page.getByRole('button', { name: 'Done' }).click()
	await expect(page).toHaveURL(new RegExp(`${TWO_STEP}$`))
	await page.goto('/auth/sign-out')
	await page.getByRole('main').getByRole('button', { name: 'Sign out' }).click()
	await expect(page.getByText('You have been signed out.')).toBeVisible()

	// The phone is gone: the prompt offers a recovery code.
	await fillSignIn(page, partner.email, PASSWORD)
	await page.getByRole('link', { name: 'Use a recovery code' }).click()
	await page.getByRole('textbox', { name: 'Recovery code' }).fill('aaaaa-bbbbb')
	await page.getByRole('button', { name: 'Continue' }).click()
	await expect(page.getByText('The code is invalid.').first()).toBeVisible()
	await page.getByRole('textbox', { name: 'Recovery code' }).fill(codes[0]!.toUpperCase())
	await page.getByRole('button', { name: 'Continue' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeVisible()
	await expect(page.getByText(/You signed in with a recovery code\. You have 9 left/)).toBeVisible()
	const used = await mock.lastEmail(partner.email)
	expect(used.subject).toBe('A recovery code was used to sign in')

	// The old phone off, the new one on: a new set of codes.
	await page.goto(TWO_STEP)
	const card = page.getByRole('region', { name: 'Turn off a method' })
	await card.getByLabel('Current password').fill(PASSWORD)
	await card.getByRole('button', { name: 'Turn off Authenticator app' }).click()
	await expect(page.getByText('Authenticator app is now off.')).toBeVisible()
	const fresh = await turnOnAuthenticator(page, mock)
	expect(fresh.codes).not.toContain(codes[1])
})
