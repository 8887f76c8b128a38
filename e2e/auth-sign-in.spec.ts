import type { Page } from '@playwright/test'
import { PASSWORD, cookies, createPartner, fillSignIn, signIn, totpNow } from './utils/auth'
import { expectAccessible } from './utils/axe'
import { passTime } from './utils/time'
import { expect, test } from './fixtures'
import { expectEarlyResendRefused } from './utils/resend'

const summary = (page: Page) => page.getByRole('alert').filter({ hasText: 'There is a problem' })

test('sign in and out: both cookies set, then both cleared', async ({ page, mock }, testInfo) => {
	const partner = await createPartner(mock)
	await page.goto('/auth/sign-in')
	await expectAccessible(page, testInfo)
	await signIn(page, partner.email)
	const jar = await cookies(page)
	for (const name of ['user.access-token', 'user.refresh-token']) {
		expect(jar[name], name).toBeTruthy()
		expect(jar[name]!.httpOnly).toBe(true)
		expect(jar[name]!.sameSite).toBe('Lax')
		expect(jar[name]!.path).toBe('/')
		// 31 days, give or take the test's own duration.
		expect(jar[name]!.expires * 1000 - Date.now()).toBeGreaterThan(30.9 * 24 * 3600 * 1000)
	}
	expect(jar['user.pending-sign-in']).toBeUndefined()
	await expectAccessible(page, testInfo)

	await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click()
	await expect(page).toHaveURL(/\/auth\/sign-in\?notice=signed-out$/)
	await expect(page.getByText('You have been signed out.')).toBeVisible()
	const after = await cookies(page)
	expect(after['user.access-token']).toBeUndefined()
	expect(after['user.refresh-token']).toBeUndefined()
	expect(
		(await mock.requests()).some((r) => r.method === 'DELETE' && r.path === '/authentication-tokens/current'),
	).toBe(true)
})

test('an account with a connected external account warns before the connection is removed', async ({ page, mock }) => {
	const partner = await createPartner(mock, { has_relation: true })
	await page.goto('/auth/sign-in')
	for (let i = 0; i < 5; i++) {
		await fillSignIn(page, partner.email, 'Wrong-Password-1')
		await expect(summary(page)).toBeVisible()
	}
	await mock.advanceClock(301)
	await fillSignIn(page, partner.email, 'Wrong-Password-1')
	await expect(summary(page)).toContainText('Future failed attempt will remove the connection between the accounts.')
	await mock.advanceClock(601)
	await fillSignIn(page, partner.email, 'Wrong-Password-1')
	await expect(summary(page)).toContainText('The connection between the accounts was removed.')
})

// An unknown address and a wrong password read the same: tests/routes/auth.test.ts, with the lockout's
// messages in order (the journey above keeps the page's).

test('sign in with an authenticator app: a wrong code, then the right one; a used code is refused', async ({
	page,
	mock,
}, testInfo) => {
	const partner = await createPartner(mock, { totp: true })
	await page.goto('/auth/sign-in')
	await fillSignIn(page, partner.email, PASSWORD)
	await expect(page).toHaveURL(/\/auth\/sign-in\/two-step$/)
	await expect(page.getByRole('heading', { level: 1, name: 'Two-step authentication' })).toBeVisible()
	const jar = await cookies(page)
	expect(jar['user.pending-sign-in']?.httpOnly).toBe(true)
	expect(jar['user.access-token']).toBeUndefined()
	const code = page.getByRole('textbox', { name: 'Code' })
	await expect(code).toHaveAttribute('inputmode', 'numeric')
	await expect(code).toHaveAttribute('autocomplete', 'one-time-code')
	// The page's one task: the code field has focus as it opens (JS on or off).
	await expect(code).toBeFocused()
	await expectAccessible(page, testInfo)

	const right = await totpNow(mock, partner.totpSecret!)
	const wrong = right === '000000' ? '111111' : '000000'
	await code.fill(wrong)
	await page.getByRole('button', { name: 'Continue' }).click()
	await expect(page.getByText('The code is invalid.').first()).toBeVisible()

	// A pasted "123 456" is fine.
	await page.getByRole('textbox', { name: 'Code' }).fill(`${right.slice(0, 3)} ${right.slice(3)}`)
	await page.getByRole('button', { name: 'Continue' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeVisible()
	expect((await cookies(page))['user.pending-sign-in']).toBeUndefined()

	// Signing in again within the same 30 s window: the code still on the app's screen is spent, and the page says so.
	await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click()
	await fillSignIn(page, partner.email, PASSWORD)
	await expect(page.getByRole('textbox', { name: 'Code' })).toBeFocused()
	await page.getByRole('textbox', { name: 'Code' }).fill(right)
	await page.getByRole('button', { name: 'Continue' }).click()
	const reused = 'This code has already been used. Wait for your authenticator app to show the next one.'
	await expect(summary(page)).toContainText(`Code: ${reused}`)
	await expect(page.getByText('The code is invalid.')).toHaveCount(0)
	// With an error on the page, the error summary has the focus, not the field.
	await expect(page.getByRole('textbox', { name: 'Code' })).not.toBeFocused()
	// The next code works.
	await mock.advanceClock(30)
	await page.getByRole('textbox', { name: 'Code' }).fill(await totpNow(mock, partner.totpSecret!))
	await page.getByRole('button', { name: 'Continue' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeVisible()
})

test('sign in with an emailed code: wrong code, right code, and a used code is refused', async ({ page, mock }) => {
	await page.clock.install()
	const partner = await createPartner(mock, { email_two_step: true })
	await page.goto('/auth/sign-in')
	await fillSignIn(page, partner.email, PASSWORD)
	await expect(page.getByText(`We have sent a 6-digit code to ${partner.email}.`)).toBeVisible()
	await expect(page.getByText(/You can ask for a new code in \d+ seconds?\./)).toHaveCount(1)
	const mail = await mock.lastEmail(partner.email)
	const code = mail.codes[0]!
	await page.getByRole('textbox', { name: 'Code' }).fill(code === '000000' ? '111111' : '000000')
	await page.getByRole('button', { name: 'Continue' }).click()
	await expect(page.getByText('The code is invalid.').first()).toBeVisible()
	await page.getByRole('textbox', { name: 'Code' }).fill(code)
	await page.getByRole('button', { name: 'Continue' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeVisible()

	// Signing in again at once: the used code frees the next send, so a new code is on its way; the old one is spent.
	await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click()
	await fillSignIn(page, partner.email, PASSWORD)
	await expect(page.getByText(`We have sent a 6-digit code to ${partner.email}.`)).toBeVisible()
	expect(await mock.emails(partner.email)).toHaveLength(2)
	await page.getByRole('textbox', { name: 'Code' }).fill(code)
	await page.getByRole('button', { name: 'Continue' }).click()
	await expect(page.getByText('The code is invalid.').first()).toBeVisible()
	// A new code can be asked for once the interval has passed.
	// The confirmation text is already on the page, so wait for the mail itself, then for the new countdown.
	await passTime(page, mock, 61)
	await page.getByRole('button', { name: 'Send a new code' }).click()
	await expect.poll(async () => (await mock.emails(partner.email)).length).toBe(3)
	await expect(page.getByText(/You can ask for a new code in \d+ seconds?\./)).toHaveCount(1)
	await expect(page.getByText(`We have sent a 6-digit code to ${partner.email}.`)).toBeVisible()
})

test('a sign-in within a minute of an unused code: the page says no new code was sent, and that code works', async ({
	page,
	mock,
}) => {
	const partner = await createPartner(mock, { email_two_step: true })
	await page.goto('/auth/sign-in')
	await fillSignIn(page, partner.email, PASSWORD)
	await expect(page.getByText(`We have sent a 6-digit code to ${partner.email}.`)).toBeVisible()
	const code = (await mock.lastEmail(partner.email)).codes[0]!
	// Started again before using it: the API sends no second code within the minute.
	await page.getByRole('button', { name: 'Cancel and start again' }).click()
	await fillSignIn(page, partner.email, PASSWORD)
	await expect(
		page.getByText(
			`A code was sent to ${partner.email} less than a minute ago, so no new one was sent: enter that code, or send a new one when the countdown ends.`,
		),
	).toBeVisible()
	await expect(page.getByText('We have sent')).toHaveCount(0)
	await expect(page.getByText(/You can ask for a new code in \d+ seconds?\./)).toHaveCount(1)
	expect(await mock.emails(partner.email)).toHaveLength(1)
	await expect(page.getByRole('textbox', { name: 'Code' })).toBeFocused()
	await page.getByRole('textbox', { name: 'Code' }).fill(code)
	await page.getByRole('button', { name: 'Continue' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeVisible()
})

test('signing in with an emailed code: one resend countdown; an early resend is held back or refused', async ({
	page,
	mock,
}, testInfo) => {
	await page.clock.install()
	const partner = await createPartner(mock, { email_two_step: true })
	await page.goto('/auth/sign-in')
	await fillSignIn(page, partner.email, PASSWORD)
	await expect(page.getByText(`We have sent a 6-digit code to ${partner.email}.`)).toBeVisible()
	const { countdown, resend } = await expectEarlyResendRefused(page, testInfo)
	expect(await mock.emails(partner.email)).toHaveLength(1)

	await passTime(page, mock, 61)
	await expect(resend).toBeEnabled()
	await resend.click()
	await expect(countdown).toHaveCount(1)
	expect(await mock.emails(partner.email)).toHaveLength(2)
	await page.getByRole('textbox', { name: 'Code' }).fill((await mock.lastEmail(partner.email)).codes[0]!)
	await page.getByRole('button', { name: 'Continue' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeVisible()
})

test('with both methods active, the authenticator prompt offers the email code as its fallback, and back', async ({
	page,
	mock,
}, testInfo) => {
	const partner = await createPartner(mock, { totp: true, email_two_step: true })
	await page.goto('/auth/sign-in')
	await fillSignIn(page, partner.email, PASSWORD)
	// Straight to the first method's prompt: no choice to make first.
	await expect(page.getByText('Enter the code your authenticator app shows for Partner Portal.')).toBeVisible()
	await expect(page.getByRole('textbox', { name: 'Code' })).toBeFocused()
	const lost = page.getByRole('region', { name: 'Can’t use your authenticator?' })
	await lost.getByRole('link', { name: 'Email me a code instead' }).click()
	await expect(page).toHaveURL(/\/auth\/sign-in\/two-step\?method=email$/)
	await page.getByRole('button', { name: 'Email me a code' }).click()
	await expect(page.getByText(`We have sent a 6-digit code to ${partner.email}.`)).toBeVisible()
	await expect(page.getByRole('textbox', { name: 'Code' })).toBeFocused()
	// The email prompt offers the authenticator back, and the team.
	const noCode = page.getByRole('region', { name: 'Can’t get the code?' })
	await expect(noCode.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact')
	await expectAccessible(page, testInfo)
	await noCode.getByRole('link', { name: 'Use my authenticator app instead' }).click()
	await expect(page).toHaveURL(/\/auth\/sign-in\/two-step\?method=totp$/)
	await page.getByRole('textbox', { name: 'Code' }).fill(await totpNow(mock, partner.totpSecret!))
	await page.getByRole('button', { name: 'Continue' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeVisible()
})

test('with the email code only, its prompt offers the team, no other method', async ({ page, mock }) => {
	const partner = await createPartner(mock, { email_two_step: true })
	await page.goto('/auth/sign-in')
	await fillSignIn(page, partner.email, PASSWORD)
	const noCode = page.getByRole('region', { name: 'Can’t get the code?' })
	await expect(noCode.getByRole('link', { name: 'Contact us' })).toBeVisible()
	await expect(noCode.getByRole('link')).toHaveCount(1)
})

test('when the API cannot revoke the session, sign-out says so plainly, keeps the partner signed in and points to a password change', async ({
	page,
	mock,
	partner: _signedIn,
}) => {
	await page.goto('/')
	await mock.clearRequests()
	await mock.fault({ method: 'DELETE', path: '/authentication-tokens/current', status: 503, times: 2 })
	await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click()
	await expect(page.getByRole('alert')).toContainText('You are still signed in')
	await expect(page.getByText('You have been signed out.')).toHaveCount(0)
	const revocations = (await mock.requests()).filter(
		(r) => r.method === 'DELETE' && r.path === '/authentication-tokens/current',
	)
	expect(revocations).toHaveLength(2)
	// Nothing was thrown away while the session still works at the API.
	expect((await cookies(page))['user.access-token']).toBeTruthy()
	await expect(page.getByRole('link', { name: 'change your password' })).toHaveAttribute(
		'href',
		'/me/manage/security/password',
	)
	// Once the API answers again, trying again signs out for real.
	await page.getByRole('button', { name: 'Try again' }).click()
	await expect(page).toHaveURL(/\/auth\/sign-in\?notice=signed-out$/)
	await expect(page.getByText('You have been signed out.')).toBeVisible()
	expect((await cookies(page))['user.access-token']).toBeUndefined()
})

test('after a failed revocation, "Sign out of this browser only" forgets the session here', async ({
	page,
	mock,
	partner: _signedIn,
}) => {
	await page.goto('/')
	await mock.fault({ method: 'DELETE', path: '/authentication-tokens/current', status: 500, times: 2 })
	await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click()
	await expect(page.getByRole('alert')).toContainText('You are still signed in')
	await page.getByRole('button', { name: 'Sign out of this browser only' }).click()
	await expect(page).toHaveURL(/\/auth\/sign-in\?notice=signed-out$/)
	expect((await cookies(page))['user.access-token']).toBeUndefined()
})
