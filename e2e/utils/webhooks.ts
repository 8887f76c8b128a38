import { createHmac, timingSafeEqual } from 'node:crypto'
import { expect, type Page } from '@playwright/test'
import { PASSWORD } from './auth'
import { postCreateWith, serviceIdOf } from './services'
import { webhookSignature } from '#app/api/contract/webhooks'
import type { MockWebhookRequest } from '#tests/mock-api/hooks-client'

let counter = 0
/** A webhook URL of its own per call, so one test's simulated receiver never sees another's requests. */
export function uniqueWebhookUrl() {
	counter += 1
	return `https://hooks-${Date.now().toString(36)}-${process.pid}-${counter}.example.com/partner/webhooks`
}

/**
 * A new service of the signed-in partner with its own webhook URL; its details page is open and shows the client
 * secret once (read here). Answers its paths, id, webhook URL and client secret.
 */
export async function newWebhookService(page: Page, baseURL: string) {
	const url = uniqueWebhookUrl()
	const details = await postCreateWith(page.context().request, baseURL, { webhook_url: url })
	await page.goto(details)
	const secret = (await page.getByRole('figure', { name: 'Client secret' }).locator('code').textContent())!.trim()
	expect(secret).toMatch(/^sk_test_\S{20,}$/)
	return { details, webhooks: `${details}/webhooks`, serviceId: serviceIdOf(details), url, secret }
}

/**
 * The current webhook signing secret of a service, as its developers page shows it once this sign-in has confirmed
 * it's you with `password` (the page hides it until then, decision 0022; the page stays open).
 */
export async function signingSecretOf(page: Page, details: string, password = PASSWORD) {
	await page.goto(`${details}/developers`)
	await page.getByRole('link', { name: "Confirm it's you to reveal the signing secret" }).click()
	await page.getByLabel('Your password').fill(password)
	await page.getByRole('button', { name: 'Show the signing secret' }).click()
	await expect(page).toHaveURL(/\/developers#signing-secret$/)
	return shownSigningSecret(page, 'current')
}

/** The current or previous webhook signing secret on the open developers page (the previous one's disclosure opened). */
export async function shownSigningSecret(page: Page, which: 'current' | 'previous') {
	if (which === 'previous') await page.getByText('Show the previous signing secret').click()
	const figure = page.getByRole('figure', { name: `${which === 'current' ? 'Current' : 'Previous'} signing secret` })
	await expect(figure).toBeVisible()
	const value = (await figure.locator('code').textContent())!.trim()
	expect(value).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
	return value
}

/**
 * The `v1,` signatures of a received request's `webhook-signature` that verify with `secret`, following the
 * Standard Webhooks specification step by step, written here independently of the portal's and the mock's code:
 * the `webhook-timestamp` within the tolerance of when the request arrived (the mock clock), HMAC-SHA256 of
 * `id.timestamp.body` keyed with the Base64 after `whsec_`, compared in constant time.
 */
export function validSignatures(request: MockWebhookRequest, secret: string) {
	const { headers } = webhookSignature
	const id = request.headers[headers.id]
	const timestamp = Number(request.headers[headers.timestamp])
	const signatures = request.headers[headers.signature]
	expect(id, 'the request carries webhook-id').toBeTruthy()
	expect(signatures, 'the request carries webhook-signature').toBeTruthy()
	const receivedAt = Date.parse(request.received_at) / 1000
	expect(Math.abs(receivedAt - timestamp)).toBeLessThanOrEqual(webhookSignature.toleranceSeconds)
	const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64')
	const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${request.body}`).digest()
	const all = signatures!.split(' ').map((entry) => entry.replace(/^v1,/, ''))
	return {
		all,
		valid: all.filter((value) => {
			const given = Buffer.from(value, 'base64')
			return given.length === expected.length && timingSafeEqual(given, expected)
		}),
	}
}
