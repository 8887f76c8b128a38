import { DEMO_EMAIL, DEMO_PASSWORD, DEMO_SERVICES } from '#tests/mock-api/seed'
import { expect, test } from './fixtures'
import { signIn } from './utils/auth'

test("the demo's live service shows the deliveries of its nukes: delivered ones and a failed one", async ({
	page,
	mock,
}) => {
	// The demo as the seed made it: nothing another test of this worker did to it.
	await mock.reset()
	await signIn(page, DEMO_EMAIL, DEMO_PASSWORD)
	const [pay, chat] = DEMO_SERVICES
	await page.goto(`/services/${pay.id}/webhooks`)
	const log = page.getByRole('table', { name: /^Deliveries/ })
	const rows = log.getByRole('row').filter({ hasText: 'Password changed to a random string' })
	await expect(rows.first()).toContainText('Delivered')
	await expect(rows.filter({ hasText: 'Failed' })).toHaveCount(1)
	await expect(page.getByText('No deliveries in the last 30 days.')).toHaveCount(0)

	// The services with no users have no deliveries either.
	await page.goto(`/services/${chat.id}/webhooks`)
	await expect(page.getByText(/^No deliveries in the last 30 days\./)).toBeVisible()
})
