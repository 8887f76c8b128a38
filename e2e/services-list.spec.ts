import type { Page } from '@playwright/test'
import { createFormTokens, LIST, postCreate, SERVICE, sectionLink } from './utils/services'
import { expectAccessible } from './utils/axe'
import { expect, jsDisabled, test } from './fixtures'

const ONCE = 'Copy it now: it will not be shown again'

const summary = (page: Page) => page.getByRole('alert').filter({ hasText: 'There is a problem' })

test('empty list, a validation error, create from a name and a category, the secret once, then the list and the details', async ({
	page,
	partner: _signedIn,
}, testInfo) => {
	await page.goto(LIST)
	await expect(page.getByRole('heading', { level: 1, name: 'Your services' })).toBeVisible()
	await expect(page.getByText('You have no services yet.')).toBeVisible()
	await expect(page.getByRole('main')).not.toContainText('No results')
	await expectAccessible(page, testInfo)
	await page.getByRole('link', { name: 'Create your first service' }).click()

	// Two fields: the rest is set in the settings, before the review.
	const form = page.getByRole('region', { name: 'Create a service' })
	await expect(form.getByRole('textbox')).toHaveCount(1)
	await expect(form.getByRole('combobox')).toHaveCount(1)
	await expect(form).toContainText(
		'You add its description, website, webhook URL and authorization URL in its settings',
	)
	// A category not chosen is missing (the spec's "required"), not "invalid".
	await page.getByLabel('Name', { exact: true }).fill(SERVICE.name)
	await page.getByRole('button', { name: 'Create service' }).click()
	await expect(summary(page)).toContainText('Category: This field is required.')
	await expect(summary(page)).not.toContainText('This field is invalid.')
	await expect(page.getByLabel('Name', { exact: true })).toHaveValue(SERVICE.name)
	await expectAccessible(page, testInfo)

	await page.getByLabel('Category').selectOption({ label: 'Finance' })
	await page.getByRole('button', { name: 'Create service' }).click()
	await expect(page.getByRole('heading', { level: 1, name: SERVICE.name })).toBeVisible()
	await expect(page).toHaveURL(/\/services\/[^/]+$/)
	await expect(page.getByText('Service created.')).toBeVisible()
	await expect(page.getByText(ONCE)).toBeVisible()
	await expect(page.getByRole('figure', { name: 'Client secret' }).locator('code')).not.toBeEmpty()
	await expect(page.getByRole('button', { name: 'Copy secret' })).toHaveCount(jsDisabled(testInfo) ? 0 : 1)
	// The pair a service signs in with, and the next step in sight (issue 55, point 6).
	await expect(page.getByRole('figure', { name: 'Client ID' }).locator('code')).toHaveText(/\S+/)
	await expect(page.getByText('Next: get it ready to go live')).toBeVisible()
	await expect(page.getByRole('link', { name: 'See the checklist and submit for review' })).toHaveAttribute(
		'href',
		/\/verifications#review$/,
	)
	await expect(page.getByText('Environment: Test')).toBeVisible()
	await expect(page.getByText('Not submitted', { exact: true })).toBeVisible()
	const sections = page.getByRole('region', { name: 'Sections' })
	await expect(sections).toContainText('Category: Finance; website not set')
	await expect(sections).toContainText('No website to verify yet.')
	await expect(sections).toContainText('No translations yet.')
	await expect(sections).toContainText('Client ID')
	await expect(sections).toContainText('Security protections')
	// Every section has one link, named by the section (a table of contents for a screen reader's links list), its
	// state beside it as the link's description; no second way into the settings.
	const states = {
		Settings: 'Category: Finance; website not set',
		Verifications: 'No website to verify yet. Review: Not submitted.',
		Translations: 'No translations yet.',
		Developers: 'Client ID, URLs and how webhooks are signed',
		Webhooks: 'Test events, endpoint check and delivery log',
		'Security protections': 'No protection enabled.',
		Activity: 'What changed in the last 90 days, who changed it and from where',
	}
	await expect(sections.getByRole('link')).toHaveText(Object.keys(states))
	for (const [name, state] of Object.entries(states)) {
		await expect(sectionLink(page, name)).toHaveAccessibleDescription(state)
	}
	// The name and its state never run together: a gap beside it, or a line of their own.
	const link = (await sectionLink(page, 'Settings').boundingBox())!
	const state = (await sections.getByText(states.Settings, { exact: true }).boundingBox())!
	expect(state.x >= link.x + link.width + 8 || state.y >= link.y + link.height).toBe(true)
	await expect(page.getByRole('link', { name: 'Edit settings' })).toHaveCount(0)
	await expect(page.getByRole('main')).not.toContainText(/soon|coming/i)
	await expectAccessible(page, testInfo)

	const reload = await page.reload()
	expect(reload!.headers()['cache-control']).toContain('no-store')
	await expect(page.getByRole('heading', { level: 1, name: SERVICE.name })).toBeVisible()
	await expect(page.getByText(ONCE)).toHaveCount(0)

	await page.getByRole('link', { name: 'All services' }).click()
	const card = page.getByRole('listitem').filter({ hasText: SERVICE.name })
	await expect(card).toContainText('Finance')
	await expect(card).toContainText('Test')
	await expect(card).toContainText('Not submitted')
	// No logo yet: the name's initial holds its place, the size of a logo (hidden from screen readers, like a logo).
	const placeholder = card.locator('.service-logo')
	await expect(placeholder).toHaveText(SERVICE.name[0]!.toUpperCase())
	await expect(placeholder).toHaveAttribute('aria-hidden', 'true')
	expect(await placeholder.boundingBox()).toMatchObject({ width: 48, height: 48 })
	await expect(page.getByText('You have no services yet.')).toHaveCount(0)
	// With services listed, the way to the create form below them comes first.
	await page.getByRole('link', { name: 'Create a service' }).click()
	await expect(page).toHaveURL(/\/services\/manage#create-heading$/)
	await expect(page.getByRole('heading', { level: 2, name: 'Create a service' })).toBeInViewport()
	await card.getByRole('link', { name: SERVICE.name }).click()
	await expect(page.getByRole('heading', { level: 1, name: SERVICE.name })).toBeVisible()
	await expect(page.getByText(ONCE)).toHaveCount(0)
})

// A double submit (one service) and a create that fails upstream: tests/routes/services.test.ts; a create without a
// category (400, the name kept) and the pages of the list: tests/routes/services-list.test.ts.

test('the list pages with a "More services" link, newest first; the name on a card leads to its page (in the app, with JS)', async ({
	page,
	partner: _signedIn,
	baseURL,
}, testInfo) => {
	const request = page.context().request
	const { csrf } = await createFormTokens(request)
	for (let i = 1; i <= 16; i++) {
		await postCreate(request, baseURL!, { csrf, idempotencyKey: crypto.randomUUID() }, `Service ${i}`)
	}
	await page.goto(LIST)
	const names = page.getByRole('listitem').getByRole('heading', { level: 2 })
	await expect(names).toHaveCount(15)
	await expect(names.first()).toHaveText('Service 16')
	await page.getByRole('link', { name: 'More services' }).click()
	await expect(names).toHaveCount(1)
	await expect(names.first()).toHaveText('Service 1')
	await expect(page.getByRole('link', { name: 'More services' })).toHaveCount(0)
	// A stale or hand-edited cursor starts again from the first page, never an error page (its 302: the route tests).
	await page.goto(`${LIST}?cursor=not-a-cursor`)
	await expect(page).toHaveURL(new RegExp(`${LIST}$`))
	await expect(names).toHaveCount(15)
	// A card's link navigates within the app with JS on (no new document), and loads the page with JS off.
	const documents: string[] = []
	page.on('request', (request) => {
		if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname)
	})
	await names.nth(1).getByRole('link', { name: 'Service 15' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Service 15' })).toBeVisible()
	expect(documents).toHaveLength(jsDisabled(testInfo) ? 1 : 0)
})

test('the dashboard sums up the services; the main navigation leads to them', async ({
	page,
	partner: _signedIn,
	baseURL,
}) => {
	await page.goto('/')
	const card = page.getByRole('region', { name: 'Services' })
	await expect(card).toContainText('You have no services yet.')
	// No service yet: the card leads straight to the create form.
	await expect(card.getByRole('link', { name: 'Manage your services' })).toHaveCount(0)
	await card.getByRole('link', { name: 'Create your first service' }).click()
	await expect(page).toHaveURL(/\/services\/manage#create-heading$/)
	await expect(page.getByRole('heading', { level: 2, name: 'Create a service' })).toBeInViewport()
	await page.goto('/')
	await postCreate(page.context().request, baseURL!, await createFormTokens(page.context().request))
	await page.reload()
	await expect(card).toContainText('You have 1 service.')
	// Each service that needs attention is named, with why, and leads to its review (issue 31 point 16).
	await expect(card.getByRole('list', { name: '1 needs your attention:' }).getByRole('listitem')).toHaveText([
		`${SERVICE.name}: not yet submitted for review`,
	])
	await card.getByRole('link', { name: 'Manage your services' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Your services' })).toBeVisible()

	await page.goto('/')
	const nav = page.getByRole('navigation', { name: 'Main' })
	await nav.getByRole('link', { name: 'Services' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Your services' })).toBeVisible()
	await expect(nav.getByRole('link', { name: 'Services' })).toHaveAttribute('aria-current', 'true')
})
