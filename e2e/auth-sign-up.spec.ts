import { PASSWORD, cookies } from './utils/auth'
import { expectAccessible } from './utils/axe'
import { uniqueEmail } from '#tests/mock-api/hooks-client'
import { passTime } from './utils/time'
import { expect, jsDisabled, test } from './fixtures'

test('sign up, meet the verification prompt, verify by the emailed link, reach the dashboard', async ({
	page,
	mock,
}, testInfo) => {
	const email = uniqueEmail('signup')
	await page.goto('/auth/sign-up')
	await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible()
	await expectAccessible(page, testInfo)
	await page.getByLabel('First name').fill('Grace')
	await page.getByLabel('Last name').fill('Hopper')
	await page.getByLabel('Company name').fill('Compilers Ltd')
	await page.getByLabel('Email address').fill(email)
	await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
	await page.getByLabel('Re-enter password').fill(PASSWORD)
	if (!jsDisabled(testInfo)) await expect(page.getByText('Passwords matched')).toBeVisible()
	await page.getByLabel('Country').selectOption({ label: 'Germany' })
	await page.getByLabel('Default language').selectOption({ label: 'German' })
	await page.getByRole('button', { name: 'Create account' }).click()

	// Signed in, but every page asks for the email first.
	await expect(page).toHaveURL(/\/$/)
	await expect(page.getByRole('heading', { level: 1, name: 'Email verification required' })).toBeVisible()
	await expect(page.getByText(email)).toBeVisible()
	await expectAccessible(page, testInfo)
	const jar = await cookies(page)
	expect(jar['user.access-token']?.httpOnly).toBe(true)
	expect(jar['user.refresh-token']?.sameSite).toBe('Lax')

	const mail = await mock.lastEmail(email)
	const link = mail.links.find((l) => l.includes('/tokens/email_verification/'))
	expect(link).toBeTruthy()
	await page.goto(link!)
	// Confirmed, and sent home, where the confirmation is shown once.
	await expect(page).toHaveURL(/\/$/)
	await expect(page.getByRole('status').filter({ hasText: 'Email address confirmed.' })).toBeVisible()
	await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Grace' })).toBeVisible()
	await expectAccessible(page, testInfo)
	await page.reload()
	await expect(page.getByText('Email address confirmed.')).toHaveCount(0)

	// The link is single use: a second click says the address is confirmed already (issue 31 point 15).
	expect((await page.goto(link!))?.status()).toBe(200)
	await expect(page.getByRole('heading', { level: 1, name: 'Email address already confirmed' })).toBeVisible()
})

test('the verification email can be sent again, no sooner than the server allows', async ({ page, mock }, testInfo) => {
	await page.clock.install()
	const email = uniqueEmail('resend')
	await mock.createUser({ email, password: PASSWORD, verified: false })
	await page.goto('/auth/sign-in')
	await page.getByLabel('Email address').fill(email)
	await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
	await page.getByRole('button', { name: 'Sign in' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Email verification required' })).toBeVisible()
	const before = (await mock.emails(email)).length
	const countdown = page.getByText(/You can ask for another email in \d+ seconds?\./)
	const resend = page.getByRole('button', { name: 'Send the email again' })
	await expect(countdown).toHaveCount(1)
	if (jsDisabled(testInfo)) {
		// Without JS the button can be pressed: the refusal says why, the one countdown says when.
		await resend.click()
		await expect(page.getByText('It is too soon to send the email again.')).toBeVisible()
		await expect(countdown).toHaveCount(1)
		await expect(page.getByRole('main')).not.toContainText(/too many attempts|429/i)
	} else {
		await expect(resend).toBeDisabled()
	}
	expect((await mock.emails(email)).length).toBe(before)

	await passTime(page, mock, 61)
	await expect(resend).toBeEnabled()
	await resend.click()
	await expect(page.getByText(`We have sent the email again to ${email}.`)).toBeVisible()
	expect((await mock.emails(email)).length).toBe(before + 1)
})

test('a failed sign-up keeps what was typed except passwords, with a linked error summary', async ({
	page,
	mock,
}, testInfo) => {
	const taken = uniqueEmail('taken')
	await mock.createUser({ email: taken, password: PASSWORD })
	await page.goto('/auth/sign-up')
	await page.getByLabel('First name').fill('Grace')
	await page.getByLabel('Company name').fill('Compilers Ltd')
	await page.getByLabel('Email address').fill(taken)
	await page.getByLabel('Password', { exact: true }).fill('weak')
	await page.getByLabel('Re-enter password').fill('weak')
	await page.getByRole('button', { name: 'Create account' }).click()

	const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' })
	await expect(summary).toBeVisible()
	await expect(summary).toBeFocused()
	await expect(summary.getByRole('link', { name: 'Last name: This field is required.' })).toBeVisible()
	await expect(
		summary.getByRole('link', { name: /Password: This field must be at least 10 characters\./ }),
	).toBeVisible()
	await expect(page.getByLabel('First name')).toHaveValue('Grace')
	await expect(page.getByLabel('Email address')).toHaveValue(taken)
	// Without JS the server answered and never echoes a password back.
	if (jsDisabled(testInfo)) await expect(page.getByLabel('Password', { exact: true })).toHaveValue('')
	await expectAccessible(page, testInfo)

	// The linked message moves focus to its field.
	await summary.getByRole('link', { name: 'Last name: This field is required.' }).click()
	await expect(page.getByLabel('Last name')).toBeFocused()

	// The API's verdict (address taken) lands on its field too, in plain words, with the ways on.
	await page.getByLabel('Last name').fill('Hopper')
	await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
	await page.getByLabel('Re-enter password').fill(PASSWORD)
	await page.getByRole('button', { name: 'Create account' }).click()
	await expect(
		summary.getByRole('link', { name: 'Email address: An account with this email address already exists.' }),
	).toBeVisible()
	await expect(page.getByRole('main')).not.toContainText("doesn't exist")
	await expect(page.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true')
	const main = page.getByRole('main')
	await expect(main.getByRole('link', { name: 'Sign in to that account' })).toHaveAttribute('href', '/auth/sign-in')
	await expect(main.getByRole('link', { name: 'reset its password' })).toHaveAttribute('href', '/auth/reset-password')
	await expectAccessible(page, testInfo)
	await expect(page.getByLabel('First name')).toHaveValue('Grace')
	await expect(page.getByLabel('Password', { exact: true })).toHaveValue('')
	await expect(page.getByLabel('Re-enter password')).toHaveValue('')
})

// The confirmation link's 303 home with its message in the session cookie: tests/routes/email-links.test.ts. What
// the sign-up form and the resend answer (each check, an address taken, too soon): tests/routes/sign-up.test.ts.

// One visit of the sign-up page, watched from its first request: what it offers and when its checks load.
test('the sign-up page: lists in name order; untouched, no validation code; a field checked as it is left with JavaScript, on submit without', async ({
	page,
}, testInfo) => {
	const scripts: string[] = []
	const posts: string[] = []
	page.on('request', (request) => {
		if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
		if (request.method() === 'POST') posts.push(request.url())
	})
	await page.goto('/auth/sign-up')

	await test.step('country and language lists are in the order of their names', async () => {
		await expect(page.getByLabel('Country').getByRole('option')).toHaveText([
			'Brazil',
			'France',
			'Germany',
			'Italy',
			'Romania',
			'Spain',
			'United Kingdom',
		])
		await expect(page.getByLabel('Default language').getByRole('option')).toHaveText([
			'English (United Kingdom)',
			'French',
			'German',
			'Italian',
			'Portuguese (Brazil)',
			'Romanian',
			'Spanish',
		])
		await expect(page.getByLabel('Country')).toHaveValue('GB')
	})

	await test.step('a page whose form is not used downloads no validation code', async () => {
		await page.waitForLoadState('networkidle')
		// On to another page by its link (a client-side navigation with JavaScript), its form untouched too.
		await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click()
		await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
		await page.waitForLoadState('networkidle')
		// The pages' own modules were fetched (preloaded even without JavaScript), the checks were not.
		expect(scripts.some((path) => path.includes('/framework-'))).toBe(true)
		expect(scripts.filter((path) => path.includes('/validate.client-') || path.includes('/schemas-'))).toEqual([])
	})

	await test.step('a field is checked as it is left with JavaScript (no round trip), on submit without', async () => {
		await page.goto('/auth/sign-up')
		const email = page.getByLabel('Email address')
		if (jsDisabled(testInfo)) {
			await email.fill('not-an-email')
			await email.press('Tab')
			await expect(email).not.toHaveAttribute('aria-invalid', 'true')
			await page.getByRole('button', { name: 'Create account' }).click()
			await expect(email).toHaveAttribute('aria-invalid', 'true')
			await expect(email).toHaveAccessibleDescription(/This field must contain a valid email\./)
		} else {
			// Hydrated: the live password feedback only JavaScript shows.
			await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
			await page.getByLabel('Re-enter password').fill(PASSWORD)
			await expect(page.getByText('Passwords matched')).toBeVisible()
			// Typing into the form loaded the checks.
			await expect.poll(() => scripts.some((path) => path.includes('/validate.client-'))).toBe(true)

			await email.fill('not-an-email')
			await email.press('Tab')
			await expect(email).toHaveAttribute('aria-invalid', 'true')
			await expect(email).toHaveAccessibleDescription(/This field must contain a valid email\./)
			await email.fill('grace@example.com')
			await expect(email).not.toHaveAttribute('aria-invalid', 'true')
			await expect(page).toHaveURL(/\/auth\/sign-up$/)
			expect(posts).toEqual([])
		}
	})
})
