import type { Page, Response } from '@playwright/test'
import type { MockHooks } from '#tests/mock-api/hooks-client'
import { identityConfirmationSeconds } from '#app/api/contract/index'
import { createFormTokens, postCreate, SERVICE, sectionLink } from './utils/services'
import { createPartner, fillSignIn, PASSWORD, totpNow } from './utils/auth'
import { expectAccessible } from './utils/axe'
import { expect, jsDisabled, test } from './fixtures'

const ONCE = 'Copy it now: it will not be shown again'
const TOO_MANY = 'A service has at most two secrets in use: revoke one first.'
const WEBHOOKS_UNAFFECTED =
	'Webhooks are not affected: they are signed with the webhook signing secret, not with the client secret.'

const secrets = (page: Page) => page.getByRole('list', { name: 'Secrets' }).getByRole('listitem')
const secretWithHint = (page: Page, hint: string) => secrets(page).filter({ hasText: `…${hint}` })
const shownSecret = (page: Page) => page.getByRole('figure', { name: 'Client secret' }).locator('code')
const summary = (page: Page) => page.getByRole('alert').filter({ hasText: 'There is a problem' })
const passwordField = (page: Page) => page.getByLabel('Your password')
const REMEMBERED = /You confirmed it's you recently: you will not be asked again for \d+ more minutes?\./

/** The path of a page, with JS on (`.data` requests) or off. */
const pathOf = (response: Response) => new URL(response.url()).pathname.replace(/\.data$/, '')

/** A new service of the signed-in partner, its creation secret already shown; answers its developers path. */
async function newService(page: Page, baseURL: string) {
	const request = page.context().request
	const details = await postCreate(request, baseURL, await createFormTokens(request))
	await page.goto(details)
	await expect(page.getByText(ONCE)).toBeVisible()
	return `${details}/developers`
}

/** The hint of the only live secret on the developers page. */
async function onlyHint(page: Page) {
	await expect(secrets(page)).toHaveCount(1)
	const text = await secrets(page).first().getByRole('heading', { level: 3 }).locator('code').textContent()
	return text!.replace('…', '')
}

/** Presses a confirmation button; answers the status of the POST and of the page it leads to. */
async function confirm(page: Page, button: string, path: string) {
	const posted = page.waitForResponse((r) => r.request().method() === 'POST' && pathOf(r) === path)
	await page.getByRole('button', { name: button }).click()
	return (await posted).status()
}

/** The new secret shown once on the developers page after a rotate or a reset, checked, then gone on reload. */
async function expectSecretOnce(page: Page, developers: string, answer: Promise<Response>) {
	const shown = await answer
	expect(shown.headers()['cache-control']).toContain('no-store')
	await expect(page).toHaveURL(new RegExp(`${developers}$`))
	await expect(page.getByText(ONCE)).toBeVisible()
	const secret = (await shownSecret(page).textContent())!.trim()
	expect(secret).toMatch(/^sk_test_\S{20,}$/)
	expect(page.url()).not.toContain(secret)
	return secret
}

test('rotate, revoke and reset, each confirmed first; each new secret is shown once', async ({
	page,
	partner: _signedIn,
	baseURL,
}, testInfo) => {
	const developers = await newService(page, baseURL!)
	await sectionLink(page, 'Developers').click()
	await expect(page.getByRole('heading', { level: 1, name: `Developers: ${SERVICE.name}` })).toBeVisible()
	const region = page.getByRole('region', { name: 'Secrets' })
	await expect(region).toContainText('Rotate adds a second secret. Both work until you revoke the old one')
	await expect(region).toContainText('Webhooks are signed with the webhook signing secret below, not with this one.')
	await expect(region).toContainText(
		'Reset replaces every secret in use with a new one. The old secret stops working now',
	)
	const first = await onlyHint(page)
	expect(first).toMatch(/^\S{4}$/)
	await expect(secrets(page).first()).toContainText('Never used')
	await expect(secrets(page).first()).toContainText(/Created\s*\d{1,2} \w{3} \d{4}, \d{2}:\d{2} UTC/)
	await expect(page.getByText(ONCE)).toHaveCount(0)
	await expect(region.getByRole('link', { name: /^Revoke/ })).toHaveCount(0)
	await expectAccessible(page, testInfo)

	// Rotate: the confirmation page explains, Cancel goes back without a change.
	await region.getByRole('link', { name: 'Rotate the secret' }).click()
	await expect(page).toHaveURL(new RegExp(`${developers}/secrets/rotate$`))
	await expect(page.getByRole('heading', { level: 1, name: `Rotate the secret of ${SERVICE.name}` })).toBeVisible()
	await expect(page.getByText('both work until you revoke the old one')).toBeVisible()
	await expect(page.getByText(WEBHOOKS_UNAFFECTED)).toBeVisible()
	await expectAccessible(page, testInfo)
	await page.getByRole('link', { name: 'Cancel' }).click()
	await expect(page).toHaveURL(new RegExp(`${developers}$`))
	expect(await onlyHint(page)).toBe(first)

	await region.getByRole('link', { name: 'Rotate the secret' }).click()
	await expect(page.getByRole('group', { name: "Confirm it's you" })).toBeVisible()
	await passwordField(page).fill(PASSWORD)
	const rotated = page.waitForResponse((r) => r.request().method() === 'GET' && pathOf(r) === developers)
	await page.getByRole('button', { name: 'Create a second secret' }).click()
	const second = await expectSecretOnce(page, developers, rotated)
	await expect(page.getByText('A second secret was created. Both work until you revoke one.')).toBeVisible()
	await expect(page.getByRole('button', { name: 'Copy secret' })).toHaveCount(jsDisabled(testInfo) ? 0 : 1)
	await expect(secrets(page)).toHaveCount(2)
	// While rotating, the two are told apart: the old one (still working) and the new one.
	await expect(secretWithHint(page, first).getByRole('heading', { level: 3 })).toHaveText(`Old secret …${first}`)
	await expect(secretWithHint(page, first)).toContainText('It keeps working until you revoke it')
	await expect(secretWithHint(page, second.slice(-4)).getByRole('heading', { level: 3 })).toHaveText(
		`New secret …${second.slice(-4)}`,
	)
	await expect(region.getByRole('link', { name: 'Rotate the secret' })).toHaveCount(0)
	await expect(region).toContainText(
		'Two secrets are in use: revoke the one you no longer use before you rotate again.',
	)
	// "Live" is an environment here: the secrets' own words never borrow it.
	await expect(region).not.toContainText(/\blive\b/i)
	await expectAccessible(page, testInfo)

	const reload = await page.reload()
	expect(reload!.headers()['cache-control']).toContain('no-store')
	await expect(page.getByText(ONCE)).toHaveCount(0)
	await expect(page.getByText(second)).toHaveCount(0)
	await expect(secrets(page)).toHaveCount(2)

	// Revoke the old one: Cancel first, then confirm.
	await secretWithHint(page, first)
		.getByRole('link', { name: `Revoke secret …${first}` })
		.click()
	await expect(page).toHaveURL(new RegExp(`${developers}/secrets/[^/]+/revoke$`))
	await expect(page.getByRole('heading', { level: 1, name: `Revoke secret …${first}` })).toBeVisible()
	await expect(page.getByText(`The other secret, …${second.slice(-4)}, keeps working.`)).toBeVisible()
	// Webhooks are signed with the signing secret (decision 0020), never with a client secret.
	await expect(page.getByText(WEBHOOKS_UNAFFECTED)).toBeVisible()
	await expect(page.getByRole('main')).not.toContainText('webhook requests are signed with')
	// Confirmed for the rotate a moment ago: not asked again.
	await expect(page.getByText(REMEMBERED)).toBeVisible()
	await expect(passwordField(page)).toHaveCount(0)
	await expectAccessible(page, testInfo)
	await page.getByRole('link', { name: 'Cancel' }).click()
	await expect(secrets(page)).toHaveCount(2)
	await secretWithHint(page, first)
		.getByRole('link', { name: `Revoke secret …${first}` })
		.click()
	await page.getByRole('button', { name: 'Revoke the secret' }).click()
	await expect(page).toHaveURL(new RegExp(`${developers}$`))
	await expect(page.getByText('The secret was revoked; the other one keeps working.')).toBeVisible()
	expect(await onlyHint(page)).toBe(second.slice(-4))
	await expect(page.getByText(ONCE)).toHaveCount(0)
	await expect(region.getByRole('link', { name: /^Revoke/ })).toHaveCount(0)

	// Reset: Cancel first, then confirm; a new secret, once, and only it is live.
	await region.getByRole('link', { name: 'Reset the secret' }).click()
	await expect(page).toHaveURL(new RegExp(`${developers}/secrets/reset$`))
	await expect(page.getByRole('heading', { level: 1, name: `Reset the secret of ${SERVICE.name}` })).toBeVisible()
	await expect(page.getByText('The current secret stops working now')).toBeVisible()
	await expect(page.getByText(WEBHOOKS_UNAFFECTED)).toBeVisible()
	await expect(page.getByRole('main')).not.toContainText('webhook requests are signed with')
	await expectAccessible(page, testInfo)
	await page.getByRole('link', { name: 'Cancel' }).click()
	expect(await onlyHint(page)).toBe(second.slice(-4))
	await region.getByRole('link', { name: 'Reset the secret' }).click()
	const reset = page.waitForResponse((r) => r.request().method() === 'GET' && pathOf(r) === developers)
	await page.getByRole('button', { name: 'Reset the secret' }).click()
	const third = await expectSecretOnce(page, developers, reset)
	await expect(page.getByText('The secret was reset: the old one no longer works.')).toBeVisible()
	expect(third).not.toBe(second)
	const hint = await onlyHint(page)
	expect(hint).toBe(third.slice(-4))
	expect(hint).not.toBe(second.slice(-4))
	await page.reload()
	await expect(page.getByText(ONCE)).toHaveCount(0)
	expect(await onlyHint(page)).toBe(hint)
})

// A rotate with two live secrets, a revoke of the last one (refused, with the message) and an outage on the
// confirmation page: tests/routes/services-secrets.test.ts.

test('a change to a secret asks for the password first, then not again for a few minutes', async ({
	page,
	partner: _signedIn,
	baseURL,
	mock,
}, testInfo) => {
	const developers = await newService(page, baseURL!)
	const reset = `${developers}/secrets/reset`
	await page.goto(reset)
	const identity = page.getByRole('group', { name: "Confirm it's you" })
	await expect(identity).toContainText(
		`Showing or changing a secret needs your password again, in case someone else is using your session. You will not be asked again for ${identityConfirmationSeconds / 60} minutes.`,
	)
	await expect(identity.getByRole('link', { name: 'Use your authenticator app instead' })).toHaveCount(0)
	await expectAccessible(page, testInfo)

	// Nothing typed, then a wrong password: refused on the page, nothing changed, the password never echoed.
	await page.getByRole('button', { name: 'Reset the secret' }).click()
	await expect(summary(page)).toContainText('Your password: This field is required.')
	await passwordField(page).fill('Not-My-Password-1!')
	await page.getByRole('button', { name: 'Reset the secret' }).click()
	await expect(summary(page)).toContainText('Your password: The password is incorrect.')
	await expect(passwordField(page)).toHaveValue('')
	await expect(page).toHaveURL(new RegExp(`${reset}$`))
	await expect(page.getByText(ONCE)).toHaveCount(0)

	await passwordField(page).fill(PASSWORD)
	await page.getByRole('button', { name: 'Reset the secret' }).click()
	await expect(page).toHaveURL(new RegExp(`${developers}$`))
	await expect(page.getByText('The secret was reset: the old one no longer works.')).toBeVisible()

	// Remembered: the next change asks nothing…
	const rotate = `${developers}/secrets/rotate`
	await page.goto(rotate)
	await expect(page.getByText(REMEMBERED)).toBeVisible()
	await expect(passwordField(page)).toHaveCount(0)
	// …until the confirmation ends, even on a page opened before it did: then it asks again.
	await mock.advanceClock(identityConfirmationSeconds)
	expect(await confirm(page, 'Create a second secret', rotate)).toBe(403)
	await expect(summary(page)).toContainText("For your security, confirm it's you again")
	await expect(passwordField(page)).toBeVisible()
	// The message stays while the password is typed (the field checked as it is left takes nothing away), so the
	// button does not move from under the pointer.
	await passwordField(page).fill(PASSWORD)
	await passwordField(page).blur()
	await expect(summary(page)).toContainText("For your security, confirm it's you again")
	await page.getByRole('button', { name: 'Create a second secret' }).click()
	await expect(page.getByText('A second secret was created. Both work until you revoke one.')).toBeVisible()
	await page.goto(rotate)
	await expect(page.getByText(TOO_MANY)).toBeVisible()
})

/** A partner with the authenticator app on, signed in with it, and a new service: its developers and reset pages. */
async function withAuthenticatorAndService(page: Page, mock: MockHooks, baseURL: string) {
	const partner = await createPartner(mock, { totp: true })
	await page.goto('/auth/sign-in')
	await fillSignIn(page, partner.email, PASSWORD)
	const signInCode = await totpNow(mock, partner.totpSecret!)
	await page.getByRole('textbox', { name: 'Code' }).fill(signInCode)
	await page.getByRole('button', { name: 'Continue' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeVisible()
	const developers = await newService(page, baseURL)
	return { partner, signInCode, developers, reset: `${developers}/secrets/reset` }
}

test('with the authenticator app on, a code of it confirms instead of the password', async ({
	page,
	mock,
	baseURL,
}) => {
	const { partner, signInCode, developers, reset } = await withAuthenticatorAndService(page, mock, baseURL!)
	await page.goto(reset)
	await page.getByRole('link', { name: 'Use your authenticator app instead' }).click()
	await expect(page).toHaveURL(new RegExp(`${reset}\\?with=totp$`))
	await expect(passwordField(page)).toHaveCount(0)
	// The step says what it asks for: a code, not the password.
	const identity = page.getByRole('group', { name: "Confirm it's you" })
	await expect(identity).toContainText('Showing or changing a secret needs a code from your authenticator app')
	await expect(identity).not.toContainText('password again')
	const code = page.getByRole('textbox', { name: 'Code from your authenticator app' })
	// The sign-in's code, still on the app's screen, is spent: the page says so.
	await code.fill(signInCode)
	await page.getByRole('button', { name: 'Reset the secret' }).click()
	await expect(summary(page)).toContainText(
		'Code from your authenticator app: This code has already been used. Wait for your authenticator app to show the next one.',
	)
	// A step after the sign-in's.
	await mock.advanceClock(30)
	const right = await totpNow(mock, partner.totpSecret!)
	await code.fill(right === '000000' ? '111111' : '000000')
	await page.getByRole('button', { name: 'Reset the secret' }).click()
	await expect(summary(page)).toContainText('Code from your authenticator app: The code is invalid.')
	await page.getByRole('textbox', { name: 'Code from your authenticator app' }).fill(right)
	await page.getByRole('button', { name: 'Reset the secret' }).click()
	await expect(page).toHaveURL(new RegExp(`${developers}$`))
	await expect(page.getByText('The secret was reset: the old one no longer works.')).toBeVisible()
	// The other way back.
	await mock.advanceClock(identityConfirmationSeconds)
	await page.goto(`${reset}?with=totp`)
	await page.getByRole('link', { name: 'Use your password instead' }).click()
	await expect(page).toHaveURL(new RegExp(`${reset}$`))
	await expect(passwordField(page)).toBeVisible()
})

// Wrong authenticator codes counted with wrong passwords (past the limit, a 429 for the code and the password
// alike), and each live secret's last use (the service's authentication with it):
// tests/routes/services-secrets.test.ts.
