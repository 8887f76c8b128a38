/**
 * Issue 56, sessions (decision 0040): a partner sees where the account is signed in, is emailed about a new browser,
 * and signs a browser out, which goes to sign-in at its next step. JavaScript on and off, at 390 px.
 */
import type { Page } from '@playwright/test'
import { expectAccessible } from './utils/axe'
import { fillSignIn, signIn } from './utils/auth'
import { expect, jsDisabled, test } from './fixtures'

test.use({ viewport: { width: 390, height: 844 } })

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0'

const sessionList = (page: Page) => page.getByRole('list', { name: 'Signed-in sessions' })

test('a partner signs a browser out from the sessions page; that browser goes to sign-in at its next step', async ({
	page,
	partner,
	mock,
	browser,
	baseURL,
}, testInfo) => {
	const js = !jsDisabled(testInfo)
	// Another browser, signed in through the form as a person would (the same project's JavaScript).
	const firefox = await (await browser.newContext({ baseURL, javaScriptEnabled: js, userAgent: FIREFOX })).newPage()
	await signIn(firefox, partner.email, partner.password)
	const mail = await mock.lastEmail(partner.email)
	expect(mail?.subject).toBe('New sign-in to your account')
	expect(mail?.text).toContain('Browser: Firefox on Linux')

	await page.goto('/me/manage/general/personal-details')
	await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Sessions' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Sessions' })).toBeVisible()
	const items = sessionList(page).getByRole('listitem')
	await expect(items).toHaveCount(2)
	await expect(items.filter({ hasText: 'This device' })).toHaveCount(1)
	await expect(items.filter({ has: page.getByRole('heading', { name: 'Firefox on Linux' }) })).toHaveCount(1)
	expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390)
	await expectAccessible(page, testInfo)

	await page.getByRole('button', { name: /^Sign out Firefox on Linux, last active/ }).click()
	await expect(page.getByText('That session was signed out.')).toBeVisible()
	await expect(items).toHaveCount(1)
	await expect(page.getByText('This is the only session of your account.')).toBeVisible()
	expect((await mock.lastEmail(partner.email))?.subject).toBe('A session of your account was ended')

	// Its next step: with JavaScript a client-side navigation (a `.data` request), without it a page load.
	if (js) await firefox.getByRole('link', { name: 'Manage your account' }).click()
	else await firefox.reload()
	await expect(firefox).toHaveURL(/\/auth\/sign-in\?/)
	await expect(
		firefox.getByText(
			'Your session has ended: it expired, or it was signed out from another device. Sign in to continue.',
		),
	).toBeVisible()

	// Signed in there again, then "Sign out everywhere else".
	await fillSignIn(firefox, partner.email, partner.password)
	// Back where it was going: the account page (JavaScript on), the dashboard (off).
	await expect(firefox.getByRole('heading', { level: 1, name: js ? 'Personal details' : /^Welcome/ })).toBeVisible()
	await page.reload()
	await expect(items).toHaveCount(2)
	await page.getByRole('button', { name: 'Sign out everywhere else' }).click()
	await expect(page.getByText('1 other session was signed out.')).toBeVisible()
	await expect(items).toHaveCount(1)
	await firefox.reload()
	await expect(firefox).toHaveURL(/\/auth\/sign-in\?/)
	await firefox.context().close()
})
