import { expect, type Page } from '@playwright/test'
import { totp } from '#tests/mock-api/totp'
import { type MockApi, type MockUserInput, uniqueEmail } from './mock'

export const PASSWORD = 'Correct-Horse-42'

/** A fresh, verified partner on the mock (two-step off unless asked). */
export async function createPartner(mock: MockApi, input: Partial<MockUserInput> = {}) {
	const email = input.email ?? uniqueEmail()
	const created = await mock.createUser({
		email,
		password: PASSWORD,
		first_name: 'Ada',
		last_name: 'Lovelace',
		company_name: 'Analytical Engines Ltd',
		country: 'GB',
		locale: 'en-GB',
		verified: true,
		...input,
	})
	return { email, password: input.password ?? PASSWORD, totpSecret: created.totp_secret, id: created.user.id }
}

export async function fillSignIn(page: Page, email: string, password: string) {
	await page.getByLabel('Email address').fill(email)
	await page.getByLabel('Password', { exact: true }).fill(password)
	await page.getByRole('button', { name: 'Sign in' }).click()
}

/** Signs in through the form and waits for the dashboard. */
export async function signIn(page: Page, email: string, password = PASSWORD) {
	await page.goto('/auth/sign-in')
	await fillSignIn(page, email, password)
	await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible()
}

/** The current TOTP code for `secret` at the mock API's clock. */
export async function totpNow(mock: MockApi, secret: string, offsetSteps = 0) {
	const now = await mock.now()
	return totp(secret, now.getTime() + offsetSteps * 30_000)
}

/** Cookie values by name in the browser context. */
export async function cookies(page: Page) {
	return Object.fromEntries((await page.context().cookies()).map((c) => [c.name, c]))
}
