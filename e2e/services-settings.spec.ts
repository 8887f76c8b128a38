import type { Page, Response } from '@playwright/test'
import {
	apiAccessToken,
	createFormTokens,
	meetChecklistThroughApi,
	postCreate,
	postCreateWith,
	postNameAndCategory,
	SERVICE,
	sectionLink,
	serviceIdOf,
} from './utils/services'
import { expectAccessible } from './utils/axe'
import { expect, test } from './fixtures'
import { EDITED_SERVICE, PUBLIC_DOMAIN, STARTS_WITH } from '#tests/setup/service-fixture'

const CONFLICT = 'This service was changed elsewhere'

/** What the partner types over the created service's settings, and the category as the page names it. */
const EDITED = { ...EDITED_SERVICE, categoryName: 'Productivity' }

const summary = (page: Page) => page.getByRole('alert').filter({ hasText: 'There is a problem' })
/** The value next to a term of the page's definition lists. */
const valueOf = (page: Page, term: string) => page.locator(`dt:text-is("${term}") + dd`)
const saveButton = (page: Page) => page.getByRole('button', { name: 'Save settings' })

/** The answer to the form post (a document POST with JS off, a `.data` POST with JS on). */
function formPost(page: Page, path: string) {
	return page.waitForResponse(
		(response: Response) =>
			response.request().method() === 'POST' && new URL(response.url()).pathname.replace(/\.data$/, '') === path,
	)
}

/** A new service of the signed-in partner (the create form over HTTP); answers its details path. */
async function createService(page: Page, baseURL: string) {
	const request = page.context().request
	return postCreate(request, baseURL, await createFormTokens(request))
}

async function fillSettings(page: Page, values: Omit<typeof EDITED, 'category' | 'categoryName'>, category: string) {
	await page.getByLabel('Name', { exact: true }).fill(values.name)
	await page.getByLabel('Description').fill(values.description)
	await page.getByLabel('Category').selectOption({ label: category })
	await page.getByLabel('Website URL').fill(values.website_url)
	await page.getByLabel('Webhook URL').fill(values.webhook_url)
	await page.getByLabel('Authorization URL').fill(values.authorization_url)
}

async function expectSettings(page: Page, values: Omit<typeof EDITED, 'categoryName'>) {
	await expect(page.getByLabel('Name', { exact: true })).toHaveValue(values.name)
	await expect(page.getByLabel('Description')).toHaveValue(values.description)
	await expect(page.getByLabel('Category')).toHaveValue(values.category)
	await expect(page.getByLabel('Website URL')).toHaveValue(values.website_url)
	await expect(page.getByLabel('Webhook URL')).toHaveValue(values.webhook_url)
	await expect(page.getByLabel('Authorization URL')).toHaveValue(values.authorization_url)
}

test('the details page leads to the settings; a save shows on the details page', async ({
	page,
	partner: _signedIn,
	baseURL,
}, testInfo) => {
	const details = await createService(page, baseURL!)
	await page.goto(details)
	await sectionLink(page, 'Settings').click()

	await expect(page).toHaveURL(`${details}/manage`)
	await expect(page.getByRole('heading', { level: 1, name: `Settings: ${SERVICE.name}` })).toBeVisible()
	await expect(page).toHaveTitle(`Settings: ${SERVICE.name} – Partner Portal`)
	await expect(page.locator('meta[name="description"]')).toHaveAttribute(
		'content',
		'Change the name, description, category and URLs of one of your services.',
	)
	// Environment and kind are shown, explained, and not editable.
	await expect(valueOf(page, 'Environment')).toContainText('Test: a sandbox that only you use')
	await expect(valueOf(page, 'Kind')).toContainText('External: a service you run')
	await expect(page.getByRole('textbox', { name: 'Environment' })).toHaveCount(0)
	await expectSettings(page, SERVICE)
	await expectAccessible(page, testInfo)

	await fillSettings(page, EDITED, EDITED.categoryName)
	await saveButton(page).click()

	await expect(page).toHaveURL(details)
	await expect(page.getByText('Settings saved.')).toBeVisible()
	await expect(page.getByRole('heading', { level: 1, name: EDITED.name })).toBeVisible()
	const settings = sectionLink(page, 'Settings')
	await expect(settings).toHaveAccessibleDescription(`Category: ${EDITED.categoryName}; website ${EDITED.website_url}`)

	// The section summary leads back to the form, which now holds the saved values.
	await settings.click()
	await expect(page.getByRole('heading', { level: 1, name: `Settings: ${EDITED.name}` })).toBeVisible()
	await expectSettings(page, EDITED)
	await page.getByRole('link', { name: `Back to ${EDITED.name}` }).click()
	await expect(page).toHaveURL(details)
})

test('a service of a name and a category: its pages say what is not set; URL errors name the rule they break', async ({
	page,
	partner: _signedIn,
	baseURL,
}, testInfo) => {
	const request = page.context().request
	const details = await postNameAndCategory(request, baseURL!, await createFormTokens(request))
	// No URL yet: the developers page says so, and the webhooks page where to set one.
	await page.goto(`${details}/developers`)
	for (const term of ['Webhook URL', 'Authorization URL']) {
		await expect(valueOf(page, term)).toHaveText('Not set Set it in the settings')
		await expect(valueOf(page, term).getByRole('link')).toHaveAttribute('href', `${details}/manage`)
	}
	await page.goto(`${details}/webhooks`)
	await expect(page.getByText('This service has no webhook URL')).toBeVisible()
	await expect(page.getByRole('link', { name: 'Set the webhook URL in the settings' })).toHaveAttribute(
		'href',
		`${details}/manage`,
	)
	await expect(page.getByRole('button', { name: 'Send test event' })).toHaveCount(0)

	await page.goto(`${details}/manage`)
	for (const label of ['Description', 'Website URL', 'Webhook URL', 'Authorization URL']) {
		await expect(page.getByLabel(label)).toHaveValue('')
		await expect(page.getByLabel(label)).toHaveAccessibleDescription(/needed before you submit the service for review/)
	}
	// A missing scheme and http:// need "https://"; an IP address and localhost a public domain name.
	await page.getByLabel('Website URL').fill('ledger.example.com')
	await page.getByLabel('Webhook URL').fill('http://ledger.example.com/hooks')
	await page.getByLabel('Authorization URL').fill('https://127.0.0.1/connect')
	await saveButton(page).click()
	await expect(summary(page)).toContainText(`Website URL: ${STARTS_WITH}`)
	await expect(summary(page)).toContainText(`Webhook URL: ${STARTS_WITH}`)
	await expect(summary(page)).toContainText(`Authorization URL: ${PUBLIC_DOMAIN}`)
	await expect(summary(page)).not.toContainText('valid url')
	await expect(page.getByLabel('Website URL')).toHaveValue('ledger.example.com')
	await expect(page.getByLabel('Webhook URL')).toHaveValue('http://ledger.example.com/hooks')
	await expectAccessible(page, testInfo)

	// The other rules (localhost, a space, a backslash): tests/routes/services-settings.test.ts.
	await page.getByLabel('Website URL').fill(SERVICE.website_url)
	await page.getByLabel('Authorization URL').fill(SERVICE.authorization_url)
	await page.getByLabel('Webhook URL').fill(SERVICE.webhook_url)
	await saveButton(page).click()
	await expect(page).toHaveURL(details)
	await expect(
		page.getByText('Settings saved. Your website is on a new domain: verify it on the Verifications page.'),
	).toBeVisible()
	await expect(sectionLink(page, 'Settings')).toHaveAccessibleDescription(
		`Category: Finance; website ${SERVICE.website_url}`,
	)
})

test('changing a URL while the service is in review: the page says what it means before the save, and after', async ({
	page,
	partner,
	baseURL,
	mock,
}, testInfo) => {
	const domain = `in-review-${Date.now().toString(36)}-${process.pid}.example.com`
	const details = await postCreateWith(page.context().request, baseURL!, { website_url: `https://${domain}/` })
	await meetChecklistThroughApi(mock, await apiAccessToken(mock, partner.email, partner.password), serviceIdOf(details))
	await page.goto(`${details}/verifications/submit`)
	await page.getByRole('button', { name: 'Submit for review' }).click()
	await expect(page.getByText('Your service was submitted for review.')).toBeVisible()

	await page.goto(`${details}/manage`)
	const notice = page.getByText('This service is in review: the reviewer sees what you save.')
	await expect(notice).toBeVisible()
	await expect(page.getByText('Saving does not stop the review.')).toBeVisible()
	await expect(page.getByText('A website on another domain starts its domain verification again')).toBeVisible()
	await expectAccessible(page, testInfo)

	await page.getByLabel('Webhook URL').fill(`https://${domain}/v2/hooks`)
	await saveButton(page).click()
	await expect(page).toHaveURL(details)
	await expect(
		page.getByText('Settings saved. Your service is still in review: the reviewer checks it with the new URLs.'),
	).toBeVisible()
	await expect(sectionLink(page, 'Verifications')).toHaveAccessibleDescription('Domain verified. Review: Submitted.')

	await page.goto(`${details}/manage`)
	await page.getByLabel('Website URL').fill(`https://www.${domain}/`)
	await saveButton(page).click()
	await expect(page).toHaveURL(details)
	await expect(
		page.getByText(
			'Settings saved. Your service is still in review, with the new URLs. Your website is on a new domain: verify it on the Verifications page, as the reviewer now sees it as not verified.',
		),
	).toBeVisible()
	await expect(sectionLink(page, 'Verifications')).toHaveAccessibleDescription(
		'Domain not verified yet. Review: Submitted.',
	)
})

// A save that fails upstream, the server's URL checks and the version a failed validation keeps checking are
// checked at the route level (tests/routes/services-settings.test.ts).

/** Opens the settings in two tabs, saves a new name in the first, then a new description in the second. */
async function conflictingSaves(page: Page, baseURL: string) {
	const details = await createService(page, baseURL)
	const manage = `${details}/manage`
	const first = await page.context().newPage()
	await first.goto(manage)
	await page.goto(manage)

	await first.getByLabel('Name', { exact: true }).fill(EDITED.name)
	await saveButton(first).click()
	await expect(first).toHaveURL(details)
	await expect(first.getByText('Settings saved.')).toBeVisible()
	await first.close()

	await page.getByLabel('Description').fill(EDITED.description)
	const answer = formPost(page, manage)
	await saveButton(page).click()
	expect((await answer).status()).toBe(409)
	return { details, manage }
}

test('a save that raced another tab shows both versions; "Save my version" then overwrites knowingly', async ({
	page,
	partner: _signedIn,
	baseURL,
}, testInfo) => {
	const { details } = await conflictingSaves(page, baseURL!)

	await expect(summary(page)).toContainText(CONFLICT)
	const comparison = page.getByRole('region', { name: CONFLICT })
	const table = comparison.getByRole('table', { name: 'Your version and the saved version' })
	await expect(table.getByRole('columnheader')).toHaveText(['Field', 'Your version', 'Saved version', 'Difference'])
	const row = (field: string) => table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: field }) })
	await expect(row('Name').getByRole('cell')).toHaveText([SERVICE.name, EDITED.name, 'Different'])
	await expect(row('Description').getByRole('cell')).toHaveText([EDITED.description, SERVICE.description, 'Different'])
	await expect(row('Category').getByRole('cell')).toHaveText(['Finance', 'Finance', 'Same'])
	await expect(row('Webhook URL').getByRole('cell')).toHaveText([SERVICE.webhook_url, SERVICE.webhook_url, 'Same'])
	// The form still holds what this tab typed.
	await expectSettings(page, { ...SERVICE, description: EDITED.description })
	await expect(saveButton(page)).toHaveCount(0)
	await expectAccessible(page, testInfo)

	await page.getByRole('button', { name: 'Save my version' }).click()
	await expect(page).toHaveURL(details)
	await expect(page.getByText('Settings saved.')).toBeVisible()
	await expect(page.getByRole('heading', { level: 1, name: SERVICE.name })).toBeVisible()
	await sectionLink(page, 'Settings').click()
	await expectSettings(page, { ...SERVICE, description: EDITED.description })
})

test('after a conflict, discarding loads the saved version, which then saves normally', async ({
	page,
	partner: _signedIn,
	baseURL,
}) => {
	const { details, manage } = await conflictingSaves(page, baseURL!)
	await page.getByRole('link', { name: 'Discard my changes and load the saved version' }).click()

	await expect(page).toHaveURL(manage)
	await expect(page.getByRole('region', { name: CONFLICT })).toHaveCount(0)
	await expect(summary(page)).toHaveCount(0)
	await expectSettings(page, { ...SERVICE, name: EDITED.name })
	await page.getByLabel('Webhook URL').fill(EDITED.webhook_url)
	await saveButton(page).click()
	await expect(page).toHaveURL(details)
	await expect(page.getByText('Settings saved.')).toBeVisible()
	await expect(page.getByRole('heading', { level: 1, name: EDITED.name })).toBeVisible()
})
