/**
 * The emails partners expect (issue 43), end to end: a change made in the portal sends its email (subject and
 * link back to the page concerned); the review result on the dashboard, approval and dismissal; the mock's HTML
 * inbox of the demo. A refused change sends none: tests/routes/account.test.ts.
 */
import type { Page } from '@playwright/test'
import { endpoints, fillEmailTemplate, fillPath, partnerEmails } from '#app/api/contract/index'
import type { MockHooks } from '#tests/mock-api/hooks-client'
import {
	apiAccessToken,
	createFormTokens,
	meetChecklistThroughApi,
	postCreate,
	SERVICE,
	serviceIdOf,
} from './utils/services'
import { PASSWORD } from './utils/auth'
import { expectAccessible } from './utils/axe'
import { expect, test } from './fixtures'

/** The emails to `to` with the subject of `kind` (its `{service}` filled). */
async function emailsOf(mock: MockHooks, to: string, kind: keyof typeof partnerEmails, service = SERVICE.name) {
	const subject = fillEmailTemplate(partnerEmails[kind].subject, { service })
	return (await mock.emails(to)).filter((email) => email.subject === subject)
}

/** The one link of the only email of `kind` to `to`, once it has arrived. */
async function linkOf(mock: MockHooks, to: string, kind: keyof typeof partnerEmails) {
	await expect.poll(async () => (await emailsOf(mock, to, kind)).length).toBe(1)
	const [email] = await emailsOf(mock, to, kind)
	expect(email!.links).toHaveLength(1)
	return email!.links[0]!
}

/** A new service of the signed-in partner (created over HTTP), by its id. */
async function newService(page: Page, baseURL: string) {
	const request = page.context().request
	return serviceIdOf(await postCreate(request, baseURL, await createFormTokens(request)))
}

// A password change's email (a link to the password page) and a refused change that sends none:
// tests/routes/account.test.ts.

// A client secret reset's email (a link to the developers page): tests/routes/services-secrets.test.ts.

test('a review dismissed, then approved: the dashboard shows each result and the partner gets each email', async ({
	page,
	partner,
	mock,
	baseURL,
}, testInfo) => {
	const id = await newService(page, baseURL!)
	const bearer = await apiAccessToken(mock, partner.email)
	await meetChecklistThroughApi(mock, bearer, id)
	const submit = () =>
		fetch(`${mock.url}${fillPath(endpoints.submitServiceReview.path, { id })}`, {
			method: 'POST',
			headers: { authorization: `Bearer ${bearer}`, accept: 'application/json' },
		}).then((response) => expect(response.status).toBe(200))

	await submit()
	const reason = 'The logo is <blurry>: send a sharper one.'
	await mock.setReview(id, { status: 'dismissed', reason })
	await page.goto('/')
	const services = page.getByRole('region', { name: 'Services' })
	const attention = services.getByRole('list', { name: /needs your attention/ }).getByRole('listitem')
	await expect(attention).toHaveText([
		new RegExp(
			`^${SERVICE.name}: review dismissed on \\d{1,2} \\w{3} \\d{4}, \\d{2}:\\d{2} UTC\\. ` +
				'Reason: “The logo is <blurry>: send a sharper one\\.” Fix it, then submit again\\.$',
		),
	])
	await expectAccessible(page, testInfo)
	const dismissed = await linkOf(mock, partner.email, 'review_dismissed')
	expect(new URL(dismissed).pathname + new URL(dismissed).hash).toBe(`/services/${id}/verifications#review`)
	const [dismissal] = await emailsOf(mock, partner.email, 'review_dismissed')
	expect(dismissal!.text).toContain(reason)
	await page.goto(dismissed)
	await expect(page.getByRole('region', { name: 'Review' })).toContainText(reason)

	await submit()
	await mock.setReview(id, { status: 'verified' })
	await page.goto('/')
	await expect(services.getByRole('list', { name: /needs your attention/ })).toHaveCount(0)
	const approved = services.getByRole('list', { name: /approved after review/ }).getByRole('listitem')
	await expect(approved).toHaveCount(1)
	await expect(approved).toContainText(
		new RegExp(`^${SERVICE.name}: review approved on \\d{1,2} \\w{3} \\d{4}, \\d{2}:\\d{2} UTC$`),
	)
	await approved.getByRole('link', { name: SERVICE.name }).click()
	await expect(page).toHaveURL(new RegExp(`/services/${id}/verifications#review$`))
	expect(new URL(await linkOf(mock, partner.email, 'review_verified')).pathname).toBe(`/services/${id}/verifications`)
})

test('the demo inbox: newest first, links clickable, hostile text shown as text', async ({ page, mock }, testInfo) => {
	const sender = `inbox-${Date.now()}@example.test`
	const guest = await fetch(`${mock.url}${endpoints.createGuestContactMessage.path}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', accept: 'application/json' },
		body: JSON.stringify({
			name: '<img src=x onerror=alert(1)>',
			email: sender,
			subject: 'Lost <b>phone</b>',
			message: 'Please <script>alert(1)</script> help.',
		}),
	})
	expect(guest.status).toBe(202)
	const email = `inbox-reset-${Date.now()}@example.test`
	const { user } = await mock.createUser({ email, password: PASSWORD })
	const reset = await fetch(`${mock.url}${endpoints.requestPasswordReset.path}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', accept: 'application/json' },
		body: JSON.stringify({ email: user.email }),
	})
	expect(reset.status).toBe(202)

	// The mock's page has no React to wait for (the fixture's `goto` waits for hydration unless told 'commit').
	await page.goto(`${mock.url}/__mock/inbox`, { waitUntil: 'commit' })
	await page.waitForLoadState()
	await expect(page).toHaveTitle(/Mock inbox/)
	await expect(page.getByRole('heading', { level: 1, name: 'Emails the mock sent' })).toBeVisible()
	const articles = page.getByRole('article')
	// Newest first: the reset email before the contact message sent just before it.
	const subjects = await page.getByRole('heading', { level: 2 }).allTextContents()
	expect(subjects.indexOf('Reset your password')).toBeLessThan(
		subjects.indexOf('Contact (signed out): Lost <b>phone</b>'),
	)
	const contact = articles.filter({
		has: page.getByRole('heading', { name: 'Contact (signed out): Lost <b>phone</b>' }),
	})
	await expect(contact).toContainText('Please <script>alert(1)</script> help.')
	await expect(contact).toContainText('From: <img src=x onerror=alert(1)>')
	await expect(page.locator('main img, main script, main b')).toHaveCount(0)
	await expectAccessible(page, testInfo)

	// Filter to one recipient, then open the emailed link.
	await page.getByLabel('Recipient address').fill(email)
	await page.getByRole('button', { name: 'Show their emails' }).click()
	await expect(page.getByRole('heading', { level: 1, name: `Emails to ${email}` })).toBeVisible()
	await expect(articles).toHaveCount(1)
	await articles.getByRole('link', { name: /\/auth\/reset-password\/token\// }).click()
	await expect(page).toHaveURL(/\/auth\/reset-password\/token\/[^/]+$/)
	await expect(page.getByLabel('New password', { exact: true })).toBeVisible()
})
