import { z } from 'zod'
import { apiMessage, isoDateTime, limits, opaqueId } from './common'
import { securityProtectionKeyEnum } from './service-parts'
import type { webhookEventTypes } from './constants'

type EventType = (typeof webhookEventTypes)[number]

const envelope = {
	id: opaqueId().describe(
		'evt_…: the event. The same on every attempt and redelivery, and sent as the `webhook-id` header: ' +
			'deduplicate by it.',
	),
	created_at: isoDateTime.describe('When the event happened (ISO 8601).'),
	service_id: opaqueId().describe('The service whose webhook URL receives the event.'),
}

/** The envelope every event shares, its `type`, then its own `data`. */
function eventOf<T extends EventType, D extends z.ZodRawShape>(type: T, data: D) {
	const { id, created_at, service_id } = envelope
	return z.object({ id, type: z.literal(type), created_at, service_id, data: z.object(data) })
}

const webhookPingEvent = eventOf('ping', {
	message: apiMessage().describe('A note for whoever reads the log; nothing to act on.'),
}).meta({
	title: 'Test event',
	description:
		'Sent when someone presses "Send test event" on the service\'s webhooks page, to see that the endpoint ' +
		'receives and verifies deliveries. Verify it and answer 2xx; there is nothing else to do.',
})

const webhookUrlVerificationEvent = eventOf('url_verification', {
	challenge: z
		.string()
		.max(limits.tokenMax)
		.describe('A random value. Answer 2xx with it as the whole body, or with JSON {"challenge": <it>}.'),
}).meta({
	title: 'Endpoint check',
	description:
		'Sent when someone presses "Check endpoint": first correctly signed — answer 2xx with the challenge — ' +
		'then the same body with a wrong signature, which the endpoint must refuse with a 4xx. A check is not a ' +
		'delivery: it is not retried and not in the delivery log.',
})

const webhookPasswordChangedToRandomStringEvent = eventOf('password_changed_to_random_string', {
	account_id: opaqueId().describe(
		"The end user's account in your service: the id your authorization URL gave when they linked it.",
	),
	protections: z
		.array(securityProtectionKeyEnum)
		.describe(
			'The protections turned on for the service when the button was pressed: apply each of them now. ' +
				'End users were told what each one does.',
		),
}).meta({
	title: 'Emergency button pressed',
	description:
		'An end user of the service pressed the emergency button: their password is changed to a random string. ' +
		'Apply the security protections turned on for the service (end users are shown what each one does): ' +
		'replace their password, sign them out everywhere, disconnect the linked account.',
})

export const webhookEventSchemas = {
	ping: webhookPingEvent,
	url_verification: webhookUrlVerificationEvent,
	password_changed_to_random_string: webhookPasswordChangedToRandomStringEvent,
} as const satisfies Record<EventType, z.ZodObject>

export const webhookEventBody = z
	.discriminatedUnion('type', [
		webhookPingEvent,
		webhookUrlVerificationEvent,
		webhookPasswordChangedToRandomStringEvent,
	])
	.describe(
		'The body of every webhook request: `type` says which event it is and what `data` holds. Ignore fields you ' +
			'do not know: new ones may be added.',
	)
export type WebhookEventBody = z.infer<typeof webhookEventBody>

/** The challenge alone as the body is accepted too. */
export const webhookChallengeAnswer = z
	.object({ challenge: z.string().max(limits.tokenMax).describe('`data.challenge` of the event, unchanged.') })
	.describe('The answer to the endpoint check: the challenge, as JSON.')

/** Valid against its schema (webhook-events.test.ts parses them). */
export const webhookEventExamples: { [Type in EventType]: Extract<WebhookEventBody, { type: Type }> } = {
	ping: {
		id: 'evt_aeedeefb42f94d57b5b8597bdeeb73ee',
		type: 'ping',
		created_at: '2026-11-25T09:30:12.417Z',
		service_id: 'c214db04-e5b9-4a83-9c88-3dd5dfb01441',
		data: { message: 'A test event sent from the partner portal.' },
	},
	url_verification: {
		id: 'evt_9b4ec21113cb488ea7a95fb48f31002d',
		type: 'url_verification',
		created_at: '2026-11-25T09:31:40.052Z',
		service_id: 'c214db04-e5b9-4a83-9c88-3dd5dfb01441',
		data: { challenge: 'V33fbwo2GL7tI6leHXKboRQV3r29pfa8beD-omaWh1E' },
	},
	password_changed_to_random_string: {
		id: 'evt_def3a85bcc0c4726a0b7d39d15a21ec7',
		type: 'password_changed_to_random_string',
		created_at: '2026-11-25T14:02:08.903Z',
		service_id: 'c214db04-e5b9-4a83-9c88-3dd5dfb01441',
		data: { account_id: 'acct_7Hq2Lm9x', protections: ['password_randomised', 'sessions_revoked'] },
	},
}
