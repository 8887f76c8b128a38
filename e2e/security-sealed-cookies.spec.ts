import { authenticationTypeId } from '#tests/mock-api/seed'
import { expectAccessible } from './utils/axe'
import { expect, test } from './fixtures'

const TOTP_SETUP = '/me/manage/security/multi-factor-authentication/totp'
const TOTP_SECRET_PATH = `/user-authentications/authentication-type-id/${authenticationTypeId('totp')}/secret`

// Opening sign-in during the code step, cancelling it (a POST that revokes it), a new sign-in over a leftover one
// and a sealed cookie copied under another's name: tests/routes/two-step.test.ts.

test('opened from another site the authenticator setup creates no secret (its start button would); from the portal the QR code is there at once, once', async ({
	page,
	partner: _signedIn,
	mock,
}, testInfo) => {
	await mock.clearRequests()
	const secretCalls = async () =>
		(await mock.requests()).filter((r) => r.method === 'POST' && r.path === TOTP_SECRET_PATH)

	// What a link on another site makes the browser send: the page offers the start button, and nothing is created.
	const crossSite = await page.context().request.get(TOTP_SETUP, { headers: { 'sec-fetch-site': 'cross-site' } })
	expect(crossSite.status()).toBe(200)
	const html = await crossSite.text()
	expect(html).toContain('Set up authenticator app')
	expect(html).not.toContain('QR code to add Partner Portal')
	expect(await secretCalls()).toEqual([])

	// From the portal (or typed in): the QR code and the setup key at once, no extra click.
	await page.goto(TOTP_SETUP)
	await expect(page.getByRole('heading', { level: 1, name: 'Turn on the authenticator app' })).toBeVisible()
	await expect(page.getByRole('img', { name: /QR code/ })).toHaveAttribute('src', /^data:image\/png;base64,/)
	await expect(page.getByRole('button', { name: 'Set up authenticator app' })).toHaveCount(0)
	await expect(page).toHaveURL(new RegExp(`${TOTP_SETUP}$`))
	const key = await page.getByRole('figure', { name: 'Setup key' }).locator('code').innerText()
	expect(await secretCalls()).toHaveLength(1)
	await expectAccessible(page, testInfo)

	// Reloading shows the same secret and asks the API for nothing new.
	await page.goto(TOTP_SETUP)
	await expect(page.getByRole('figure', { name: 'Setup key' }).locator('code')).toHaveText(key)
	expect(await secretCalls()).toHaveLength(1)
})
