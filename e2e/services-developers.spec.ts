import { readFileSync } from 'node:fs'
import type { Page, Response } from '@playwright/test'
import { identityConfirmationSeconds, webhookEventTypes } from '#app/api/contract/constants'
import { verifyRegion } from '#app/services/code-region'
import { portalEnv, projectRoot } from '#tests/setup/processes'
import { createFormTokens, postCreate, SERVICE, sectionLink } from './utils/services'
import { PASSWORD } from './utils/auth'
import { expectAccessible } from './utils/axe'
import { expect, jsDisabled, test } from './fixtures'
import { shownSigningSecret } from './utils/webhooks'

/** The value next to a term of the page's definition lists. */
const valueOf = (page: Page, term: string) => page.locator(`dt:text-is("${term}") + dd`)

/** A signing secret itself (the scheme's text names the bare prefix, `whsec_`, which is no secret). */
const A_SIGNING_SECRET = /whsec_[A-Za-z0-9+/]{8,}/
const REVEAL = "Confirm it's you to reveal the signing secret"
const summary = (page: Page) => page.getByRole('alert').filter({ hasText: 'There is a problem' })
const signingRegion = (page: Page) => page.getByRole('region', { name: 'Webhook signing secret' })

/** The path of a page, with JS on (`.data` requests) or off. */
const pathOf = (response: Response) => new URL(response.url()).pathname.replace(/\.data$/, '')

/** Presses a confirmation button; answers the status of the POST. */
async function confirm(page: Page, button: string, path: string) {
	const posted = page.waitForResponse((r) => r.request().method() === 'POST' && pathOf(r) === path)
	await page.getByRole('button', { name: button }).click()
	return (await posted).status()
}

test('the developers page: credentials, URLs, the signing secret, scheme, code and events; rotating the signing secret asks who you are, and again while the previous one still signs waits until it stops', async ({
	page,
	partner: _signedIn,
	baseURL,
	mock,
}, testInfo) => {
	// Two journeys on one service, with an axe scan at each step.
	test.setTimeout(60_000)
	const request = page.context().request
	const developersPage =
		await test.step('the details page leads to the developers page: credentials, URLs, the signing secret, scheme, code and events', async () => {
			await page.goto(await postCreate(request, baseURL!, await createFormTokens(request)))
			await expect(page.getByRole('heading', { level: 1, name: SERVICE.name })).toBeVisible()
			await sectionLink(page, 'Developers').click()

			await expect(page.getByRole('heading', { level: 1, name: `Developers: ${SERVICE.name}` })).toBeVisible()
			await expect(page).toHaveURL(/\/services\/[^/]+\/developers$/)
			await expect(valueOf(page, 'Client ID').locator('code')).toHaveText(/\S/)
			await expect(page.getByRole('button', { name: 'Copy client ID' })).toHaveCount(jsDisabled(testInfo) ? 0 : 1)
			await expect(valueOf(page, 'Environment')).toHaveText('Test')
			await expect(valueOf(page, 'Webhook URL')).toHaveText(SERVICE.webhook_url)
			await expect(valueOf(page, 'Authorization URL')).toHaveText(SERVICE.authorization_url)

			// The signing secret is a secret: a fresh sign-in gets none of it, not in the page, its HTML or its data.
			const secretRegion = signingRegion(page)
			const developers = new URL(page.url()).pathname
			await expect(secretRegion).toContainText(
				`To see the signing secret, confirm it's you. It is then shown here for ${identityConfirmationSeconds / 60} minutes.`,
			)
			await expect(secretRegion.getByRole('heading', { level: 3 })).toHaveCount(0)
			await expect(secretRegion.getByText('Show the current signing secret')).toHaveCount(0)
			expect(await page.content()).not.toMatch(A_SIGNING_SECRET)
			const before = await page.request.get(developers)
			expect(before.status()).toBe(200)
			expect(await before.text()).not.toMatch(A_SIGNING_SECRET)
			const beforeData = await page.request.get(`${developers}.data`)
			expect(beforeData.status()).toBe(200)
			expect(await beforeData.text()).not.toMatch(A_SIGNING_SECRET)
			await expectAccessible(page, testInfo)

			// Confirming it's you (the password, as for a change to a client secret) shows it.
			await secretRegion.getByRole('link', { name: REVEAL }).click()
			await expect(page).toHaveURL(new RegExp(`${developers}/signing-secret/reveal$`))
			await expect(
				page.getByRole('heading', { level: 1, name: `Show the webhook signing secret of ${SERVICE.name}` }),
			).toBeVisible()
			await expect(page.getByRole('group', { name: "Confirm it's you" })).toContainText(
				'Showing or changing a secret needs your password again',
			)
			await expectAccessible(page, testInfo)
			await page.getByRole('button', { name: 'Show the signing secret' }).click()
			await expect(summary(page)).toContainText('Your password: This field is required.')
			await page.getByLabel('Your password').fill(PASSWORD)
			await page.getByRole('button', { name: 'Show the signing secret' }).click()
			await expect(page).toHaveURL(new RegExp(`${developers}#signing-secret$`))
			await expect(page.getByRole('status').filter({ hasText: "You confirmed it's you" })).toBeVisible()

			// The signing secret: one, current, shown at once as the confirmation says (issue 55, point 14).
			await expect(
				secretRegion.getByRole('heading', { level: 3, name: /^Current signing secret …\S{4}$/ }),
			).toBeVisible()
			await expect(secretRegion.getByText('Show the previous signing secret')).toHaveCount(0)
			const secret = await shownSigningSecret(page, 'current')
			await expect(secretRegion.getByRole('button', { name: 'Copy the current signing secret' })).toHaveCount(
				jsDisabled(testInfo) ? 0 : 1,
			)
			await expect(secretRegion.getByRole('heading', { level: 3 })).toContainText(secret.slice(-4))
			// Now in the page's HTML, as it was not before; and hidden again once the confirmation ends.
			expect(await (await page.request.get(developers)).text()).toContain(secret)
			await expect(secretRegion.getByRole('link', { name: REVEAL })).toHaveCount(0)

			// The scheme, its headers and tolerance, and the examples' own verification code.
			const signing = page.getByRole('region', { name: 'How webhooks are signed' })
			await expect(signing).toContainText('Standard Webhooks')
			const headers = signing.getByRole('table', { name: 'The signature headers of every webhook request' })
			for (const header of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) {
				await expect(headers.getByRole('rowheader', { name: header })).toBeVisible()
			}
			await expect(signing).toContainText('HMAC-SHA256')
			await expect(signing).toContainText('more than 5 minutes (300 seconds) from now')
			await expect(signing).toContainText('Any Standard Webhooks library verifies these requests')
			const example = (file: string) => verifyRegion(readFileSync(`${projectRoot}/examples/webhooks/${file}`, 'utf8'))
			const node = signing.getByRole('figure', { name: 'Node.js, with the standardwebhooks package' })
			await expect(node.locator('code')).toHaveText(example('node/server.ts'), { useInnerText: true })
			const python = signing.getByRole('figure', { name: 'Python 3, standard library only' })
			await expect(python.locator('code')).toHaveText(example('python/server.py'), { useInnerText: true })
			await expect(python).toContainText('compare_digest')
			const repository = portalEnv().SOURCE_REPOSITORY_URL!
			for (const [name, path] of [
				['Runnable examples in the source repository', 'tree/main/examples/webhooks'],
				['The Node.js example (TypeScript)', 'tree/main/examples/webhooks/node'],
				['The Python example', 'tree/main/examples/webhooks/python'],
				['The OpenAPI description of the API and its webhooks', 'blob/main/docs/openapi.json'],
			] as const) {
				expect(await signing.getByRole('link', { name }).getAttribute('href')).toBe(`${repository}/${path}`)
			}

			// Every event type, with an example body.
			const events = page.getByRole('region', { name: 'Event types' })
			for (const type of webhookEventTypes) {
				await expect(events.getByRole('heading', { level: 3, name: type })).toBeVisible()
				const body = events.getByRole('figure', { name: `Example body of ${type}` })
				expect(JSON.parse((await body.locator('code').textContent())!)).toMatchObject({ type })
			}
			await expectAccessible(page, testInfo)

			await mock.advanceClock(identityConfirmationSeconds)
			const after = await page.request.get(developers)
			expect(after.status()).toBe(200)
			expect(await after.text()).not.toMatch(A_SIGNING_SECRET)

			await page.getByRole('link', { name: `Back to ${SERVICE.name}` }).click()
			await expect(page.getByRole('heading', { level: 1, name: SERVICE.name })).toBeVisible()
			return developers
		})

	await test.step('rotating the signing secret asks who you are; again while the previous one still signs waits until it stops', async () => {
		// The confirmation of the first step has ended: the rotation asks again.
		const developers = developersPage
		const rotate = `${developers}/signing-secret/rotate`
		const button = () => page.getByRole('button', { name: 'Rotate the signing secret' })
		await page.goto(developers)
		await signingRegion(page).getByRole('link', { name: 'Rotate the signing secret' }).click()
		await expect(page).toHaveURL(new RegExp(`${rotate}$`))
		await expect(page.getByRole('group', { name: "Confirm it's you" })).toBeVisible()
		await expectAccessible(page, testInfo)
		await button().click()
		await expect(summary(page)).toContainText('Your password: This field is required.')
		await page.getByLabel('Your password').fill('Not-My-Password-1!')
		expect(await confirm(page, 'Rotate the signing secret', rotate)).toBe(422)
		await expect(summary(page)).toContainText('Your password: The password is incorrect.')
		await page.getByLabel('Your password').fill(PASSWORD)
		await button().click()
		await expect(page).toHaveURL(new RegExp(`${developers}#signing-secret$`))
		await expect(page.getByRole('status').filter({ hasText: 'A new signing secret was made.' })).toBeVisible()
		const previous = signingRegion(page).getByRole('listitem').filter({ hasText: 'Previous signing secret' })
		const until = (await previous.locator('dt:text-is("Stops signing") + dd').innerText()).trim()
		expect(until).toMatch(/^\d{1,2} \w{3} \d{4}, \d{2}:\d{2} UTC$/)
		const refusal = `The previous signing secret still works until ${until}. Rotate again after that.`

		// Opened again within the day: it says until when, instead of offering the button.
		await signingRegion(page).getByRole('link', { name: 'Rotate the signing secret' }).click()
		await expect(page).toHaveURL(new RegExp(`${rotate}$`))
		await expect(page.getByText(refusal)).toBeVisible()
		await expect(button()).toHaveCount(0)
		await expectAccessible(page, testInfo)
		// Posted anyway, or after the confirmation ended (the API refuses, with the same words): the route tests
		// (tests/routes/services-developers.test.ts).
		await page.goto(developers)
		await expect(signingRegion(page).getByRole('listitem')).toHaveCount(2)
		await expect(previous.locator('dt:text-is("Stops signing") + dd')).toHaveText(until)

		// When the previous secret has stopped signing, rotating works again.
		await mock.advanceClock(24 * 3600)
		await page.goto(rotate)
		await page.getByLabel('Your password').fill(PASSWORD)
		await button().click()
		await expect(page).toHaveURL(new RegExp(`${developers}#signing-secret$`))
		await expect(page.getByRole('status').filter({ hasText: 'A new signing secret was made.' })).toBeVisible()
		await expect(signingRegion(page).getByRole('listitem')).toHaveCount(2)
		await expect(previous.locator('dt:text-is("Stops signing") + dd')).not.toHaveText(until)
	})
})
