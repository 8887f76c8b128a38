// Decision 0015.
import { z } from 'zod'
import { apiMessage, dataOf, isoDateTime, limits, listOf, listQuery, opaqueId, wholeNumber } from './common'
import { webhookDeliveryStatuses, webhookEventTypes, webhookLimits } from './constants'
import { idempotencyKeyField } from './services'

export const webhookHeaders = {
	event: 'Partner-Event',
	/** A redelivery has its own id; the event id in the body stays the same. */
	delivery: 'Partner-Delivery',
	userAgent: 'PartnerWebhooks/1.0',
} as const

export const webhookEventTypeEnum = z
	.enum(webhookEventTypes)
	.describe(
		'ping: the test event; url_verification: the endpoint check (never in the delivery log); ' +
			'password_changed_to_random_string: an end user used the emergency button.',
	)
export type WebhookEventType = z.infer<typeof webhookEventTypeEnum>

export const webhookDeliveryStatusEnum = z
	.enum(webhookDeliveryStatuses)
	.describe(
		'pending: no attempt has finished yet; delivered: the last attempt got a 2xx; failed: the last attempt ' +
			'did not (next_retry_at says whether another attempt is coming; null: given up, or a test event, ' +
			'which is sent once).',
	)
export type WebhookDeliveryStatus = z.infer<typeof webhookDeliveryStatusEnum>

export const webhookDeliveryTriggerEnum = z
	.enum(['event', 'test', 'redelivery'])
	.describe('event: the product sent it; test: "Send test event"; redelivery: "Redeliver" of another delivery.')
export type WebhookDeliveryTrigger = z.infer<typeof webhookDeliveryTriggerEnum>

export const webhookErrorCodeEnum = z
	.enum(['refused_address', 'dns', 'connection', 'tls', 'timeout', 'network'])
	.describe(
		'Why no HTTP answer came back. refused_address: the host resolves to a private, loopback or link-local ' +
			'address, IPv4 inside IPv6 judged as that IPv4 address, or the URL names a port other than 443 (never ' +
			'delivered to); dns: the host name does not resolve; connection: refused or reset; tls: ' +
			'the TLS handshake or certificate failed; timeout: no complete answer in time; network: anything else.',
	)
export type WebhookErrorCode = z.infer<typeof webhookErrorCodeEnum>

/** Lower-case names; repeated headers joined with ", ". */
export const webhookHeadersRecord = z
	.record(z.string().max(webhookLimits.headerNameMax), z.string().max(webhookLimits.headerValueMax))
	.describe('Headers by lower-case name.')

/** Kept after the secret is revoked. */
export const webhookSigningSecret = z.object({
	secret_id: opaqueId(),
	hint: z.string().max(limits.secretHintMax).describe('The last 4 characters of the secret.'),
})
export type WebhookSigningSecret = z.infer<typeof webhookSigningSecret>

export const webhookExchange = z.object({
	started_at: isoDateTime,
	request: z.object({
		method: z.literal('POST'),
		url: z.string().max(limits.urlMax),
		headers: webhookHeadersRecord,
		body: z.string().max(webhookLimits.payloadMax).describe('The raw body, exactly as signed.'),
	}),
	response: z
		.object({
			status: z.number().int(),
			headers: webhookHeadersRecord,
			body: z
				.string()
				.max(webhookLimits.responseBodyBytes)
				.describe('The first 1 KB of the body (UTF-8, invalid bytes replaced).'),
			body_truncated: z.boolean(),
		})
		.nullable()
		.describe('Null when no HTTP answer came back (see error).'),
	error: z
		.object({ code: webhookErrorCodeEnum, message: apiMessage() })
		.nullable()
		.describe('The network, TLS or address error; null when an HTTP answer came back.'),
	latency_ms: wholeNumber().describe('From sending to the end of the answer (or the error).'),
})
export type WebhookExchange = z.infer<typeof webhookExchange>

export const webhookAttempt = webhookExchange.extend({
	number: z.number().int().positive().describe('1 for the first try, then each retry.'),
	succeeded: z.boolean().describe('A 2xx came back. Redirects are not followed: a 3xx is a failure.'),
	signed_with: z.array(webhookSigningSecret).describe('The live secrets that signed it (two while rotating).'),
})

export const webhookDeliverySummary = z.object({
	id: opaqueId(),
	event_id: opaqueId().describe('The event (`id` in the body); a redelivery keeps it.'),
	event_type: webhookEventTypeEnum,
	trigger: webhookDeliveryTriggerEnum,
	redelivery_of: opaqueId().nullable().describe('The delivery this one redelivers.'),
	redelivered_by: opaqueId().nullable().describe('The latest delivery that redelivers this one; null: none.'),
	url: z.string().max(limits.urlMax).describe('The webhook URL when the delivery was made; its retries go there too.'),
	status: webhookDeliveryStatusEnum,
	attempt_count: wholeNumber(),
	last_attempt_at: isoDateTime.nullable(),
	last_status_code: z.number().int().nullable().describe('The HTTP status of the last attempt; null: no answer.'),
	last_error: apiMessage().nullable().describe('Why the last attempt failed, in one line; null when it succeeded.'),
	next_retry_at: isoDateTime
		.nullable()
		.describe(
			'When the next automatic attempt is due; null: none coming (a test event `ping` is never retried, and ' +
				'nothing is retried while deliveries are paused).',
		),
	signed_with: z.array(webhookSigningSecret).describe('The secrets that signed the last attempt.'),
	created_at: isoDateTime,
})
export type WebhookDeliverySummary = z.infer<typeof webhookDeliverySummary>
export const webhookDeliveryList = listOf(webhookDeliverySummary)

export const webhookDeliveryResource = webhookDeliverySummary.extend({
	payload: z.string().max(webhookLimits.payloadMax).describe('The raw body every attempt sends.'),
	attempts: z.array(webhookAttempt),
})
export type WebhookDelivery = z.infer<typeof webhookDeliveryResource>
export const webhookDeliveryResponse = dataOf(webhookDeliveryResource)

export const webhookCheckVerdicts = z.object({
	answers_challenge: z
		.boolean()
		.describe('The signed request got a 2xx whose body is the challenge, or JSON {"challenge": <it>}.'),
	checks_signatures: z
		.boolean()
		.nullable()
		.describe(
			'true: the wrong signature was refused with a 4xx while the signed request got a 2xx; false: the ' +
				'wrong signature was accepted (2xx); null: cannot tell (the signed request was not accepted, or ' +
				'the wrong one got neither a 2xx nor a 4xx).',
		),
})

export const webhookCheckSummary = z.object({
	id: opaqueId(),
	url: z.string().max(limits.urlMax),
	verdicts: webhookCheckVerdicts,
	created_at: isoDateTime,
})
export type WebhookCheckSummary = z.infer<typeof webhookCheckSummary>
export const webhookCheckList = listOf(webhookCheckSummary)

export const webhookCheckResource = webhookCheckSummary.extend({
	challenge: z.string().max(limits.tokenMax).describe('The value the endpoint had to echo.'),
	signed: webhookExchange.describe('The `url_verification` event, correctly signed.'),
	wrong_signature: webhookExchange.describe('The same event with a deliberately wrong signature.'),
})
export type WebhookCheck = z.infer<typeof webhookCheckResource>
export const webhookCheckResponse = dataOf(webhookCheckResource)

export const webhookHealthResource = z.object({
	failing: z.boolean().describe(`At least ${webhookLimits.failingAfter} failed attempts in a row.`),
	consecutive_failures: wholeNumber().describe('Failed attempts since the last success.'),
	last_attempt_at: isoDateTime.nullable(),
	last_success_at: isoDateTime.nullable(),
	failing_since: isoDateTime
		.nullable()
		.describe('The first failed attempt of the failures in a row; null after a success.'),
	pauses_after: isoDateTime
		.nullable()
		.describe(
			`failing_since + ${webhookLimits.pauseAfterDays} days: the next failed attempt after it pauses deliveries. ` +
				'Null when not failing, or paused already.',
		),
	last_error: z
		.object({
			at: isoDateTime,
			delivery_id: opaqueId(),
			status_code: z.number().int().nullable(),
			message: apiMessage(),
		})
		.nullable()
		.describe('The latest failed attempt while failures are in a row; null after a success.'),
	paused_at: isoDateTime
		.nullable()
		.describe(
			`When deliveries were paused: every attempt had failed for ${webhookLimits.pauseAfterDays} days. ` +
				'Null when not paused. While paused, events are logged but not sent; test events and checks still go out.',
		),
})
export type WebhookHealth = z.infer<typeof webhookHealthResource>
export const webhookHealthResponse = dataOf(webhookHealthResource)

export const webhookDeliveryListQuery = listQuery.extend({
	status: webhookDeliveryStatusEnum.optional().describe('Only deliveries in this status.'),
	event: webhookEventTypeEnum.optional().describe('Only deliveries of this event type.'),
})

export const redeliverBody = z.object({
	idempotency_key: idempotencyKeyField('the same key answers the redelivery it made (a double submit).'),
})

export function answersChallenge(body: string, challenge: string): boolean {
	const text = body.trim()
	if (text === challenge) return true
	try {
		const value: unknown = JSON.parse(text)
		return typeof value === 'object' && value !== null && (value as { challenge?: unknown }).challenge === challenge
	} catch {
		return false
	}
}
