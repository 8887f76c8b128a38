import type { Page } from '@playwright/test'
import { portalEnv } from '#tests/setup/processes'
import { anotherPartnersService, createFormTokens, postCreate, SERVICE, sectionLink } from './utils/services'
import { expectAccessible } from './utils/axe'
import { expect, jsDisabled, test } from './fixtures'

/** The value next to a term of the page's definition lists. */
const valueOf = (page: Page, term: string) => page.locator(`dt:text-is("${term}") + dd`)

test('the details page leads to the developers page: credentials, URLs and webhook signing', async ({
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

	const signing = page.getByRole('region', { name: 'Webhook signatures' })
	await expect(signing).toContainText('Partner-Signature: t=<unix timestamp>,v1=<hex signature>')
	await expect(signing).toContainText('HMAC-SHA256')
	await expect(signing).toContainText('more than 5 minutes (300 seconds) from now')
	await expect(signing.getByRole('listitem')).toHaveCount(4)
	const examples = signing.getByRole('link', { name: 'Code examples in the source repository' })
	const repository = portalEnv().SOURCE_REPOSITORY_URL!
	expect(await examples.getAttribute('href')).toBe(`${repository}/tree/main/examples/webhooks`)
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
