import { PASSWORD, cookies, createPartner, fillSignIn } from './utils/auth'
import { expect, test } from './fixtures'

/** Past the refresh token's 31 days: the browser's tokens are refused. */
const PAST_REFRESH_LIFETIME = 32 * 24 * 60 * 60
const EXPIRED = 'Your session has expired. Sign in to continue.'
const RESTORED = 'We kept what you typed before your session expired. Check it and send it again.'

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

test('a draft is for the partner who typed it: another partner signing in on the browser never sees it', async ({
	page,
	partner: _signedIn,
	mock,
}) => {
	await page.goto('/contact')
	await page.getByLabel('Subject').fill('Confidential: our merger')
	await page.getByLabel('Message').fill('Only for the first partner.')
	await mock.advanceClock(PAST_REFRESH_LIFETIME)
	await page.getByRole('button', { name: 'Send message' }).click()
	await expect(page.getByText(EXPIRED)).toBeVisible()
	expect(Object.keys(await cookies(page))).toContain('user.form-draft')
	// Someone else signs in on the same browser and goes to the page the draft was kept for.
	const other = await createPartner(mock)
	await fillSignIn(page, other.email, PASSWORD)
	await expect(page).toHaveURL(/\/contact$/)
	await expect(page.getByLabel('Subject')).toHaveValue('')
	await expect(page.getByLabel('Message')).toHaveValue('')
	await expect(page.getByText(RESTORED)).toBeHidden()
	await expect(page.getByText('Confidential: our merger')).toBeHidden()
	// Dropped unread, so the first partner does not get it later either.
	expect(Object.keys(await cookies(page))).not.toContain('user.form-draft')
})

test('a draft never keeps a password', async ({ page, partner, mock }) => {
	await page.goto('/me/manage/security/email')
	await page.getByLabel('New email address').fill(`new-${partner.email}`)
	await page.getByLabel('Current password').fill(PASSWORD)
	await mock.advanceClock(PAST_REFRESH_LIFETIME)
	await page.getByRole('button', { name: 'Send confirmation link' }).click()
	await expect(page.getByText(EXPIRED)).toBeVisible()
	await fillSignIn(page, partner.email, PASSWORD)
	await expect(page).toHaveURL(/\/me\/manage\/security\/email$/)
	await expect(page.getByLabel('New email address')).toHaveValue(`new-${partner.email}`)
	await expect(page.getByLabel('Current password')).toHaveValue('')
})

test('a draft too large to keep is dropped, and the partner is told', async ({ page, partner, mock }) => {
	await page.goto('/contact')
	await page.getByLabel('Subject').fill('A long story')
	await page.getByLabel('Message').fill('All work and no play. '.repeat(200))
	await mock.advanceClock(PAST_REFRESH_LIFETIME)
	await page.getByRole('button', { name: 'Send message' }).click()
	await expect(page.getByText(EXPIRED)).toBeVisible()
	await expect(
		page.getByText('Your session expired and what you typed was too long to keep. Please type it again.'),
	).toBeVisible()
	await fillSignIn(page, partner.email, PASSWORD)
	await expect(page).toHaveURL(/\/contact$/)
	await expect(page.getByLabel('Subject')).toHaveValue('')
})
