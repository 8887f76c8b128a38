/** Webhook recovery (docs/decisions/0032-webhook-recovery.md). Someone else's service is 404. */
import { rateLimits } from './constants'
import { messageBody } from './common'
import { endpointsOf, invalid, notFound, signedIn, throttled } from './endpoint'
import {
	recoverWebhookDeliveriesBody,
	webhookRecoveryPreviewResponse,
	webhookRecoveryQuery,
	webhookRecoveryResponse,
	webhookResumeResponse,
} from './webhook-recovery'

export const webhookRecoveryEndpoints = endpointsOf('Service webhooks', 'access', {
	previewWebhookRecovery: {
		route: 'GET /services/{id}/webhook-recoveries/preview',
		summary: 'How many deliveries a recovery from `since` would send again',
		description:
			'Counts the events with a delivery created since then that failed, none of whose deliveries got through. ' +
			'`since` older than the 30 days of the log, or in the future, is 422 on `since`.',
		query: webhookRecoveryQuery,
		responses: { 200: webhookRecoveryPreviewResponse, ...signedIn, ...notFound, ...invalid },
	},
	recoverWebhookDeliveries: {
		route: 'POST /services/{id}/webhook-recoveries',
		summary: 'Send again every delivery that failed since a time',
		description:
			'Queues one redelivery per event counted by the preview, in the order the events were first sent, each ' +
			'with the event’s own id as `webhook-id` (a receiver that deduplicates acts once) and `redelivery_of` its ' +
			'first delivery; answers 202 at once, and the queue is sent in order. A delivered redelivery stops the ' +
			'retries of the other deliveries of its event. The same `idempotency_key` answers 200 with the recovery it ' +
			'started and queues nothing.',
		request: recoverWebhookDeliveriesBody,
		rateLimit: rateLimits.webhookRecoveries,
		responses: {
			200: webhookRecoveryResponse,
			202: webhookRecoveryResponse,
			...signedIn,
			...notFound,
			...invalid,
			...throttled,
		},
	},
	resumeWebhookEndpoint: {
		route: 'POST /services/{id}/webhook-endpoint/resume',
		summary: 'Resume deliveries to an endpoint paused after failing for days',
		description:
			'New events are sent again. What was held while paused (events logged but not sent, retries due) is given ' +
			'up, and the answer counts what a recovery from `paused_at` would send, so the client can offer it. An ' +
			'endpoint that is not paused is 409.',
		responses: { 200: webhookResumeResponse, ...signedIn, ...notFound, 409: messageBody },
	},
})
