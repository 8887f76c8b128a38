import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { PASSWORD, uniqueEmail, type MockHooks, type MockUserInput } from '#tests/mock-api/hooks-client'
import { totp } from '#tests/mock-api/totp'
import { csrfTokenFrom } from '#tests/setup/processes'

export { PASSWORD }

export type Partner = Awaited<ReturnType<typeof createPartner>>

/** A fresh, verified partner on the mock (two-step off unless asked). */
export async function createPartner(mock: MockHooks, input: Partial<MockUserInput> = {}) {
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

/**
 * Signs in over HTTP, as the form does without JS: GET the page for the CSRF
 * cookie and token, POST the form. `request` is a browser context's, so the
 * session cookies land in that context; no page is rendered.
 */
export async function signInOverHttp(request: APIRequestContext, baseURL: string, email: string, password: string) {
	const page = await request.get('/auth/sign-in')
	const csrf = csrfTokenFrom(await page.text())
	if (!csrf) throw new Error(`GET /auth/sign-in ${page.status()}: no CSRF token`)
	const response = await request.post('/auth/sign-in', {
		form: { email, password, csrf },
		headers: { Origin: baseURL },
		maxRedirects: 0,
	})
	const state = await request.storageState()
	if (response.status() !== 302 || !state.cookies.some((cookie) => cookie.name === 'user.access-token')) {
		throw new Error(`sign-in over HTTP failed: POST /auth/sign-in ${response.status()}`)
	}
}

/** The current TOTP code for `secret` at the mock API's clock. */
export async function totpNow(mock: MockHooks, secret: string, offsetSteps = 0) {
	const now = await mock.now()
	return totp(secret, now.getTime() + offsetSteps * 30_000)
}

/** Cookie values by name in the browser context. */
export async function cookies(page: Page) {
	return Object.fromEntries((await page.context().cookies()).map((c) => [c.name, c]))
}
