import { serviceResponse } from '#app/api/contract/index'
import { startWebhookExample, webhookExamples } from '#tests/setup/examples'
import { expect, test } from './fixtures'
import { apiAccessToken, callEndpoint, postCreateWith, serviceIdOf } from './utils/services'
import { outage, recover } from './utils/webhook-recovery'
import { signingSecretOf } from './utils/webhooks'

/**
 * Issue 44 as a partner's developer lives it: the Node example (examples/webhooks/node) was down, its events failed,
 * and "Send again every delivery that failed since …" makes it act on each of them once. The example runs on this
 * machine, so the mock delivers to it (local development), as in webhook-examples.spec.ts. It checks a signature's
 * time against its own clock: the mock clock is not moved here (nor in the other specs of this worker).
 */
test.use({ allowPrivateWebhooks: true })

const node = webhookExamples.find((example) => example.name === 'node')!

test('the Node example handles each recovered event once', async ({ page, partner, baseURL, mock }) => {
	const details = await postCreateWith(page.context().request, baseURL!, {})
	const secret = await signingSecretOf(page, details)
	const receiver = await startWebhookExample(node, secret)
	try {
		const url = `https://node-example.localhost:${receiver.port}/webhooks`
		const bearer = await apiAccessToken(mock, partner.email)
		const id = serviceIdOf(details)
		const { version } = serviceResponse.parse(await callEndpoint(mock, bearer, 'getService', { id })).data
		await callEndpoint(mock, bearer, 'updateService', { id }, { version, webhook_url: url })
		// The simulated endpoint in front of the example answers 503; removing it brings the example back.
		const { began, ids } = await outage(mock, id, url, { events: 2, retriesRunOut: false }, () =>
			mock.clearWebhookReceivers(),
		)

		await recover(page, `${details}/webhooks`, began, 2)
		const handled = () => receiver.lines.filter((line) => line.event === 'handled').map((line) => line.id)
		await expect.poll(handled).toEqual(ids)
		// The originals' retries stopped once their events got through: nothing more is due, nothing handled twice.
		await page.goto(`${details}/webhooks/recover?since=${began}`)
		await expect(page.getByRole('heading', { level: 2 })).toContainText('No delivery failed since')
		expect(handled()).toEqual(ids)
	} finally {
		await receiver.stop()
	}
})
