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

// An unknown address and a wrong password read the same, the lockout's messages in order and the connected-account
// warnings: tests/routes/auth.test.ts.

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

// An emailed code wrong, right and spent, a sign-in within a minute of an unused code, an early resend's 429:
// tests/routes/two-step.test.ts.

test('signing in with the email code only: its prompt offers the team, one resend countdown; an early resend is held back or refused', async ({
	page,
	mock,
}, testInfo) => {
	await page.clock.install()
	const partner = await createPartner(mock, { email_two_step: true })
	await page.goto('/auth/sign-in')
	await fillSignIn(page, partner.email, PASSWORD)
	await expect(page.getByText(`We have sent a 6-digit code to ${partner.email}.`)).toBeVisible()
	await test.step('the prompt offers the team, no other method', async () => {
		const noCode = page.getByRole('region', { name: 'Can’t get the code?' })
		await expect(noCode.getByRole('link', { name: 'Contact us' })).toBeVisible()
		await expect(noCode.getByRole('link')).toHaveCount(1)
	})
	const { countdown, resend } = await test.step('an early resend', () => expectEarlyResendRefused(page, testInfo))
	expect(await mock.emails(partner.email)).toHaveLength(1)

	await test.step('a resend once the interval has passed, and its code', async () => {
		await passTime(page, mock, 61)
		await expect(resend).toBeEnabled()
		await resend.click()
		await expect(countdown).toHaveCount(1)
		expect(await mock.emails(partner.email)).toHaveLength(2)
		await page.getByRole('textbox', { name: 'Code' }).fill((await mock.lastEmail(partner.email)).codes[0]!)
		await page.getByRole('button', { name: 'Continue' }).click()
		await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeVisible()
	})
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

	// Both on: one password box turns off either (issue 55, point 9).
	await page.goto('/me/manage/security/multi-factor-authentication')
	const turnOff = page.getByRole('region', { name: 'Turn off a method' })
	await expect(page.getByLabel('Current password')).toHaveCount(1)
	await expect(turnOff.getByRole('button', { name: /^Turn off / })).toHaveText([
		'Turn off Authenticator app',
		'Turn off Email code',
	])
})

// The 503, the two tries, the cookies kept and "this browser only" are answers: tests/routes/auth.test.ts.
test('when the API cannot revoke the session, sign-out says so plainly, keeps the partner signed in and offers the ways on', async ({
	page,
	mock,
	partner: _signedIn,
}) => {
	await page.goto('/')
	await mock.fault({ method: 'DELETE', path: '/authentication-tokens/current', status: 503, times: 2 })
	await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click()
	await expect(page.getByRole('alert')).toContainText('You are still signed in')
	await expect(page.getByText('You have been signed out.')).toHaveCount(0)
	await expect(page.getByRole('link', { name: 'change your password' })).toHaveAttribute(
		'href',
		'/me/manage/security/password',
	)
	await expect(page.getByRole('button', { name: 'Sign out of this browser only' })).toBeVisible()
	// Once the API answers again, trying again signs out for real.
	await page.getByRole('button', { name: 'Try again' }).click()
	await expect(page).toHaveURL(/\/auth\/sign-in\?notice=signed-out$/)
	await expect(page.getByText('You have been signed out.')).toBeVisible()
	expect((await cookies(page))['user.access-token']).toBeUndefined()
})
