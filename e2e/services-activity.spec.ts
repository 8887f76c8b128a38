import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { serviceResponse, type endpoints } from '#app/api/contract/index'
import type { MockHooks } from '#tests/mock-api/hooks-client'
import { expectAccessible } from './utils/axe'
import { apiAccessToken, callEndpoint, meetChecklistThroughApi, SERVICE, setLogoThroughApi } from './utils/services'
import { PASSWORD } from './utils/auth'
import { expect, test } from './fixtures'

/** An endpoint called on the mock as the partner, by name, on service `id`. */
const api = (mock: MockHooks, bearer: string, name: keyof typeof endpoints, id: string, body?: unknown) =>
	callEndpoint(mock, bearer, name, { id, key: 'sessions_revoked' }, body)

/** A service with every field, created in one call (as an API client may), so its log starts empty. */
async function newService(mock: MockHooks, email: string) {
	const bearer = await apiAccessToken(mock, email)
	const created = (await callEndpoint(
		mock,
		bearer,
		'createService',
		{},
		{ ...SERVICE, idempotency_key: randomUUID() },
	))!
	const { id } = created.data as { id: string }
	const details = `/services/${id}`
	return { details, id, activity: `${details}/activity` }
}

const entries = (page: Page) => page.getByRole('list', { name: /^Activity/ }).locator(':scope > li')
const entry = (page: Page, title: string) =>
	entries(page).filter({ has: page.getByRole('heading', { name: title, exact: true }) })

test('each change appears once with who, when and from where; a refused change does not', async ({
	page,
	partner,
	mock,
}, testInfo) => {
	const service = await newService(mock, partner.email)
	await page.goto(service.details)
	await page.getByRole('link', { name: 'Activity', exact: true }).click()
	await expect(page).toHaveURL(new RegExp(`${service.activity}$`))
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Activity: Ledger Sync')
	await expect(page.getByText('Older entries are deleted after 90 days.')).toBeVisible()
	await expect(page.getByText('No activity in the last 90 days.')).toBeVisible()

	// Through the portal: a wrong password refuses the reset (no secret entry, one refused confirmation), then the
	// domain verification details are reset.
	await page.goto(`${service.details}/developers/secrets/reset`)
	await page.getByLabel('Your password').fill('Not-My-Password-1!')
	await page.getByRole('button', { name: 'Reset the secret' }).click()
	await expect(page.getByRole('alert').filter({ hasText: 'The password is incorrect.' })).toBeVisible()

	// Everything else through the API as the same partner.
	const bearer = await apiAccessToken(mock, partner.email)
	const id = service.id
	const current = serviceResponse.parse(await api(mock, bearer, 'getService', id)).data
	await api(mock, bearer, 'updateService', id, {
		version: current.version,
		webhook_url: 'https://ledger.example.com/v2',
	})
	await meetChecklistThroughApi(mock, bearer, id) // domain verified, logo set
	const { version } = serviceResponse.parse(await api(mock, bearer, 'getService', id)).data
	await api(mock, bearer, 'saveServiceTranslations', id, {
		translations: { 'en-GB': { name: SERVICE.name, description: SERVICE.description } },
		version,
	})
	await api(mock, bearer, 'removeServiceLogo', id)
	await setLogoThroughApi(mock, bearer, id)
	await api(mock, bearer, 'toggleServiceSecurityProtection', id, { enabled: true })
	await api(mock, bearer, 'confirmIdentity', id, { password: PASSWORD })
	const rotated = (await api(mock, bearer, 'rotateServiceSecret', id)) as { data: { id: string; secret: string } }
	await callEndpoint(mock, bearer, 'revokeServiceSecret', { id, secretId: rotated.data.id })
	await api(mock, bearer, 'resetServiceSecret', id)
	await api(mock, bearer, 'rotateWebhookSigningSecret', id)
	await mock.addWebhookReceiver({ url: 'https://ledger.example.com/v2' })
	await api(mock, bearer, 'sendWebhookTestEvent', id)
	await api(mock, bearer, 'checkWebhookEndpoint', id)
	await api(mock, bearer, 'submitServiceReview', id)
	await api(mock, bearer, 'cancelServiceReview', id)
	await api(mock, bearer, 'submitServiceReview', id)
	await mock.setReview(id, { status: 'in_progress' })
	await mock.setReview(id, { status: 'dismissed', reason: 'The logo is blurry.' })
	await api(mock, bearer, 'submitServiceReview', id)
	await mock.setReview(id, { status: 'in_progress' })
	await mock.setReview(id, { status: 'verified' })
	await api(mock, bearer, 'resetServiceDomainVerification', id)

	await page.goto(`${service.activity}?kind=review`)
	await expect(entries(page)).toHaveCount(8)
	const dismissed = entry(page, 'Review dismissed')
	await expect(dismissed).toContainText('Reason: The logo is blurry.')
	await expect(dismissed).toContainText('By the Review team')
	await expect(dismissed.getByText(/^From /)).toHaveCount(0)
	await expect(entry(page, 'Submitted for review')).toHaveCount(3)
	await expect(entry(page, 'Review cancelled')).toHaveCount(1)
	await expect(entry(page, 'Review started')).toHaveCount(2)
	await expect(entry(page, 'Review approved')).toHaveCount(1)

	await page.goto(`${service.activity}?kind=settings`)
	const settings = entry(page, 'Settings changed')
	await expect(settings).toHaveCount(1)
	await expect(settings).toContainText('Changed: Webhook URL')
	await expect(settings).toContainText('Webhook URL: https://ledger.example.com/hooks → https://ledger.example.com/v2')
	await expect(settings).toContainText(`By Ada Lovelace (${partner.email})`)
	await expect(settings.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/)
	await expect(settings).toContainText(/\d{1,2} \w{3} \d{4}, \d\d:\d\d UTC \(now\)/)
	await expect(settings.getByRole('link', { name: 'Open the settings' })).toHaveAttribute(
		'href',
		`${service.details}/manage`,
	)
	await expect(entry(page, 'Logo uploaded')).toHaveCount(2)
	await expect(entry(page, 'Logo removed')).toHaveCount(1)

	// The rest, each once, by kind (a page holds 15 entries).
	const kinds = {
		domain: ['Domain verification details reset', 'Domain verified'],
		webhooks: ['Endpoint checked', 'Test event sent'],
		signing_secret: ['Webhook signing secret rotated'],
		client_secrets: ['Client secrets reset', 'Client secret revoked', 'Client secret added'],
		protections: ['Security protections changed'],
		translations: ['Translations saved'],
	}
	for (const [kind, titles] of Object.entries(kinds)) {
		await page.goto(`${service.activity}?kind=${kind}`)
		await expect(entries(page), kind).toHaveCount(titles.length)
		for (const title of titles) await expect(entry(page, title), title).toHaveCount(1)
	}
	await expect(entry(page, 'Translations saved')).toContainText('Languages: British English')
	await page.goto(`${service.activity}?kind=protections`)
	await expect(entry(page, 'Security protections changed')).toContainText('Turned on: Sign out everywhere')
	await page.goto(`${service.activity}?kind=client_secrets`)
	await expect(entry(page, 'Client secret revoked')).toContainText(`Secret ending in ${rotated.data.secret.slice(-4)}`)
	await expect(page.getByText(rotated.data.secret)).toHaveCount(0)
	await page.goto(`${service.activity}?kind=webhooks`)
	await expect(entry(page, 'Test event sent').getByRole('link', { name: 'Open the delivery' })).toBeVisible()

	await page.goto(`${service.activity}?kind=identity`)
	const refused = entry(page, 'Identity confirmation refused')
	await expect(refused).toHaveCount(1)
	await expect(refused).toContainText('A wrong password was entered')
	await expect(entry(page, 'Identity confirmed')).toHaveCount(1)
	// Made through the portal: the browser's address and its browser and system, as the portal forwarded them.
	await expect(refused).toContainText(/From 127\.0\.0\.1, Chrome on (Windows|Linux)/)
	await expect(page.getByRole('combobox', { name: 'Kind of change' })).toHaveValue('identity')
	await expectAccessible(page, testInfo)
})

// Another partner's activity is a 404: tests/routes/services-pages.test.ts.

test('older entries by cursor, a filter by kind, and readable at 390 px', async ({ page, partner, mock }) => {
	const service = await newService(mock, partner.email)
	await mock.seedActivity(service.id, { count: 20 })
	const bearer = await apiAccessToken(mock, partner.email)
	await api(mock, bearer, 'resetServiceDomainVerification', service.id)

	await page.setViewportSize({ width: 390, height: 844 })
	await page.goto(service.activity)
	await expect(entries(page)).toHaveCount(15)
	await expect(entries(page).first().getByRole('heading')).toHaveText('Domain verification details reset')
	await expect(entries(page).first()).toContainText(`From `)
	expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

	await page.getByRole('link', { name: 'Older entries' }).click()
	await expect(page).toHaveURL(/[?&]cursor=/)
	await expect(entries(page)).toHaveCount(6)
	await expect(page.getByRole('link', { name: 'Older entries' })).toHaveCount(0)
	await page.getByRole('link', { name: 'Newest entries' }).click()
	await expect(entries(page)).toHaveCount(15)

	await page.getByRole('combobox', { name: 'Kind of change' }).selectOption({ label: 'Domain verification' })
	await page.getByRole('button', { name: 'Apply filter' }).click()
	await expect(page).toHaveURL(/\?kind=domain$/)
	await expect(entries(page)).toHaveCount(1)
	await page.getByRole('combobox', { name: 'Kind of change' }).selectOption({ label: 'Review' })
	await page.getByRole('button', { name: 'Apply filter' }).click()
	await expect(page.getByText('No activity of this kind in the last 90 days.')).toBeVisible()
})
