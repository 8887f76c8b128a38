import type { Page } from '@playwright/test'
import { webhookLimits } from '#app/api/contract/constants'
import { csrfTokenFrom } from '#tests/setup/processes'
import { expectAccessible } from './utils/axe'
import { postCreateWith, sectionLink, serviceIdOf } from './utils/services'
import {
	newWebhookService,
	shownSigningSecret,
	signingSecretOf,
	uniqueWebhookUrl,
	validSignatures,
} from './utils/webhooks'
import { expect, test } from './fixtures'

const DELIVERY = /\/webhooks\/deliveries\/[^/?#]+$/
const FAILING = 'Your endpoint is failing'

/** The summary of a delivery page (status, event, signatures, next retry). */
const summaryOf = (page: Page) => page.locator('dl.summary-list').first()
/** Rows of the delivery log's table. */
const logRows = (page: Page) =>
	page
		.getByRole('table', { name: /^Deliveries/ })
		.getByRole('row')
		.filter({ has: page.getByRole('rowheader') })
/** Rows of the recent endpoint checks' table. */
const checkRows = (page: Page) =>
	page
		.getByRole('table', { name: /endpoint checks?(, newest first)?$/ })
		.getByRole('row')
		.filter({ has: page.getByRole('rowheader') })
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

async function sendTestEvent(page: Page, webhooks: string) {
	await page.goto(webhooks)
	await page.getByRole('button', { name: 'Send test event' }).click()
	await expect(page).toHaveURL(DELIVERY)
	await expect(page.getByRole('heading', { level: 1, name: 'Delivery of “Test event”' })).toBeVisible()
	return new URL(page.url()).pathname
}

test('a test event to an endpoint answering 200 is delivered, shown in full, and verifies with the recipe', async ({
	page,
	partner: _signedIn,
	baseURL,
	mock,
}, testInfo) => {
	const service = await newWebhookService(page, baseURL!)
	const signingSecret = await signingSecretOf(page, service.details)
	await page.goto(service.details)
	await mock.addWebhookReceiver({ url: service.url, status: 200, body: 'thanks' })

	await sectionLink(page, 'Webhooks').click()
	await expect(page).toHaveURL(new RegExp(`${service.webhooks}$`))
	await expect(page.getByRole('heading', { level: 1, name: /^Webhooks: / })).toBeVisible()
	await expect(page.getByText('No deliveries in the last 30 days.')).toBeVisible()
	await expect(page.getByText('No endpoint checks in the last 30 days.')).toBeVisible()
	// The URL and the way to change it are two lines, not one run-on line.
	const url = page.getByRole('definition').filter({ hasText: service.url })
	expect(await url.innerText()).toMatch(
		new RegExp(`^${escapeRegExp(service.url)}\\n+Change the webhook URL in the settings$`),
	)
	await expect(url.getByRole('link', { name: 'Change the webhook URL in the settings' })).toBeVisible()
	await expectAccessible(page, testInfo)

	await page.getByRole('button', { name: 'Send test event' }).click()
	await expect(page).toHaveURL(DELIVERY)
	await expect(summaryOf(page)).toContainText('Delivered')
	await expect(summaryOf(page)).toContainText(`Signed with signing secret …${signingSecret.slice(-4)}`)
	await expect(page.getByText('Answered with HTTP status 200')).toBeVisible()
	await expect(page.getByRole('table', { name: 'Attempt 1: request headers' })).toContainText('webhook-signature')
	await expect(page.getByRole('table', { name: 'Attempt 1: response headers' })).toBeVisible()
	await expect(page.getByRole('figure', { name: 'Attempt 1: response body (first 1 KB)' })).toContainText('thanks')
	await expectAccessible(page, testInfo)

	// What the endpoint received verifies with the signing secret of the developers page, by the specification.
	const received = await mock.webhookRequests(service.url)
	expect(received).toHaveLength(1)
	expect(JSON.parse(received[0]!.body)).toMatchObject({ type: 'ping', service_id: service.serviceId })
	const signatures = validSignatures(received[0]!, signingSecret)
	expect(signatures.all).toHaveLength(1)
	expect(signatures.valid).toHaveLength(1)
	// The client secret signs nothing.
	expect(validSignatures(received[0]!, Buffer.from(service.secret).toString('base64')).valid).toHaveLength(0)
	// The body once, laid out; the exact text that was signed behind a disclosure.
	const body = page.getByRole('figure', { name: 'Body of the event “Test event”', exact: true })
	await expect(body).toBeVisible()
	expect(await body.locator('pre').textContent()).toContain(`{\n  "id": "evt_`)
	expect(await body.locator('pre').textContent()).toContain(`,\n  "type": "ping",\n  "created_at": "`)
	await expect(page.getByRole('figure', { name: /request body/ })).toHaveCount(0)
	await page.getByText('Show the body exactly as sent (the text that was signed)').click()
	await expect(page.getByRole('figure', { name: 'Body of the event “Test event”, exactly as sent' })).toContainText(
		received[0]!.body,
	)

	await page.getByRole('link', { name: 'Back to the delivery log' }).click()
	await expect(logRows(page)).toHaveCount(1)
	await expect(logRows(page).first()).toContainText('Test event')
	await expect(logRows(page).first()).toContainText('Delivered')
	await expect(logRows(page).first()).toContainText('HTTP 200')
})

test('a failing endpoint is retried on the clock, raises the banner after three failures, and Redeliver fixes it', async ({
	page,
	partner: _signedIn,
	baseURL,
	mock,
}, testInfo) => {
	const service = await newWebhookService(page, baseURL!)
	await mock.addWebhookReceiver({ url: service.url, status: 500, body: 'boom' })
	// An event of the product (a test event is sent once, never retried).
	const sent = await mock.sendWebhookEvent(service.serviceId, { type: 'password_changed_to_random_string' })
	const delivery = `${service.webhooks}/deliveries/${sent.id}`
	await page.goto(delivery)
	await expect(
		page.getByRole('heading', { level: 1, name: 'Delivery of “Password changed to a random string”' }),
	).toBeVisible()
	await expect(summaryOf(page)).toContainText('Failed')
	await expect(page.getByText('Answered with HTTP status 500')).toBeVisible()
	// The answer first; an answer that says nothing of signatures gets no signature hint; the retry is said.
	const outcome = page.getByRole('status').filter({ hasText: 'Failed with HTTP status 500 from your endpoint' })
	await expect(outcome).toContainText('It said: boom')
	await expect(outcome).toContainText('Next automatic attempt:')
	await expect(outcome).not.toContainText('signature')
	await expect(
		summaryOf(page)
			.getByRole('definition')
			.filter({ has: page.locator('time') }),
	).not.toHaveCount(0)
	// The log says when the next attempt is, in the page's own format: the time alone on the day of the delivery.
	const nextRetry = (await summaryOf(page)
		.locator('div')
		.filter({ hasText: 'Next automatic attempt' })
		.locator('time')
		.textContent())!
	await page.getByRole('link', { name: 'Back to the delivery log' }).click()
	await expect(logRows(page).first()).toContainText(
		new RegExp(`Failed, retrying at (${escapeRegExp(nextRetry)}|${escapeRegExp(nextRetry.split(', ').at(-1)!)})`),
	)
	await expect(logRows(page).first().getByRole('cell').first()).toHaveText(/^Failed, retrying at .*\d\d:\d\d UTC$/)
	await page.goto(service.details)
	await expect(page.getByText(FAILING)).toHaveCount(0)

	// The 1 min and 5 min retries run on the API's clock.
	await mock.advanceClock(60)
	await mock.advanceClock(300)
	await expect.poll(async () => (await mock.webhookRequests(service.url)).length).toBe(3)
	await page.goto(delivery)
	await expect(page.getByRole('heading', { level: 3, name: /^Attempt 3: Failed/ })).toBeVisible()
	// Newest first and only the newest open; an older attempt opens on demand (a <details>, with or without JS).
	await expect(page.getByRole('heading', { level: 3, name: /^Attempt \d/ }).first()).toHaveText(/^Attempt 3: Failed/)
	await expect(page.getByRole('table', { name: 'Attempt 3: response headers' })).toContainText('content-type')
	await expect(page.getByRole('table', { name: 'Attempt 1: response headers' })).toHaveCount(0)
	await page.getByText('Attempt 1: request and response').click()
	await expect(page.getByRole('table', { name: 'Attempt 1: request headers' })).toContainText('user-agent')
	await expect(page.getByRole('figure', { name: 'Attempt 1: response body (first 1 KB)' })).toContainText('boom')
	// The body is shown once for all three attempts.
	await expect(
		page.getByRole('figure', { name: 'Body of the event “Password changed to a random string”', exact: true }),
	).toHaveCount(1)
	await expect(page.getByText('The request body is the one shown above.')).toHaveCount(3)
	await expectAccessible(page, testInfo)

	await page.goto(service.details)
	const banner = page.getByRole('status').filter({ hasText: FAILING })
	await expect(banner).toBeVisible()
	await expect(banner).toContainText('The last 3 attempts to deliver a webhook failed.')
	await expect(banner).toContainText('Last error')
	await expectAccessible(page, testInfo)
	await banner.getByRole('link', { name: 'See the failed deliveries' }).click()
	await expect(page).toHaveURL(new RegExp(`${service.webhooks}\\?status=failed$`))
	await expect(logRows(page)).toHaveCount(1)
	await expect(logRows(page).first()).toContainText('Failed')

	// The endpoint is fixed; Redeliver sends the same event as a new delivery, which gets through.
	await mock.addWebhookReceiver({ url: service.url, status: 200 })
	await logRows(page).first().getByRole('link').click()
	await expect(page).toHaveURL(new RegExp(`${delivery}$`))
	await page.getByRole('button', { name: 'Redeliver' }).click()
	await expect(page.getByText('The event was sent again. This is the new delivery.')).toBeVisible()
	await expect(page).toHaveURL(DELIVERY)
	expect(new URL(page.url()).pathname).not.toBe(delivery)
	await expect(summaryOf(page)).toContainText('Delivered')
	await expect(summaryOf(page)).toContainText('Redelivery')
	// Delivered: sending it again is offered, not the next step (issue 55, point 15).
	await expect(page.getByRole('button', { name: 'Redeliver' })).toHaveClass(/button--secondary/)
	const received = await mock.webhookRequests(service.url)
	expect(received).toHaveLength(4)
	expect(JSON.parse(received[3]!.body).id).toBe(JSON.parse(received[0]!.body).id)
	await page.getByRole('link', { name: 'See the original delivery' }).click()
	await expect(page).toHaveURL(new RegExp(`${delivery}$`))

	await page.goto(service.details)
	await expect(page.getByText(FAILING)).toHaveCount(0)
})

test('a delivery the address rule refused offers no Redeliver, only the way to change the URL', async ({
	page,
	partner: _signedIn,
	baseURL,
	mock,
}) => {
	// Port 8443: the address rule delivers to 443 only, so every attempt is refused.
	const url = uniqueWebhookUrl().replace('.example.com/', '.example.com:8443/')
	const details = await postCreateWith(page.context().request, baseURL!, { webhook_url: url })
	await mock.sendWebhookEvent(serviceIdOf(details), { type: 'password_changed_to_random_string' })
	await page.goto(`${details}/webhooks`)
	await logRows(page).first().getByRole('link').click()
	// The actual reason first (the port, not a private address), and the mock's switch for a local receiver (point 19).
	await expect(page.getByRole('status').filter({ hasText: 'Failed: no answer' })).toContainText(
		/:8443 is not the standard https port \(443\).*--allow-private-webhooks/,
	)
	await expect(page.getByText('This webhook URL is never delivered to')).toBeVisible()
	await expect(page.getByRole('button', { name: 'Redeliver' })).toHaveCount(0)
	await page.getByRole('link', { name: 'Change the webhook URL in the settings, then redeliver' }).click()
	await expect(page).toHaveURL(/\/manage$/)
})

test('a failed test event: the answer and the signing secret at the top of a 390 px screen, sent once, no retry promised', async ({
	page,
	partner: _signedIn,
	baseURL,
	mock,
}, testInfo) => {
	const service = await newWebhookService(page, baseURL!)
	const signingSecret = await signingSecretOf(page, service.details)
	// An endpoint that verifies with the wrong secret, as a partner's does after copying the client secret.
	await mock.addWebhookReceiver({
		url: service.url,
		status: 400,
		body: 'Invalid webhook: No matching signature found.\n    at verify (/srv/app/webhooks.js:12:9)',
		verify_signatures: false,
	})
	await page.setViewportSize({ width: 390, height: 844 })
	const delivery = await sendTestEvent(page, service.webhooks)
	const outcome = page.getByRole('status').filter({ hasText: 'Failed with HTTP status 400 from your endpoint' })
	await expect(outcome).toContainText('It said: Invalid webhook: No matching signature found.')
	await expect(outcome).not.toContainText('webhooks.js')
	await expect(outcome).toContainText(
		`This answer reads as a refused signature. Signed with signing secret …${signingSecret.slice(-4)}.`,
	)
	await expect(outcome.getByRole('link', { name: 'See the signing secret and how to verify' })).toHaveAttribute(
		'href',
		`${service.details}/developers#signing-secret`,
	)
	await expect(outcome).toContainText('A test event is sent once, never retried')
	// On the first screen, before the summary.
	const box = (await outcome.boundingBox())!
	expect(box.y + box.height).toBeLessThanOrEqual(844)
	expect(box.y).toBeLessThan((await summaryOf(page).boundingBox())!.y)
	await expect(summaryOf(page).locator('div').filter({ hasText: 'Next automatic attempt' })).toContainText(
		'None: a test event is sent once.',
	)
	await expectAccessible(page, testInfo)

	// Sent once: an hour later the endpoint still got one request; the log promises no retry.
	await mock.advanceClock(3600)
	expect(await mock.webhookRequests(service.url)).toHaveLength(1)
	await page.goto(delivery)
	await expect(page.getByRole('heading', { level: 3, name: /^Attempt \d/ })).toHaveCount(1)
	await page.getByRole('link', { name: 'send a new test event' }).click()
	await expect(page).toHaveURL(new RegExp(`${service.webhooks}$`))
	await expect(page.getByText('sent once: a failed test is not retried')).toBeVisible()
	await expect(logRows(page).first()).toContainText('Failed')
	await expect(logRows(page).first()).not.toContainText('retrying')
})

test('Check endpoint: a correct endpoint gets both verdicts good and both exchanges in full; one that ignores signatures the warning and the recipe', async ({
	page,
	partner: _signedIn,
	baseURL,
	mock,
}, testInfo) => {
	const service = await newWebhookService(page, baseURL!)
	await test.step('a correct endpoint: both verdicts good, both exchanges in full', async () => {
		await mock.addWebhookReceiver({ url: service.url })
		await page.goto(service.webhooks)
		await page.getByRole('button', { name: 'Check endpoint' }).click()
		await expect(page).toHaveURL(/\/webhooks\/checks\/[^/]+$/)
		await expect(page.getByRole('heading', { level: 1, name: 'Endpoint check' })).toBeVisible()
		const verdicts = page.getByRole('region', { name: 'Verdicts' })
		await expect(verdicts).toContainText('Yes Your endpoint answers the challenge.')
		await expect(verdicts).toContainText('Yes Your endpoint checks signatures')
		// The body both requests sent, once, laid out.
		const body = page.getByRole('figure', { name: 'Body of the url_verification event', exact: true })
		expect(await body.locator('pre').textContent()).toContain(`,\n  "type": "url_verification",\n`)
		const signed = page.getByRole('region', { name: 'The signed request' })
		await expect(signed).toContainText('Answered with HTTP status 200')
		// Both verdicts pass: each exchange is closed until asked for.
		await expect(signed.getByRole('table')).toHaveCount(0)
		await signed.getByText('Signed request: request and response').click()
		await expect(signed.getByRole('table', { name: 'Signed request: request headers' })).toContainText(
			'webhook-signature',
		)
		await expect(signed.getByRole('table', { name: 'Signed request: response headers' })).toContainText('text/plain')
		const wrong = page.getByRole('region', { name: 'The request with a wrong signature' })
		await expect(wrong).toContainText('Answered with HTTP status 401')
		await wrong.getByText('Wrong signature: request and response').click()
		await expect(wrong.getByRole('figure', { name: 'Wrong signature: response body (first 1 KB)' })).toContainText(
			'Invalid signature.',
		)
		await expectAccessible(page, testInfo)
		// A check is not a delivery.
		await page.getByRole('link', { name: 'Back to webhooks' }).click()
		await expect(page.getByText('No deliveries in the last 30 days.')).toBeVisible()
	})

	await test.step('an endpoint that ignores signatures gets the warning and the way to the recipe', async () => {
		await mock.addWebhookReceiver({ url: service.url, verify_signatures: false })
		await page.goto(service.webhooks)
		await page.getByRole('button', { name: 'Check endpoint' }).click()
		const verdicts = page.getByRole('region', { name: 'Verdicts' })
		await expect(verdicts).toContainText('Yes Your endpoint answers the challenge.')
		await expect(verdicts).toContainText(
			'No Your endpoint accepted a request with a wrong signature: it does not verify signatures',
		)
		// The exchange behind the failed verdict is open; the one that passed is closed.
		const wrong = page.getByRole('region', { name: 'The request with a wrong signature' })
		await expect(wrong.getByRole('table', { name: 'Wrong signature: request headers' })).toContainText(
			'application/json',
		)
		await expect(wrong).toContainText('HTTP status 200')
		await expect(wrong.getByRole('figure', { name: 'Wrong signature: response body (first 1 KB)' })).toBeVisible()
		await expect(page.getByRole('region', { name: 'The signed request' }).getByRole('table')).toHaveCount(0)
		await verdicts.getByRole('link', { name: 'See how to verify signatures' }).click()
		await expect(page).toHaveURL(new RegExp(`${service.details}/developers#signing$`))
		await expect(page.getByRole('heading', { level: 2, name: 'How webhooks are signed' })).toBeVisible()
	})
})

test('the log filters by status and event with one GET form, pages with plain links, and says when empty', async ({
	page,
	partner: _signedIn,
	baseURL,
	mock,
}, testInfo) => {
	const service = await newWebhookService(page, baseURL!)
	await mock.addWebhookReceiver({ url: service.url, status: 500 })
	await sendTestEvent(page, service.webhooks)
	await mock.addWebhookReceiver({ url: service.url, status: 200 })
	for (let i = 0; i < 15; i++) {
		await mock.sendWebhookEvent(service.serviceId, { type: 'password_changed_to_random_string' })
	}

	// 16 deliveries: a first page of 15, newest first, then an older one.
	await page.goto(service.webhooks)
	await expect(logRows(page)).toHaveCount(15)
	await expect(logRows(page).first()).toContainText('Password changed to a random string')
	await page.getByRole('link', { name: 'Older deliveries' }).click()
	await expect(page).toHaveURL(/\?cursor=/)
	await expect(logRows(page)).toHaveCount(1)
	await expect(logRows(page).first()).toContainText('Test event')
	await expect(page.getByRole('link', { name: 'Older deliveries' })).toHaveCount(0)
	await page.getByRole('link', { name: 'Newest deliveries' }).click()
	await expect(logRows(page)).toHaveCount(15)

	// One filter control, a GET form (status and event): no second set of status links doing the same.
	await expect(page.getByRole('navigation', { name: 'Deliveries by status' })).toHaveCount(0)
	await expect(page.getByRole('combobox', { name: 'Status' })).toHaveCount(1)
	const form = page.getByRole('form', { name: 'Filter the deliveries' })
	await form.getByLabel('Status').selectOption('failed')
	await form.getByRole('button', { name: 'Apply filters' }).click()
	await expect(page).toHaveURL(new RegExp(`${service.webhooks}\\?status=failed&event=$`))
	await expect(form.getByLabel('Status')).toHaveValue('failed')
	await expect(logRows(page)).toHaveCount(1)
	await expect(logRows(page).first()).toContainText('Failed')
	await expectAccessible(page, testInfo)

	await form.getByLabel('Status').selectOption('pending')
	await form.getByRole('button', { name: 'Apply filters' }).click()
	await expect(page.getByText('No deliveries match these filters.')).toBeVisible()
	await page.getByRole('link', { name: 'Clear the filters' }).first().click()
	await expect(page).toHaveURL(new RegExp(`${service.webhooks}$`))
	await expect(logRows(page)).toHaveCount(15)
	await expect(form.getByLabel('Status')).toHaveValue('')

	// Both filters in the URL.
	await form.getByLabel('Status').selectOption('delivered')
	await form.getByLabel('Event').selectOption('ping')
	await form.getByRole('button', { name: 'Apply filters' }).click()
	await expect(page).toHaveURL(/\?status=delivered&event=ping$/)
	await expect(page.getByText('No deliveries match these filters.')).toBeVisible()
	await form.getByLabel('Status').selectOption('failed')
	await form.getByRole('button', { name: 'Apply filters' }).click()
	await expect(page).toHaveURL(/\?status=failed&event=ping$/)
	await expect(logRows(page)).toHaveCount(1)
	// A hand-edited status or cursor (the whole log, not an error): tests/routes/services-webhooks.test.ts.
})

test('the webhooks page lists the latest endpoint checks with their verdicts, each a link to its result', async ({
	page,
	partner: _signedIn,
	baseURL,
	mock,
}, testInfo) => {
	const service = await newWebhookService(page, baseURL!)
	await mock.addWebhookReceiver({ url: service.url })
	await page.goto(service.webhooks)
	const request = page.context().request
	const csrf = csrfTokenFrom(await (await request.get(service.webhooks)).text())
	for (let n = 0; n < webhookLimits.recentChecksShown; n++) {
		const answer = await request.post(service.webhooks, {
			form: { csrf: csrf!, intent: 'check', form_id: 'webhook-check' },
			headers: { Origin: baseURL! },
			maxRedirects: 0,
		})
		expect(answer.status()).toBe(302)
	}
	// The newest check is of an endpoint that accepts any signature.
	await mock.addWebhookReceiver({ url: service.url, verify_signatures: false })
	await page.getByRole('button', { name: 'Check endpoint' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Endpoint check' })).toBeVisible()
	const newestCheck = new URL(page.url()).pathname
	await page.getByRole('link', { name: 'Back to webhooks' }).click()

	const recent = page.getByRole('region', { name: 'Recent endpoint checks' })
	await expect(
		recent.getByRole('table', { name: `The latest ${webhookLimits.recentChecksShown} endpoint checks, newest first` }),
	).toBeVisible()
	await expect(checkRows(page)).toHaveCount(webhookLimits.recentChecksShown)
	await expect(checkRows(page).first().getByRole('cell')).toHaveText(['Yes', 'No'])
	await expect(checkRows(page).nth(1).getByRole('cell')).toHaveText(['Yes', 'Yes'])
	await expect(recent.getByRole('columnheader')).toHaveText(['Check', 'Answers the challenge', 'Checks signatures'])
	await expectAccessible(page, testInfo)

	await checkRows(page)
		.first()
		.getByRole('link', { name: /^Check of \d{1,2} \w{3} \d{4}, \d\d:\d\d UTC$/ })
		.click()
	await expect(page).toHaveURL(new RegExp(`${newestCheck}$`))
	await expect(page.getByRole('region', { name: 'Verdicts' })).toContainText(
		'No Your endpoint accepted a request with a wrong signature',
	)
})

test('after a signing secret rotation the next delivery carries two signatures, both valid, and says so', async ({
	page,
	partner: _signedIn,
	baseURL,
	mock,
}) => {
	const service = await newWebhookService(page, baseURL!)
	await mock.addWebhookReceiver({ url: service.url })
	const first = await signingSecretOf(page, service.details)
	await page.getByRole('link', { name: 'Rotate the signing secret' }).click()
	await page.getByRole('button', { name: 'Rotate the signing secret' }).click()
	await expect(page).toHaveURL(new RegExp(`${service.details}/developers#signing-secret$`))
	await expect(page.getByRole('status').filter({ hasText: 'A new signing secret was made.' })).toBeVisible()
	const second = await shownSigningSecret(page, 'current')
	expect(second).not.toBe(first)
	expect(await shownSigningSecret(page, 'previous')).toBe(first)

	await page.getByRole('link', { name: 'Test your endpoint and see the delivery log' }).click()
	await page.getByRole('button', { name: 'Send test event' }).click()
	await expect(page).toHaveURL(DELIVERY)
	await expect(summaryOf(page)).toContainText(
		`Signed with two signing secrets (a rotation is under way): …${second.slice(-4)} and …${first.slice(-4)}`,
	)
	const [received] = await mock.webhookRequests(service.url)
	const byFirst = validSignatures(received!, first)
	const bySecond = validSignatures(received!, second)
	expect(byFirst.all).toHaveLength(2)
	expect(byFirst.valid).toHaveLength(1)
	expect(bySecond.valid).toHaveLength(1)
	expect(bySecond.valid[0]).not.toBe(byFirst.valid[0])

	// A day later only the new secret signs, and the developers page shows it alone (once it's you again).
	await mock.advanceClock(24 * 3600 + 60)
	expect(await signingSecretOf(page, service.details)).toBe(second)
	await expect(page.getByText('Show the previous signing secret')).toHaveCount(0)
	await page.goto(service.webhooks)
	await page.getByRole('button', { name: 'Send test event' }).click()
	await expect(summaryOf(page)).toContainText(`Signed with signing secret …${second.slice(-4)}`)
})

// Another partner's delivery through one's own service (a 404, redelivering it sends nothing), a test event the
// API fails (503, nothing sent), the eleventh test event in a minute (a 429, nothing sent) and Redeliver submitted
// twice with the same key (one redelivery): tests/routes/services-webhooks.test.ts.
