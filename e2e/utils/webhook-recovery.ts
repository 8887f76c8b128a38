import { expect, type Page } from '@playwright/test'
import type { MockHooks } from '#tests/mock-api/hooks-client'

/**
 * An outage: the endpoint answers 503 while `events` events are sent a minute apart, and with `retriesRunOut` every
 * retry runs out (a day on the mock clock); then it is back (200, or the real receiver once the simulated one is
 * gone). Answers the time the outage began, to the minute (what the page's field takes), and the events' ids in the
 * order they were sent.
 */
export async function outage(
	mock: MockHooks,
	serviceId: string,
	url: string,
	{ events, retriesRunOut }: { events: number; retriesRunOut: boolean },
	back: () => Promise<void>,
) {
	const began = new Date(Math.floor((await mock.now()).getTime() / 60_000) * 60_000)
	await mock.addWebhookReceiver({ url, status: 503 })
	const ids: string[] = []
	for (let i = 0; i < events; i++) {
		ids.push((await mock.sendWebhookEvent(serviceId, { type: 'password_changed_to_random_string' })).event_id)
		if (retriesRunOut) await mock.advanceClock(60)
	}
	if (retriesRunOut) await mock.advanceClock(86_400)
	await back()
	return { began: began.toISOString().slice(0, 16), ids }
}

/** "Send again every delivery that failed since …": the time, the count, the confirmation. */
export async function recover(page: Page, webhooks: string, since: string, count: number) {
	await page.goto(webhooks)
	await page.getByRole('link', { name: 'Send again every delivery that failed since a time you choose' }).click()
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Send failed deliveries again')
	await page.getByLabel('Failed since (UTC)').fill(since)
	await page.getByRole('button', { name: 'Count failed deliveries' }).click()
	await expect(page.getByRole('heading', { level: 2 })).toContainText(
		`${count} deliveries failed since ${since.slice(8, 10).replace(/^0/, '')}`,
	)
	await page.getByRole('button', { name: `Send ${count} deliveries again` }).click()
	await expect(page).toHaveURL(new RegExp(`${webhooks}#log$`))
	await expect(page.getByText(`${count} deliveries are being sent again, in their original order.`)).toBeVisible()
}
