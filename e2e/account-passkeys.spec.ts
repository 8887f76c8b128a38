/**
 * Issue 56, passkeys (decision 0041), with Chromium's virtual authenticator (the DevTools protocol's WebAuthn
 * domain): a partner adds one and signs in with it; without JavaScript the prompt offers the other ways and says why;
 * a look-alike origin's assertion is refused. The portal is addressed as localhost (no IP is a relying party).
 */
import type { BrowserContext, Page } from '@playwright/test'
import { expectAccessible } from './utils/axe'
import { createPartner, fillSignIn, totpNow, type Partner } from './utils/auth'
import type { MockHooks } from '#tests/mock-api/hooks-client'
import { expect, jsDisabled, test } from './fixtures'

test.use({ portalHost: 'localhost', viewport: { width: 390, height: 844 } })

const TWO_STEP = '/me/manage/security/multi-factor-authentication'

/** An authenticator in the page that says yes at once, with its screen lock passed. */
async function virtualAuthenticator(context: BrowserContext, page: Page) {
	const cdp = await context.newCDPSession(page)
	await cdp.send('WebAuthn.enable')
	await cdp.send('WebAuthn.addVirtualAuthenticator', {
		options: {
			protocol: 'ctap2',
			transport: 'internal',
			hasResidentKey: true,
			hasUserVerification: true,
			isUserVerified: true,
			automaticPresenceSimulation: true,
		},
	})
	return cdp
}

/** The password step, then the authenticator app's code unless a passkey is offered. */
async function signInWithPassword(page: Page, partner: Partner) {
	await page.goto('/auth/sign-in')
	await fillSignIn(page, partner.email, partner.password)
	await expect(page).toHaveURL(/\/auth\/sign-in\/two-step/)
}

async function signInWithCode(page: Page, partner: Partner, mock: MockHooks) {
	await page.getByRole('textbox', { name: 'Code' }).fill(await totpNow(mock, partner.totpSecret!))
	await page.getByRole('button', { name: 'Continue' }).click()
	await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible()
}

/** Through the page, as a partner with JavaScript adds one: a name, the password, the browser's prompt. */
async function addPasskey(page: Page, partner: Partner) {
	await page.goto(TWO_STEP)
	await page.getByRole('link', { name: 'Add a passkey' }).click()
	// A wrong password first: the summary says so and the field is empty again.
	await page.getByLabel('Name (optional)').fill('Work laptop')
	await page.getByLabel('Your password').fill('Not-the-passw0rd!')
	await page.getByRole('button', { name: 'Create passkey' }).click()
	await expect(page.getByRole('alert').getByRole('link', { name: /^Your password: / })).toBeVisible()
	await expect(page.getByLabel('Your password')).toHaveValue('')
	await expect(page.getByLabel('Name (optional)')).toHaveValue('Work laptop')
	await page.getByLabel('Your password').fill(partner.password)
	expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390)
	await page.getByRole('button', { name: 'Create passkey' }).click()
	await expect(page).toHaveURL(new RegExp(`${TWO_STEP}$`))
	await expect(page.getByText('The passkey “Work laptop” was added.', { exact: false })).toBeVisible()
	await expect(
		page.getByRole('list', { name: 'Your passkeys' }).getByRole('heading', { name: 'Work laptop' }),
	).toBeVisible()
}

test('a partner with a passkey signs in with it (JavaScript) or with the code, told why (without)', async ({
	page,
	context,
	mock,
}, testInfo) => {
	const js = !jsDisabled(testInfo)
	// Without JavaScript no passkey can be added: the account is given one.
	const partner = await createPartner(mock, { totp: true, passkeys: js ? [] : ['Work laptop'] })
	if (js) {
		await virtualAuthenticator(context, page)
		await signInWithPassword(page, partner)
		await signInWithCode(page, partner, mock)
		await addPasskey(page, partner)
		expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390)
		await expectAccessible(page, testInfo)
		expect((await mock.lastEmail(partner.email))?.subject).toBe('A passkey was added to your account')
		await page.goto('/auth/sign-out')
		await page.getByRole('main').getByRole('button', { name: 'Sign out' }).click()
		await expect(page.getByText('You have been signed out.', { exact: false })).toBeVisible()
	}
	await signInWithPassword(page, partner)
	// The passkey first, the other ways one click away.
	await expect(page.getByRole('link', { name: 'Use my authenticator app instead' })).toBeVisible()
	await expectAccessible(page, testInfo)
	if (js) {
		await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
		await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible()
		await page.goto(TWO_STEP)
		await expect(page.getByText(/Last used/)).toBeVisible()
	} else {
		await expect(
			page.getByText('Passkeys need JavaScript, which is off in this browser.', { exact: false }),
		).toBeVisible()
		await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toHaveCount(0)
		await page.getByRole('link', { name: 'Use my authenticator app instead' }).click()
		await signInWithCode(page, partner, mock)
		await page.goto(`${TWO_STEP}/passkeys/new`)
		await expect(page.getByText('Adding a passkey needs JavaScript', { exact: false })).toBeVisible()
		await expect(page.getByRole('button', { name: 'Create passkey' })).toHaveCount(0)
		await expectAccessible(page, testInfo)
	}
})

test('a look-alike site on another origin that relays the password cannot use the partner’s passkey', async ({
	page,
	context,
	mock,
	browser,
	baseURL,
}, testInfo) => {
	// A passkey is made and used by the browser's script: with JavaScript only.
	if (!jsDisabled(testInfo)) {
		const partner = await createPartner(mock, { totp: true })
		await virtualAuthenticator(context, page)
		await signInWithPassword(page, partner)
		await signInWithCode(page, partner, mock)
		await addPasskey(page, partner)

		// The phisher signs in with the relayed password and takes the prompt's challenge.
		const phisher = await browser.newContext({ baseURL })
		const relay = await phisher.newPage()
		await signInWithPassword(relay, partner)
		let challenge: string | undefined
		await relay.route('**/auth/sign-in/two-step.data', async (route) => {
			const response = await route.fetch()
			challenge ??= (await response.text()).match(/"challenge","([\w-]+)"/)?.[1]
			await route.fulfill({ response })
		})
		await relay.getByRole('button', { name: 'Sign in with a passkey' }).click()
		await expect.poll(() => challenge).toBeTruthy()
		// Its page, on another port of localhost (the same relying party to the browser), asks for the passkey.
		const lookAlike = `http://localhost:${Number(new URL(baseURL!).port) + 1}`
		await page.route(`${lookAlike}/**`, (route) =>
			route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Sign in</title>' }),
		)
		await page.goto(`${lookAlike}/sign-in`)
		const credential = await page.evaluate(async (challenge) => {
			const bytes = (text: string) =>
				Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0))
			const text = (buffer: ArrayBuffer) =>
				btoa(String.fromCharCode(...new Uint8Array(buffer)))
					.replace(/\+/g, '-')
					.replace(/\//g, '_')
					.replaceAll('=', '')
			const got = (await navigator.credentials.get({
				publicKey: { challenge: bytes(challenge), rpId: 'localhost', userVerification: 'preferred' },
			})) as PublicKeyCredential
			const response = got.response as AuthenticatorAssertionResponse
			return {
				id: got.id,
				rawId: text(got.rawId),
				type: 'public-key',
				response: {
					clientDataJSON: text(response.clientDataJSON),
					authenticatorData: text(response.authenticatorData),
					signature: text(response.signature),
				},
			}
		}, challenge!)
		// The browser answered; the portal refuses: not its origin.
		const csrf = await relay.locator('input[name="csrf"]').first().inputValue()
		const refused = await phisher.request.post('/auth/sign-in/two-step', {
			form: { csrf, intent: 'passkey', credential: JSON.stringify(credential) },
			headers: { Origin: baseURL!, 'sec-fetch-site': 'same-origin' },
			maxRedirects: 0,
		})
		expect(refused.status()).toBe(422)
		expect(await refused.text()).toContain('That passkey could not be verified.')
		await phisher.close()
	}
})
