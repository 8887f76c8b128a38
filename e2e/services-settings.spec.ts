import type { Page, Response } from '@playwright/test'
import { createFormTokens, postCreate, SERVICE, sectionLink } from './utils/services'
import { expectAccessible } from './utils/axe'
import { expect, test } from './fixtures'

const NOT_SAVED = 'Something went wrong. Your changes were not saved. Please try again.'
const CONFLICT = 'This service was changed elsewhere'

/** What the partner types over the created service's settings. */
const EDITED = {
	name: 'Ledger Sync Pro',
	description: 'Keeps every ledger in step, every hour.',
	category: 'productivity',
	categoryName: 'Productivity',
	website_url: 'https://pro.ledger.example.com',
	webhook_url: 'https://pro.ledger.example.com/hooks',
	authorization_url: 'https://pro.ledger.example.com/connect',
}

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

test('a validation error keeps every typed value', async ({ page, partner: _signedIn, baseURL }, testInfo) => {
	const details = await createService(page, baseURL!)
	await page.goto(`${details}/manage`)
	await fillSettings(page, { ...EDITED, website_url: 'http://pro.ledger.example.com' }, EDITED.categoryName)
	await saveButton(page).click()

	await expect(summary(page)).toContainText('Website URL: This field must contain a valid url.')
	await expect(page.getByLabel('Website URL')).toHaveAccessibleDescription(/This field must contain a valid url\./)
	await expectSettings(page, { ...EDITED, website_url: 'http://pro.ledger.example.com' })
	await expectAccessible(page, testInfo)

	// Corrected, the same form saves.
	await page.getByLabel('Website URL').fill(EDITED.website_url)
	await saveButton(page).click()
	await expect(page).toHaveURL(details)
	await expect(page.getByText('Settings saved.')).toBeVisible()
	await expect(page.getByRole('heading', { level: 1, name: EDITED.name })).toBeVisible()
})

test('a save that fails upstream keeps every typed value', async ({ page, partner: _signedIn, mock, baseURL }) => {
	const details = await createService(page, baseURL!)
	const manage = `${details}/manage`
	await page.goto(manage)
	await fillSettings(page, EDITED, EDITED.categoryName)
	await mock.fault({ method: 'PATCH', path: details, status: 500 })
	const answer = formPost(page, manage)
	await saveButton(page).click()

	expect((await answer).status()).toBe(503)
	await expect(summary(page)).toContainText(NOT_SAVED)
	await expectSettings(page, EDITED)

	// Once the API is back, the same form goes through.
	await saveButton(page).click()
	await expect(page).toHaveURL(details)
	await expect(page.getByText('Settings saved.')).toBeVisible()
	await expect(page.getByRole('heading', { level: 1, name: EDITED.name })).toBeVisible()
})

/** Opens the settings in two tabs, saves a new name in the first, then a new description in the second. */
async function conflictingSaves(page: Page, baseURL: string) {
	const details = await createService(page, baseURL)
	const manage = `${details}/manage`
	const first = await page.context().newPage()
	await first.goto(manage)
	await page.goto(manage)

	await first.getByLabel('Name', { exact: true }).fill(EDITED.name)
	await saveButton(first).click()
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

test('a save that failed validation still checks the version the form was opened with', async ({
	page,
	partner: _signedIn,
	baseURL,
}) => {
	const details = await createService(page, baseURL!)
	const manage = `${details}/manage`
	await page.goto(manage)
	const other = await page.context().newPage()
	await other.goto(manage)
	await other.getByLabel('Name', { exact: true }).fill(EDITED.name)
	await saveButton(other).click()
	await expect(other.getByText('Settings saved.')).toBeVisible()
	await other.close()

	await page.getByLabel('Webhook URL').fill('http://pro.ledger.example.com/hooks')
	await saveButton(page).click()
	await expect(summary(page)).toContainText('Webhook URL: This field must contain a valid url.')
	await page.getByLabel('Webhook URL').fill(EDITED.webhook_url)
	const answer = formPost(page, manage)
	await saveButton(page).click()
	expect((await answer).status()).toBe(409)
	await expect(summary(page)).toContainText(CONFLICT)
	const table = page.getByRole('table', { name: 'Your version and the saved version' })
	await expect(
		table
			.getByRole('row')
			.filter({ has: page.getByRole('rowheader', { name: 'Name' }) })
			.getByRole('cell'),
	).toHaveText([SERVICE.name, EDITED.name, 'Different'])
})
