import type { Page } from '@playwright/test'
import { uniqueEmail } from '#tests/mock-api/hooks-client'
import { PASSWORD, fillSignIn, signIn, totpNow } from './utils/auth'
import { expectAccessible } from './utils/axe'
import { passTime } from './utils/time'
import { CONTACT_EMAIL, expect, jsDisabled, test } from './fixtures'
import { expectEarlyResendRefused } from './utils/resend'

const OPEN_IN_APP = 'Open in your authenticator app'
const summary = (page: Page) => page.getByRole('alert').filter({ hasText: 'There is a problem' })

async function askEmailChange(page: Page, email: string, password: string) {
	await page.getByLabel('New email address').fill(email)
	await page.getByLabel('Current password').fill(password)
	await page.getByRole('button', { name: 'Send confirmation link' }).click()
}

test('the app shell: navigation, account sub-navigation, page titles', async ({
	page,
	partner: _signedIn,
}, testInfo) => {
	await page.goto('/')
	await expect(page).toHaveTitle('Dashboard – Partner Portal')
	await expect(page.getByText('Protect your account with two-step authentication')).toBeVisible()
	await expectAccessible(page, testInfo)
	const nav = page.getByRole('navigation', { name: 'Main' })
	await nav.getByRole('link', { name: 'Account' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Personal details' })).toBeVisible()
	const sub = page.getByRole('navigation', { name: 'Account' })
	await expect(sub.getByRole('link', { name: 'Personal details' })).toHaveAttribute('aria-current', 'page')
	for (const [name, heading] of [
		['Email', 'Email'],
		['Password', 'Change password'],
		['Two-step authentication', 'Two-step authentication'],
	]) {
		await sub.getByRole('link', { name }).click()
		await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
		await expect(sub.getByRole('link', { name })).toHaveAttribute('aria-current', 'page')
		await expectAccessible(page, testInfo)
	}
	await nav.getByRole('link', { name: 'Contact' }).click()
	await expect(page).toHaveTitle('Contact – Partner Portal')
})

test('the shell fits a 320 px wide screen', async ({ page, partner: _signedIn }) => {
	await page.setViewportSize({ width: 320, height: 640 })
	await page.goto('/')
	await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible()
	const overflow = await page.evaluate(
		() => document.documentElement.scrollWidth - document.documentElement.clientWidth,
	)
	expect(overflow).toBeLessThanOrEqual(0)
})

test('edit personal details', async ({ page, partner: _signedIn }, testInfo) => {
	await page.goto('/me/manage/general/personal-details')
	await expect(page.getByLabel('First name')).toHaveValue('Ada')
	await page.getByLabel('First name').fill('')
	await page.getByLabel('Company name').fill('Difference Engines Ltd')
	await page.getByRole('button', { name: 'Save details' }).click()
	await expect(summary(page)).toContainText('First name: This field is required.')
	await expect(page.getByLabel('Company name')).toHaveValue('Difference Engines Ltd')
	await expectAccessible(page, testInfo)
	await page.getByLabel('First name').fill('Augusta')
	await page.getByLabel('Country').selectOption({ label: 'Italy' })
	await page.getByRole('button', { name: 'Save details' }).click()
	await expect(page.getByText('Your details have been saved.')).toBeVisible()
	await expect(page.getByLabel('First name')).toHaveValue('Augusta')
	await expect(page.getByLabel('Country')).toHaveValue('IT')
	await expect(page.getByRole('banner')).toContainText('Augusta Lovelace')
})

test('change email and confirm it by the emailed link', async ({ page, partner, mock }, testInfo) => {
	const next = uniqueEmail('new')
	await page.goto('/me/manage/security/email')
	await expect(page.getByText(partner.email)).toBeVisible()
	await page.getByLabel('New email address').fill(next)
	await page.getByLabel('Current password').fill('Wrong-Password-1')
	await page.getByRole('button', { name: 'Send confirmation link' }).click()
	await expect(page.getByText('The password is incorrect.').first()).toBeVisible()
	await expect(page.getByLabel('New email address')).toHaveValue(next)
	await expect(page.getByLabel('Current password')).toHaveValue('')
	await page.getByLabel('Current password').fill(PASSWORD)
	await page.getByRole('button', { name: 'Send confirmation link' }).click()
	const sent = page.getByText(`We have sent a confirmation link to ${next}.`)
	await expect(sent).toBeVisible()
	// Said once: the waiting address shows on the next visit, not beside the message that just said so.
	await expect(page.getByText(next)).toHaveCount(1)
	// As on the fresh page a browser without JS gets: nothing typed is left, least of all the password.
	await expect(page.getByLabel('New email address')).toHaveValue('')
	await expect(page.getByLabel('Current password')).toHaveValue('')
	await expectAccessible(page, testInfo)
	// A later failure drops the success message.
	await askEmailChange(page, uniqueEmail('later'), 'Wrong-Password-1')
	await expect(summary(page)).toContainText('The password is incorrect.')
	await expect(sent).toHaveCount(0)
	await page.reload()
	await expect(page.getByText(`Waiting for you to confirm ${next}.`)).toBeVisible()
	await expect(page.getByText(`We have sent a confirmation link to ${next}.`)).toHaveCount(0)

	const link = (await mock.lastEmail(next)).links.find((l) => l.includes('/tokens/email_change/'))!
	await page.goto(link)
	await expect(page).toHaveURL(/\/$/)
	await expect(page.getByText('Email address confirmed.')).toBeVisible()
	await page.goto('/me/manage/security/email')
	await expect(page.getByRole('main').getByText(next)).toBeVisible()
	await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click()
	await expect(page.getByText('You have been signed out.')).toBeVisible()
	await signIn(page, next)
})

// A taken address, a wrong password and the second ask within the minute: tests/routes/account.test.ts.

test('change email: one confirmation email a minute to an address; the form keeps it and counts down', async ({
	page,
	partner: _signedIn,
	mock,
}, testInfo) => {
	await page.clock.install()
	await page.goto('/me/manage/security/email')
	const next = uniqueEmail('twice')
	await askEmailChange(page, next, PASSWORD)
	await expect(page.getByText(`We have sent a confirmation link to ${next}.`)).toBeVisible()

	await askEmailChange(page, next, PASSWORD)
	await expect(summary(page)).toContainText(
		'We sent an email to this address less than a minute ago. You can ask for another one in',
	)
	await expect(page.getByLabel('New email address')).toHaveValue(next)
	await expect(page.getByLabel('Current password')).toHaveValue('')
	await expect(page.getByText(/You can ask again in \d+ seconds?\./)).toHaveCount(1)
	const button = page.getByRole('button', { name: 'Send confirmation link' })
	if (!jsDisabled(testInfo)) {
		await expect(button).toBeDisabled()
		// …and looks it.
		await expect(button).toHaveCSS('cursor', 'not-allowed')
		await expect(button).toHaveCSS('opacity', '0.55')
	}
	expect(await mock.emails(next)).toHaveLength(1)
	await expectAccessible(page, testInfo)

	await passTime(page, mock, 61)
	if (!jsDisabled(testInfo)) await expect(page.getByText('You can ask again now.')).toBeVisible()
	await page.getByLabel('Current password').fill(PASSWORD)
	await button.click()
	await expect(page.getByText(`We have sent a confirmation link to ${next}.`)).toBeVisible()
	expect(await mock.emails(next)).toHaveLength(2)
})

test('change password: wrong current password, then right; sign in with the new one', async ({
	page,
	partner,
}, testInfo) => {
	const NEW = 'Fresh-Password-2027'
	await page.goto('/me/manage/security/password')
	await expectAccessible(page, testInfo)
	// The current password again as the new one: tests/routes/account.test.ts.
	await page.getByLabel('Current password').fill('Wrong-Password-1')
	await page.getByLabel('New password', { exact: true }).fill(NEW)
	await page.getByLabel('Re-enter password').fill(NEW)
	await page.getByRole('button', { name: 'Change password' }).click()
	await expect(page.getByText('The password is incorrect.').first()).toBeVisible()
	await expect(page.getByLabel('New password', { exact: true })).toHaveValue('')
	await page.getByLabel('Current password').fill(PASSWORD)
	await page.getByLabel('New password', { exact: true }).fill(NEW)
	await page.getByLabel('Re-enter password').fill(NEW)
	await page.getByRole('button', { name: 'Change password' }).click()
	await expect(page).toHaveURL(/\/$/)
	await expect(page.getByText('Your password has been changed.')).toBeVisible()
	await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click()
	await fillSignIn(page, partner.email, PASSWORD)
	await expect(summary(page)).toContainText('The authentication details are incorrect.')
	await signIn(page, partner.email, NEW)
})

test('turn on the authenticator app, sign in with it, turn it off', async ({ page, partner, mock }, testInfo) => {
	await page.goto('/me/manage/security/multi-factor-authentication')
	await page.getByRole('link', { name: 'Turn on Authenticator app' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Turn on the authenticator app' })).toBeVisible()
	// The QR code and the setup key at once: no extra click.
	await expect(page.getByRole('img', { name: /QR code/ })).toHaveAttribute('src', /^data:image\/png;base64,/)
	await expect(page.getByRole('button', { name: 'Set up authenticator app' })).toHaveCount(0)
	// A computer scans the QR code with the phone: no link to an app it does not have.
	await expect(page.getByRole('link', { name: OPEN_IN_APP })).toBeHidden()
	await expectAccessible(page, testInfo)
	const key = (await page.getByRole('figure', { name: 'Setup key' }).locator('code').innerText()).replace(/\s/g, '')
	expect(key).toMatch(/^[A-Z2-7]{16,}$/)
	await page.getByRole('textbox', { name: 'Code' }).fill('000000')
	await page.getByRole('button', { name: 'Turn on' }).click()
	await expect(page.getByText('The code is invalid.').first()).toBeVisible()
	// The same key survives the failed attempt.
	expect((await page.getByRole('figure', { name: 'Setup key' }).locator('code').innerText()).replace(/\s/g, '')).toBe(
		key,
	)
	await page.getByRole('textbox', { name: 'Code' }).fill(await totpNow(mock, key))
	await page.getByRole('button', { name: 'Turn on' }).click()
	await expect(page.getByText('Authenticator app is now on.')).toBeVisible()

	await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click()
	await fillSignIn(page, partner.email, PASSWORD)
	await mock.advanceClock(30)
	await page.getByRole('textbox', { name: 'Code' }).fill(await totpNow(mock, key))
	await page.getByRole('button', { name: 'Continue' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeVisible()

	await page.goto('/me/manage/security/multi-factor-authentication')
	// One password box, whichever methods are on (issue 55, point 9).
	const card = page.getByRole('region', { name: 'Turn off a method' })
	await expect(page.getByLabel('Current password')).toHaveCount(1)
	await card.getByLabel('Current password').fill('Wrong-Password-1')
	await card.getByRole('button', { name: 'Turn off Authenticator app' }).click()
	await expect(page.getByText('The password is incorrect.').first()).toBeVisible()
	await card.getByLabel('Current password').fill(PASSWORD)
	await card.getByRole('button', { name: 'Turn off Authenticator app' }).click()
	await expect(page.getByText('Authenticator app is now off.')).toBeVisible()
	await expect(page.getByRole('region', { name: 'Turn off a method' })).toHaveCount(0)
})

test.describe('on a phone', () => {
	test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } })

	test('the authenticator setup offers its otpauth:// link beside the QR code', async ({
		page,
		partner: _signedIn,
	}, testInfo) => {
		await page.goto('/me/manage/security/multi-factor-authentication/totp')
		await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible()
		const key = (await page.getByRole('figure', { name: 'Setup key' }).locator('code').innerText()).replace(/\s/g, '')
		const link = page.getByRole('link', { name: OPEN_IN_APP })
		await expect(link).toBeVisible()
		await expect(link).toHaveAttribute(
			'href',
			new RegExp(`^otpauth://totp/Partner%20Portal:[^?]+\\?secret=${key}&issuer=Partner%20Portal&`),
		)
		await expectAccessible(page, testInfo)
	})
})

// Turning email codes on where a code went out within the minute, and an expired code: tests/routes/two-step.test.ts.

test('turn on email codes: one countdown; an early resend is held back or refused, a later one works', async ({
	page,
	partner,
	mock,
}, testInfo) => {
	await page.clock.install()
	await page.goto('/me/manage/security/multi-factor-authentication/email')
	await expectAccessible(page, testInfo)
	await page.getByRole('button', { name: 'Send me a code' }).click()
	await expect(page.getByText(`We have sent a code to ${partner.email}.`)).toBeVisible()
	const { countdown, resend } = await expectEarlyResendRefused(page, testInfo)
	expect(await mock.emails(partner.email)).toHaveLength(1)
	await passTime(page, mock, 61)
	await expect(resend).toBeEnabled()
	await resend.click()
	await expect(page.getByRole('alert').filter({ hasText: /too soon/ })).toHaveCount(0)
	await expect(countdown).toHaveCount(1)
	expect(await mock.emails(partner.email)).toHaveLength(2)
	const code = (await mock.lastEmail(partner.email)).codes[0]!
	await page.getByRole('textbox', { name: 'Code' }).fill(`${code.slice(0, 3)} ${code.slice(3)}`)
	await page.getByRole('button', { name: 'Turn on' }).click()
	await expect(page.getByText('Email code is now on.')).toBeVisible()
	// The first method on: its recovery codes first (e2e/account-recovery-codes.spec.ts), then the settings.
	await page.getByLabel('I have saved these codes somewhere safe').check()
	await page.getByRole('button', { name: 'Done' }).click()
	await expect(page.getByRole('region', { name: /Email code/ }).getByText('On', { exact: true })).toBeVisible()
})

test('send the contact form', async ({ page, partner, mock }, testInfo) => {
	await page.goto('/contact')
	await expect(page.getByRole('link', { name: CONTACT_EMAIL })).toHaveAttribute('href', `mailto:${CONTACT_EMAIL}`)
	// Each field says its limit before it is reached.
	await expect(page.getByLabel('Subject')).toHaveAccessibleDescription('Up to 150 characters.')
	await expect(page.getByLabel('Message')).toHaveAccessibleDescription(/^Up to 5000 characters\./)
	await expectAccessible(page, testInfo)
	await page.getByLabel('Subject').fill('Webhook question')
	await page.getByRole('button', { name: 'Send message' }).click()
	await expect(summary(page)).toContainText('Message: This field is required.')
	await expect(page.getByLabel('Subject')).toHaveValue('Webhook question')
	await page.getByLabel('Message').fill('How do I rotate the webhook secret?')
	await page.getByRole('button', { name: 'Send message' }).click()
	const sent = page.getByText('Thank you. Your message has been sent; we will reply by email.')
	await expect(sent).toBeVisible()
	const mail = await mock.lastEmail(CONTACT_EMAIL)
	expect(mail.subject).toBe('Contact: Webhook question')
	expect(mail.text).toContain('How do I rotate the webhook secret?')
	expect(mail.text).toContain(partner.email)
	// As on the fresh page a browser without JS gets: the sent message is not left in the form.
	await expect(page.getByLabel('Subject')).toHaveValue('')
	await expect(page.getByLabel('Message')).toHaveValue('')

	// A later failure: the success message goes, the error stays alone.
	await page.getByLabel('Subject').fill('Another question')
	await page.getByRole('button', { name: 'Send message' }).click()
	await expect(summary(page)).toContainText('Message: This field is required.')
	await expect(sent).toHaveCount(0)
})
