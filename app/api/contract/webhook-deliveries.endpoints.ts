// Decision 0015: anyone else's service id is a 404.
import { rateLimits } from './constants'
import { listQuery } from './common'
import { endpointsOf, invalid, notFound, signedIn, throttled } from './endpoint'
import {
	redeliverBody,
	webhookCheckList,
	webhookCheckResponse,
	webhookDeliveryList,
	webhookDeliveryListQuery,
	webhookDeliveryResponse,
	webhookHealthResponse,
} from './webhook-deliveries'
import { confirmedIdentity } from './identity.endpoints'
import { signingSecretList, signingSecretRotationInProgressBody } from './webhooks'

export const webhookDeliveriesEndpoints = endpointsOf('Service webhooks', 'access', {
	sendWebhookTestEvent: {
		route: 'POST /services/{id}/webhook-test-events',
		summary: 'Send a signed `ping` event to the webhook URL now',
		description:
			'Answers the delivery once its first attempt has finished (at most the 10 s timeout): `delivered`, or ' +
			'`failed` with the HTTP answer or the network error and `next_retry_at`. It is in the delivery log and ' +
			'retried like any delivery.',
		rateLimit: rateLimits.webhookTestEvents,
		// Without a webhook URL (a new service): 422 `webhook_url_missing` on `webhook_url`.
		responses: { 201: webhookDeliveryResponse, ...signedIn, ...notFound, ...invalid, ...throttled },
	},
	checkWebhookEndpoint: {
		route: 'POST /services/{id}/webhook-checks',
		summary: 'Check the webhook endpoint: a signed challenge, then the same event with a wrong signature',
		description:
			'Sends (1) a signed `url_verification` event whose `data.challenge` the endpoint must echo and (2) the ' +
			'same body with a deliberately wrong signature, which a correct endpoint refuses with a 4xx. Answers both ' +
			'exchanges in full and the verdicts. Not a delivery: not in the log, never retried, not counted in the ' +
			'health. Kept 30 days.',
		rateLimit: rateLimits.webhookChecks,
		// Without a webhook URL (a new service): 422 `webhook_url_missing` on `webhook_url`.
		responses: { 201: webhookCheckResponse, ...signedIn, ...notFound, ...invalid, ...throttled },
	},
	listWebhookChecks: {
		route: 'GET /services/{id}/webhook-checks',
		summary: 'The endpoint checks of the last 30 days, newest first',
		description:
			'Cursor pages of check summaries (the URL, when, the verdicts); `getWebhookCheck` has both exchanges. ' +
			'The cursor marks a position, so checks made meanwhile do not shift the next page; a malformed one is ' +
			'422 on `cursor`.',
		query: listQuery,
		responses: { 200: webhookCheckList, ...signedIn, ...notFound, ...invalid },
	},
	getWebhookCheck: {
		route: 'GET /services/{id}/webhook-checks/{checkId}',
		summary: 'One endpoint check (the result page)',
		responses: { 200: webhookCheckResponse, ...signedIn, ...notFound },
	},
	listWebhookDeliveries: {
		route: 'GET /services/{id}/webhook-deliveries',
		summary: 'The deliveries of the last 30 days, newest first',
		description:
			'Cursor pages. `status` and `event` filter; an unknown value is 422 on that parameter. The cursor ' +
			'marks a position, so deliveries made meanwhile do not shift the next page.',
		query: webhookDeliveryListQuery,
		responses: { 200: webhookDeliveryList, ...signedIn, ...notFound, ...invalid },
	},
	getWebhookDelivery: {
		route: 'GET /services/{id}/webhook-deliveries/{deliveryId}',
		summary: 'One delivery: the body, every attempt in full, the secrets that signed, the next retry',
		responses: { 200: webhookDeliveryResponse, ...signedIn, ...notFound },
	},
	redeliverWebhookDelivery: {
		route: 'POST /services/{id}/webhook-deliveries/{deliveryId}/redeliver',
		summary: 'Send the same event again, now, to the current webhook URL, as a new delivery',
		description:
			'201 the new delivery after its first attempt. The same `idempotency_key` answers 200 with the ' +
			'redelivery it made (still `pending` while in flight) and sends nothing; the key with another delivery is ' +
			'422 `idempotency_key_reused`. A delivered redelivery stops the retries of the deliveries of the same event.',
		request: redeliverBody,
		rateLimit: rateLimits.webhookRedeliveries,
		responses: {
			200: webhookDeliveryResponse,
			201: webhookDeliveryResponse,
			...signedIn,
			...notFound,
			...invalid,
			...throttled,
		},
	},
	getWebhookHealth: {
		route: 'GET /services/{id}/webhook-health',
		summary: 'Whether the webhook endpoint is failing (three failed attempts in a row) and its last error',
		responses: { 200: webhookHealthResponse, ...signedIn, ...notFound },
	},
	listWebhookSigningSecrets: {
		route: 'GET /services/{id}/webhook-signing-secrets',
		summary: "The service's live webhook signing secrets, newest first",
		description:
			'One per service, apart from its client secrets: what signs every delivery and check (Standard ' +
			'Webhooks, `whsec_…`). Two for a day after a rotation, the previous one with its `expires_at`. A service ' +
			'always has one. Shows the secrets themselves, so it needs a confirmed identity, as changing a client ' +
			'secret does (403 `identity_confirmation_required` otherwise).',
		responses: { 200: signingSecretList, ...confirmedIdentity, ...notFound },
	},
	rotateWebhookSigningSecret: {
		route: 'POST /services/{id}/webhook-signing-secrets/rotate',
		summary: 'A new signing secret; the previous one keeps signing beside it for a day',
		description:
			'201 the live secrets, newest first. Deliveries then carry two signatures until the previous secret ' +
			'expires, so a receiver can switch secrets without missing one. Rotating again while the previous secret ' +
			'still signs is refused with 409 `rotation_in_progress` (with `previous_expires_at`, when it works ' +
			'again): ending that secret early would stop a receiver that has not switched yet. Needs a confirmed ' +
			'identity (403 `identity_confirmation_required` otherwise).',
		rateLimit: rateLimits.webhookSigningSecretRotations,
		responses: {
			201: signingSecretList,
			...confirmedIdentity,
			...notFound,
			409: signingSecretRotationInProgressBody,
			...throttled,
		},
	},
})
