import { createHmac, timingSafeEqual } from 'node:crypto'
import { expect, type Page } from '@playwright/test'
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
 * A new service of the signed-in partner with its own webhook URL; its details page is open and shows the
 * secret once (read here). Answers its paths, id, webhook URL and secret.
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
 * The `v1=` values of a received request's `Partner-Signature` that verify with `secret`, following the
 * developers page's recipe step by step, written here independently of the portal's and the mock's code:
 * parse `t` and the `v1` values, check `t` within the tolerance of when the request arrived (the mock clock),
 * compute HMAC-SHA256 of `t.body` keyed with the secret, compare in constant time.
 */
export function validSignatures(request: MockWebhookRequest, secret: string) {
	const header = request.headers[webhookSignature.header.toLowerCase()]
	expect(header, 'the request carries Partner-Signature').toBeTruthy()
	const parts = header!.split(',').map((part) => {
		const at = part.indexOf('=')
		return [part.slice(0, at), part.slice(at + 1)] as const
	})
	const t = Number(parts.find(([key]) => key === 't')?.[1])
	const v1 = parts.filter(([key]) => key === 'v1').map(([, value]) => value)
	const receivedAt = Date.parse(request.received_at) / 1000
	expect(Math.abs(receivedAt - t)).toBeLessThanOrEqual(webhookSignature.toleranceSeconds)
	const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${request.body}`).digest('hex'), 'hex')
	return {
		all: v1,
		valid: v1.filter((value) => {
			const given = Buffer.from(value, 'hex')
			return given.length === expected.length && timingSafeEqual(given, expected)
		}),
	}
}
