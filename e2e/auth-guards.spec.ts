import { PASSWORD, cookies, createPartner, fillSignIn, signIn } from './utils/auth'
import { expect, test } from './fixtures'

test('an anonymous visitor is sent to sign-in and brought back afterwards', async ({ page, mock }) => {
	const partner = await createPartner(mock)
	// (The contact page is public since issue 31: the services list stands for the signed-in group.)
	await page.goto('/services/manage?topic=billing')
	await expect(page).toHaveURL(/\/auth\/sign-in\?redirect_to=%2Fservices%2Fmanage%3Ftopic%3Dbilling$/)
	await fillSignIn(page, partner.email, PASSWORD)
	await expect(page).toHaveURL(/\/services\/manage\?topic=billing$/)
})

test('redirect_to survives the two-step step', async ({ page, mock }) => {
	const partner = await createPartner(mock, { email_two_step: true })
	await page.goto('/services/manage')
	await fillSignIn(page, partner.email, PASSWORD)
	await expect(page.getByText(`We have sent a 6-digit code to ${partner.email}.`)).toBeVisible()
	const code = (await mock.lastEmail(partner.email)).codes[0]!
	await page.getByRole('textbox', { name: 'Code' }).fill(code)
	await page.getByRole('button', { name: 'Continue' }).click()
	await expect(page).toHaveURL(/\/services\/manage$/)
})

test('a hostile redirect_to ends at the home page', async ({ page, mock }) => {
	const partner = await createPartner(mock)
	for (const hostile of ['https://evil.example/', '//evil.example', '/%2F%2Fevil.example', '/\\evil.example']) {
		await page.goto(`/auth/sign-in?redirect_to=${encodeURIComponent(hostile)}`)
		await fillSignIn(page, partner.email, PASSWORD)
		await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/)
		await page.context().clearCookies()
	}
})

test('a signed-in visitor of a guest-only page goes to redirect_to, keeping other parameters', async ({
	page,
	mock,
}) => {
	const partner = await createPartner(mock)
	await signIn(page, partner.email)
	await page.goto('/auth/sign-up')
	await expect(page).toHaveURL(/\/$/)
	await page.goto('/auth/sign-in?redirect_to=%2Fcontact&ref=mail')
	await expect(page).toHaveURL(/\/contact\?ref=mail$/)
	await page.goto('/auth/reset-password')
	await expect(page).toHaveURL(/\/$/)
})

test('an expired access token is refreshed without the partner noticing', async ({ page, mock }) => {
	const partner = await createPartner(mock)
	await signIn(page, partner.email)
	const before = (await page.context().cookies()).find((c) => c.name === 'user.access-token')!.value
	await mock.expireAccessTokens(partner.email)
	await mock.clearRequests()
	await page.goto('/')
	await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeVisible()
	const after = (await page.context().cookies()).find((c) => c.name === 'user.access-token')!.value
	expect(after).not.toBe(before)
	const refreshes = (await mock.requests()).filter(
		(r) => r.method === 'POST' && r.path.startsWith('/authentication-tokens/'),
	)
	expect(refreshes).toHaveLength(1)
})

test('a revoked session ends at sign-in with both cookies cleared', async ({ page, mock }) => {
	const partner = await createPartner(mock)
	await signIn(page, partner.email)
	// Another device resets the password: every token family is revoked.
	await page.context().request.post(`${mock.url}/user-reset-passwords/token`, { data: { email: partner.email } })
	const link = (await mock.lastEmail(partner.email)).links.find((l) => l.includes('/auth/reset-password/token/'))!
	const token = link.split('/').pop()!
	await page.context().request.post(`${mock.url}/user-reset-passwords/activate`, {
		data: { token, password: 'Another-Secret-9', password_confirmation: 'Another-Secret-9' },
	})
	await page.goto('/contact')
	await expect(page).toHaveURL(/\/auth\/sign-in\?notice=session-expired&redirect_to=%2Fcontact$/)
	await expect(page.getByText('Your session has expired. Sign in to continue.')).toBeVisible()
	const names = (await page.context().cookies()).map((c) => c.name)
	expect(names).not.toContain('user.access-token')
	expect(names).not.toContain('user.refresh-token')
})

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
	await expect(page.getByText('Your session has expired. Sign in to continue.')).toBeVisible()
	await fillSignIn(page, partner.email, PASSWORD)
	await expect(page).toHaveURL(/\/me\/manage\/general\/personal-details$/)
	await expect(page.getByRole('heading', { level: 1, name: 'Personal details' })).toBeVisible()
})

test('a page asked for with its query after the session ended comes back with that query', async ({ page, mock }) => {
	const partner = await createPartner(mock)
	await signIn(page, partner.email)
	await mock.advanceClock(PAST_REFRESH_LIFETIME)
	await page.goto('/contact?topic=billing')
	await expect(page).toHaveURL(/\/auth\/sign-in\?notice=session-expired&redirect_to=%2Fcontact%3Ftopic%3Dbilling$/)
	await fillSignIn(page, partner.email, PASSWORD)
	await expect(page).toHaveURL(/\/contact\?topic=billing$/)
})

test('a data request for a signed-in page remembers the page, not the .data address', async ({ request }) => {
	const response = await request.get('/services/manage.data?topic=x', { maxRedirects: 0 })
	// React Router answers data requests with a redirect it performs itself.
	const location = response.headers()['location'] ?? response.headers()['x-remix-redirect'] ?? ''
	const body = location || (await response.text())
	expect(body).toContain('redirect_to=%2Fservices%2Fmanage%3Ftopic%3Dx')
	expect(body).not.toContain('.data')
})

test('an unverified partner can sign out', async ({ page, mock }) => {
	const partner = await createPartner(mock, { verified: false })
	await page.goto('/auth/sign-in')
	await fillSignIn(page, partner.email, PASSWORD)
	await expect(page.getByRole('heading', { level: 1, name: 'Email verification required' })).toBeVisible()
	await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click()
	await expect(page).toHaveURL(/\/auth\/sign-in\?notice=signed-out$/)
	await expect(page.getByText('You have been signed out.')).toBeVisible()
	const names = Object.keys(await cookies(page))
	expect(names).not.toContain('user.access-token')
	expect(names).not.toContain('user.refresh-token')
})

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
