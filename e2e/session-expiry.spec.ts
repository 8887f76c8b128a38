import { PASSWORD, cookies, fillSignIn } from './utils/auth'
import { expect, test } from './fixtures'

/** Past the refresh token's 31 days: the browser's tokens are refused. */
const PAST_REFRESH_LIFETIME = 32 * 24 * 60 * 60
const EXPIRED = 'Your session has ended: it expired, or it was signed out from another device. Sign in to continue.'
const RESTORED = 'We kept what you typed before your session ended. Check it and send it again.'

test('a contact message typed while the session expired comes back after signing in', async ({
	page,
	partner,
	mock,
}) => {
	await page.goto('/contact')
	await page.getByLabel('Subject').fill('Webhooks')
	await page.getByLabel('Message').fill('Our endpoint stopped receiving events yesterday.')
	await mock.advanceClock(PAST_REFRESH_LIFETIME)
	await page.getByRole('button', { name: 'Send message' }).click()
	await expect(page).toHaveURL(/\/auth\/sign-in\?notice=session-expired&redirect_to=%2Fcontact$/)
	await expect(page.getByText(EXPIRED)).toBeVisible()
	expect(Object.keys(await cookies(page))).toContain('user.form-draft')
	await fillSignIn(page, partner.email, PASSWORD)
	await expect(page).toHaveURL(/\/contact$/)
	await expect(page.getByText(RESTORED)).toBeVisible()
	await expect(page.getByLabel('Subject')).toHaveValue('Webhooks')
	await expect(page.getByLabel('Message')).toHaveValue('Our endpoint stopped receiving events yesterday.')
	expect(Object.keys(await cookies(page))).not.toContain('user.form-draft')
	await page.getByRole('button', { name: 'Send message' }).click()
	await expect(page.getByText('Thank you. Your message has been sent; we will reply by email.')).toBeVisible()
	// Read once: a reload shows an empty form.
	await page.goto('/contact')
	await expect(page.getByLabel('Subject')).toHaveValue('')
})

test('a form sent from a tab opened before signing out in another tab goes to sign-in and comes back', async ({
	page,
	partner,
}) => {
	await page.goto('/me/manage/general/personal-details')
	const other = await page.context().newPage()
	await other.goto('/')
	await other.getByRole('banner').getByRole('button', { name: 'Sign out' }).click()
	await expect(other.getByText('You have been signed out.')).toBeVisible()
	await page.getByLabel('Company name').fill('Analytical Engines Ltd')
	await page.getByRole('button', { name: 'Save details' }).click()
	await expect(page).toHaveURL(/\/auth\/sign-in\?notice=signed-out-elsewhere&redirect_to=%2Fme%2F/)
	await expect(page.getByText('You were signed out in another tab, so that form was not sent.')).toBeVisible()
	await fillSignIn(page, partner.email, PASSWORD)
	await expect(page).toHaveURL(/\/me\/manage\/general\/personal-details$/)
	await expect(page.getByText(RESTORED)).toBeVisible()
	await expect(page.getByLabel('Company name')).toHaveValue('Analytical Engines Ltd')
})

// Another partner never sees a draft, a draft never keeps a password, one too large is dropped with a warning:
// tests/routes/drafts.test.ts.
