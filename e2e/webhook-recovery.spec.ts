import { expect, test } from './fixtures'
import { newWebhookService } from './utils/webhooks'
import { outage, recover } from './utils/webhook-recovery'

test('after an outage, every failed delivery is sent again once, in order, with its original id', async ({
	page,
	partner: _signedIn,
	baseURL,
	mock,
}) => {
	const service = await newWebhookService(page, baseURL!)
	const { began, ids } = await outage(
		mock,
		service.serviceId,
		service.url,
		{ events: 3, retriesRunOut: true },
		async () => {
			await mock.addWebhookReceiver({ url: service.url })
		},
	)
	const before = (await mock.webhookRequests(service.url)).length

	// A time outside the log is refused on the page, with what was typed.
	await page.goto(`${service.webhooks}/recover?since=2020-01-01T00:00`)
	await expect(page.getByText('Choose a time within the last 30 days.')).toBeVisible()
	await expect(page.getByLabel('Failed since (UTC)')).toHaveValue('2020-01-01T00:00')

	await recover(page, service.webhooks, began, 3)
	// The log lists them as redeliveries (each links to its original on its page); the endpoint got each event once.
	const log = page.getByRole('table', { name: /^Deliveries/ })
	await expect(log.getByRole('row').filter({ hasText: 'redelivery' }).filter({ hasText: 'Delivered' })).toHaveCount(3)
	const received = (await mock.webhookRequests(service.url)).slice(before)
	expect(received.map((request) => request.headers['webhook-id'])).toEqual(ids)

	// Nothing left to send: the count says so, and offers no button.
	await page.goto(`${service.webhooks}/recover?since=${began}`)
	await expect(page.getByRole('heading', { level: 2 })).toContainText('No delivery failed since')
	await expect(page.getByRole('button', { name: /again$/ })).toHaveCount(0)
})
