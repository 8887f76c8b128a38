import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { webhookEventTypes } from '#app/api/contract/constants'
import { verifyRegion } from '#app/services/code-region'
import { portalEnv, projectRoot } from '#tests/setup/processes'
import { anotherPartnersService, createFormTokens, postCreate, SERVICE, sectionLink } from './utils/services'
import { expectAccessible } from './utils/axe'
import { expect, jsDisabled, test } from './fixtures'
import { shownSigningSecret } from './utils/webhooks'

/** The value next to a term of the page's definition lists. */
const valueOf = (page: Page, term: string) => page.locator(`dt:text-is("${term}") + dd`)

test('the details page leads to the developers page: credentials, URLs, the signing secret, scheme, code and events', async ({
	page,
	partner: _signedIn,
	baseURL,
}, testInfo) => {
	const request = page.context().request
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

	// The signing secret: one, current, shown on request; not a client secret.
	const secretRegion = page.getByRole('region', { name: 'Webhook signing secret' })
	await expect(secretRegion.getByRole('heading', { level: 3, name: /^Current signing secret …\S{4}$/ })).toBeVisible()
	await expect(secretRegion.getByText('Show the previous signing secret')).toHaveCount(0)
	const secret = await shownSigningSecret(page, 'current')
	await expect(secretRegion.getByRole('button', { name: 'Copy the current signing secret' })).toHaveCount(
		jsDisabled(testInfo) ? 0 : 1,
	)
	await expect(secretRegion.getByRole('heading', { level: 3 })).toContainText(secret.slice(-4))

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

	await page.getByRole('link', { name: `Back to ${SERVICE.name}` }).click()
	await expect(page.getByRole('heading', { level: 1, name: SERVICE.name })).toBeVisible()
})

test("another partner's service and a malformed id are 404 pages", async ({
	page,
	partner: _signedIn,
	mock,
	playwright,
	baseURL,
}) => {
	const theirs = await anotherPartnersService(mock, playwright, baseURL!)
	for (const path of [`${theirs}/developers`, '/services/not-a-uuid/developers']) {
		const response = await page.goto(path)
		expect(response!.status()).toBe(404)
		await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
	}
})
