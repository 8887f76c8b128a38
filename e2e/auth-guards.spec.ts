import { PASSWORD, createPartner, fillSignIn, signIn } from './utils/auth'
import { expect, test } from './fixtures'

// Sent to sign-in with the page and its query, and back after signing in (tests/routes/guards.test.ts and
// auth.test.ts); redirect_to through the code step (tests/routes/two-step.test.ts).

// Hostile redirect_to values, guest-only pages when signed in, the silent refresh of an expired access token and a
// revoked session: their answers are checked at the route level (tests/routes/auth.test.ts).

/** Past the refresh token's 31 days: the browser's tokens are refused. */
const PAST_REFRESH_LIFETIME = 32 * 24 * 60 * 60

test('the session expires: a nav link leads to sign-in, which says why and brings the partner back with the query', async ({
	page,
	mock,
}) => {
	const partner = await createPartner(mock)
	await signIn(page, partner.email)
	await page.goto('/?from=mail')
	await mock.advanceClock(PAST_REFRESH_LIFETIME)
	await page.getByRole('banner').getByRole('link', { name: 'Account' }).click()
	await expect(page).toHaveURL(
		/\/auth\/sign-in\?notice=session-expired&redirect_to=%2Fme%2Fmanage%2Fgeneral%2Fpersonal-details$/,
	)
	await expect(
		page.getByText(
			'Your session has ended: it expired, or it was signed out from another device. Sign in to continue.',
		),
	).toBeVisible()
	await fillSignIn(page, partner.email, PASSWORD)
	await expect(page).toHaveURL(/\/me\/manage\/general\/personal-details$/)
	await expect(page.getByRole('heading', { level: 1, name: 'Personal details' })).toBeVisible()
})

test('a data request for a signed-in page remembers the page, not the .data address', async ({ request }) => {
	const response = await request.get('/services/manage.data?topic=x', { maxRedirects: 0 })
	// React Router answers data requests with a redirect it performs itself.
	const location = response.headers()['location'] ?? response.headers()['x-remix-redirect'] ?? ''
	const body = location || (await response.text())
	expect(body).toContain('redirect_to=%2Fservices%2Fmanage%3Ftopic%3Dx')
	expect(body).not.toContain('.data')
})

// An unverified partner may sign out, and post the email change: tests/routes/guards.test.ts.

test('an unverified partner can correct a mistyped email address', async ({ page, mock }) => {
	const partner = await createPartner(mock, { verified: false })
	await page.goto('/auth/sign-in')
	await fillSignIn(page, partner.email, PASSWORD)
	await expect(page.getByRole('heading', { level: 1, name: 'Email verification required' })).toBeVisible()
	await page.getByRole('link', { name: /wrong address|Change/i }).click()
	await expect(page).toHaveURL(/\/me\/manage\/security\/email$/)
	const next = `fixed-${partner.email}`
	await page.getByLabel('New email address').fill(next)
	await page.getByLabel('Current password').fill(PASSWORD)
	await page.getByRole('button', { name: 'Send confirmation link' }).click()
	await expect(page.getByText(`We have sent a confirmation link to ${next}.`)).toBeVisible()
})
