import type { Page } from '@playwright/test'
import { authenticationTypeId } from '#tests/mock-api/seed'
import { PASSWORD, cookies, createPartner, fillSignIn, totpNow } from './utils/auth'
import { expectAccessible } from './utils/axe'
import type { MockRequest } from '#tests/mock-api/hooks-client'
import { expect, test } from './fixtures'

const TOTP_SETUP = '/me/manage/security/multi-factor-authentication/totp'
const EMAIL_SETUP = '/me/manage/security/multi-factor-authentication/email'
const TOTP_SECRET_PATH = `/user-authentications/authentication-type-id/${authenticationTypeId('totp')}/secret`

const twoStepHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Two-step authentication' })
const welcome = (page: Page) => page.getByRole('heading', { level: 1, name: 'Welcome, Ada' })
/** Sign-outs made with a restricted token: revoked two-step sign-ins. */
const revocations = (requests: MockRequest[]) =>
	requests.filter(
		(r) => r.method === 'DELETE' && r.path === '/authentication-tokens/current' && r.auth === 'restricted',
	)

test('opening the sign-in page during a two-step sign-in does not end it', async ({ page, mock }) => {
	const partner = await createPartner(mock, { totp: true })
	await page.goto('/auth/sign-in')
	await fillSignIn(page, partner.email, PASSWORD)
	await expect(twoStepHeading(page)).toBeVisible()
	await mock.clearRequests()

	// What a link on another site can make the browser do: a top-level GET.
	await page.goto('/auth/sign-in', { referer: 'https://evil.example/' })
	await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible()
	expect((await cookies(page))['user.pending-sign-in']).toBeTruthy()

	await page.goto('/auth/sign-in/two-step')
	await page.getByRole('textbox', { name: 'Code' }).fill(await totpNow(mock, partner.totpSecret!))
	await page.getByRole('button', { name: 'Continue' }).click()
	await expect(welcome(page)).toBeVisible()
	expect(revocations(await mock.requests())).toEqual([])
})

test('cancelling a two-step sign-in is a button that revokes it; a new sign-in revokes a leftover one', async ({
	page,
	mock,
}) => {
	const partner = await createPartner(mock, { totp: true })
	await page.goto('/auth/sign-in')
	await fillSignIn(page, partner.email, PASSWORD)
	await expect(twoStepHeading(page)).toBeVisible()
	await mock.clearRequests()
	await expect(page.getByRole('link', { name: 'Cancel and start again' })).toHaveCount(0)
	await page.getByRole('button', { name: 'Cancel and start again' }).click()
	await expect(page).toHaveURL(/\/auth\/sign-in$/)
	expect((await cookies(page))['user.pending-sign-in']).toBeUndefined()
	expect(revocations(await mock.requests())).toHaveLength(1)

	await fillSignIn(page, partner.email, PASSWORD)
	await expect(twoStepHeading(page)).toBeVisible()
	await page.goto('/auth/sign-in')
	await mock.clearRequests()
	await fillSignIn(page, partner.email, PASSWORD)
	await expect(twoStepHeading(page)).toBeVisible()
	expect(revocations(await mock.requests())).toHaveLength(1)
	// The new two-step sign-in is the one that goes on.
	await page.getByRole('textbox', { name: 'Code' }).fill(await totpNow(mock, partner.totpSecret!))
	await page.getByRole('button', { name: 'Continue' }).click()
	await expect(welcome(page)).toBeVisible()
})

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

test('a sealed cookie copied under another sealed cookie’s name is ignored', async ({ page, mock, baseURL }) => {
	const partner = await createPartner(mock, { totp: true })
	await page.goto('/auth/sign-in')
	await fillSignIn(page, partner.email, PASSWORD)
	await expect(twoStepHeading(page)).toBeVisible()
	const pendingSignIn = (await cookies(page))['user.pending-sign-in']!.value
	await page.getByRole('textbox', { name: 'Code' }).fill(await totpNow(mock, partner.totpSecret!))
	await page.getByRole('button', { name: 'Continue' }).click()
	await expect(welcome(page)).toBeVisible()

	// The pending sign-in as the email-code setup: no code counts as sent.
	await page.context().addCookies([{ name: 'user.email-code-setup', value: pendingSignIn, url: baseURL! }])
	await page.goto(EMAIL_SETUP)
	await expect(page.getByRole('heading', { level: 1, name: 'Turn on email codes' })).toBeVisible()
	await expect(page.getByRole('button', { name: 'Send me a code' })).toBeVisible()
	await expect(page.getByText('We have sent a code')).toHaveCount(0)

	// The email-code setup as a pending sign-in: there is no second step to take.
	await page.getByRole('button', { name: 'Send me a code' }).click()
	await expect(page.getByText(`We have sent a code to ${partner.email}.`)).toBeVisible()
	const emailCodeSetup = (await cookies(page))['user.email-code-setup']!.value
	await page.context().clearCookies()
	await page.context().addCookies([{ name: 'user.pending-sign-in', value: emailCodeSetup, url: baseURL! }])
	await page.goto('/auth/sign-in/two-step')
	await expect(page).toHaveURL(/\/auth\/sign-in\?notice=two-step-expired$/)
	await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible()
})
