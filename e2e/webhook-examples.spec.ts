import { startWebhookExample, webhookExamples } from '#tests/setup/examples'
import { expect, test } from './fixtures'
import { postCreateWith } from './utils/services'
import { signingSecretOf } from './utils/webhooks'

/**
 * Issue 26's promise, as a partner's developer lives it: copy the signing secret, run an example from
 * examples/webhooks with it, point the service's webhook URL at it, press "Send test event" and "Check endpoint",
 * and see it verified. The mock delivers to this machine here (local development: *.localhost is this machine, and
 * https to it goes as http), as `npm run demo -- --allow-private-webhooks` does.
 */
test.use({ allowPrivateWebhooks: true })

for (const example of webhookExamples) {
	test(`the ${example.name} example receives a test event, verifies it, and passes the endpoint check`, async ({
		page,
		partner: _signedIn,
		baseURL,
	}) => {
		const details = await postCreateWith(page.context().request, baseURL!, {})
		// Copied from the developers page, which shows it once the partner has confirmed it's them.
		const secret = await signingSecretOf(page, details)
		const receiver = await startWebhookExample(example, secret)
		try {
			const webhookUrl = `https://${example.name}-example.localhost:${receiver.port}/webhooks`
			await page.goto(`${details}/manage`)
			await page.getByLabel('Webhook URL').fill(webhookUrl)
			await page.getByRole('button', { name: 'Save settings' }).click()
			await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible()

			await page.goto(`${details}/webhooks`)
			await page.getByRole('button', { name: 'Send test event' }).click()
			await expect(page).toHaveURL(/\/webhooks\/deliveries\/[^/]+$/)
			await expect(page.getByRole('main')).toContainText('Delivered')
			await expect(page.getByText('Answered with HTTP status 200').first()).toBeVisible()
			await expect(page.getByRole('main')).toContainText('"received"')
			// The example acted on it once (its stdout may trail its answer by a moment).
			const handled = () => receiver.lines.filter((line) => line.event === 'handled')
			await expect.poll(() => handled().map((line) => line.type)).toEqual(['ping'])

			await page.goto(`${details}/webhooks`)
			await page.getByRole('button', { name: 'Check endpoint' }).click()
			const verdicts = page.getByRole('region', { name: 'Verdicts' })
			await expect(verdicts).toContainText('Yes Your endpoint answers the challenge.')
			await expect(verdicts).toContainText('Yes Your endpoint checks signatures')
			// The check's events are not acted on: still the one ping.
			expect(handled()).toHaveLength(1)
		} finally {
			await receiver.stop()
		}
	})
}
