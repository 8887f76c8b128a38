import { expect, test } from './fixtures'
import { newWebhookService } from './utils/webhooks'

const DAY = 86_400

test('an endpoint failing for 3 days is paused, the partner emailed; resuming recovers what was missed once', async ({
	page,
	partner,
	baseURL,
	mock,
}) => {
	const service = await newWebhookService(page, baseURL!)
	const event = async () =>
		(await mock.sendWebhookEvent(service.serviceId, { type: 'password_changed_to_random_string' })).event_id
	await mock.addWebhookReceiver({ url: service.url, status: 503 })
	await event()
	// A day of failures: the partner is warned by email and on the webhooks page, with when the pause would come.
	await mock.advanceClock(DAY + 60)
	await event()
	expect((await mock.lastEmail(partner.email)).subject).toMatch(/^Webhook deliveries to .+ are failing$/)
	await page.goto(service.webhooks)
	const failing = page.getByRole('status').filter({ hasText: 'Your endpoint is failing' })
	await expect(failing).toContainText(/Every attempt since .+ failed/)
	await expect(failing).toContainText('Last error')
	await expect(failing).toContainText(/deliveries pause after \d{1,2} \w{3} \d{4}/)
	// Three days of nothing but failures: the next failed event pauses the endpoint; the one after it is held.
	await mock.advanceClock(2 * DAY)
	const missed = [await event(), await event()]
	const heard = (await mock.webhookRequests(service.url)).length

	const mail = await mock.lastEmail(partner.email)
	expect(mail.subject).toMatch(/^Webhook deliveries to .+ are paused$/)
	expect(mail.links).toContainEqual(expect.stringMatching(new RegExp(`/services/${service.serviceId}/webhooks$`)))

	await page.goto(service.details)
	await expect(page.getByText('Deliveries are paused since')).toBeVisible()
	await page.goto(service.webhooks)
	await expect(page.getByRole('status').filter({ hasText: 'Deliveries are paused since' })).toBeVisible()
	// The log says what is held, not a retry time that passed (point 2).
	const log = page.getByRole('table', { name: 'Deliveries, newest first' })
	await expect(log).toContainText('Held while deliveries are paused')
	await expect(log).not.toContainText('retrying at')
	// The endpoint works again: a test event still goes out while paused, and shows it.
	await mock.addWebhookReceiver({ url: service.url })
	await page.getByRole('button', { name: 'Send test event' }).click()
	await expect(page).toHaveURL(/\/webhooks\/deliveries\/[^/]+$/)
	await expect(page.getByText('Delivered').first()).toBeVisible()
	expect(await mock.webhookRequests(service.url)).toHaveLength(heard + 1)

	// Resume, then send what was missed, from the pause's start.
	await page.goto(service.webhooks)
	await page.getByRole('button', { name: 'Resume deliveries' }).click()
	await expect(page).toHaveURL(/\/webhooks\/recover\?since=\d{4}-\d\d-\d\dT\d\d(%3A|:)\d\d$/)
	await expect(page.getByRole('heading', { level: 2, name: /^2 deliveries failed since/ })).toBeVisible()
	await page.getByRole('button', { name: 'Send 2 deliveries again' }).click()
	await expect(page).toHaveURL(new RegExp(`${service.webhooks}#log$`))
	await expect(page.getByText('2 deliveries are being sent again, in their original order.')).toBeVisible()
	await expect(page.getByText('Deliveries are paused since')).toHaveCount(0)
	// Each delivery sent again says so and links its redelivery (point 3).
	await expect(page.getByRole('link', { name: 'sent again' })).toHaveCount(2)
	await page.getByRole('link', { name: 'sent again' }).first().click()
	await expect(page).toHaveURL(/\/webhooks\/deliveries\/[^/]+$/)
	const received = (await mock.webhookRequests(service.url)).slice(heard + 1)
	expect(received.map((request) => request.headers['webhook-id'])).toEqual(missed)
})
