// Decision 0031: never a secret, only its hint.
import { z } from 'zod'
import { isoDateTime, listOf, listQuery, localeEnum, opaqueId, wholeNumber } from './common'
import { activityKinds, clientOriginLimits, limits, serviceLimits } from './constants'
import { securityProtectionKeyEnum } from './service-parts'

// Taken only from a caller that sends `credential`, which only the portal's server holds; others are recorded as direct.
export const clientOriginHeaders = {
	ip: 'Partner-Client-Ip',
	userAgent: 'Partner-Client-User-Agent',
	credential: 'Partner-Client-Credential',
	// An opaque id of the browser, the same across its sign-ins (decision 0040): how a new browser is told apart.
	device: 'Partner-Client-Device',
} as const

export const activityKindEnum = z.enum(activityKinds).describe('The group of actions an entry belongs to.')
export type ActivityKind = z.infer<typeof activityKindEnum>

export const activityActionKinds = {
	settings_updated: 'settings',
	logo_set: 'settings',
	logo_removed: 'settings',
	client_secret_reset: 'client_secrets',
	client_secret_rotated: 'client_secrets',
	client_secret_revoked: 'client_secrets',
	signing_secret_rotated: 'signing_secret',
	protections_changed: 'protections',
	translations_saved: 'translations',
	domain_verification_reset: 'domain',
	domain_verified: 'domain',
	review_submitted: 'review',
	review_cancelled: 'review',
	review_started: 'review',
	review_approved: 'review',
	review_dismissed: 'review',
	webhook_test_sent: 'webhooks',
	webhook_endpoint_checked: 'webhooks',
	webhook_recovery_started: 'webhooks',
	webhook_endpoint_paused: 'webhooks',
	webhook_endpoint_resumed: 'webhooks',
	identity_confirmed: 'identity',
	identity_confirmation_refused: 'identity',
} as const satisfies Record<string, ActivityKind>
export type ActivityAction = keyof typeof activityActionKinds
export const activityActionEnum = z
	.enum(Object.keys(activityActionKinds) as [ActivityAction, ...ActivityAction[]])
	.describe('What happened.')

export const activityActorTypeEnum = z
	.enum(['partner', 'review_team', 'platform'])
	.describe('partner: the partner signed in; review_team: the reviewers; platform: the partner platform itself.')

/** Other fields: only their names. */
export const activityUrlChange = z.object({
	field: z.enum(['website_url', 'webhook_url', 'authorization_url']),
	from: z.string().max(limits.urlMax),
	to: z.string().max(limits.urlMax),
})

export const activityEntry = z.object({
	id: opaqueId(),
	kind: activityKindEnum,
	action: activityActionEnum,
	occurred_at: isoDateTime,
	age_seconds: wholeNumber().describe(
		'Seconds since it happened, by the API clock (for "3 hours ago"; never count against your own).',
	),
	actor: z.object({
		type: activityActorTypeEnum,
		name: z
			.string()
			.max(limits.nameMax * 2 + 1)
			.nullable()
			.describe("The partner's name at the time; null for the review team and platform."),
		email: z
			.string()
			.max(limits.emailMax)
			.nullable()
			.describe("The partner's email at the time; null for the review team and platform."),
	}),
	origin: z
		.object({
			ip: z.string().max(clientOriginLimits.ipMax).nullable(),
			user_agent: z.string().max(clientOriginLimits.userAgentMax).nullable().describe('As the browser sent it.'),
		})
		.nullable()
		.describe("Where a partner's own action came from; null for the review team's and the platform's."),
	details: z
		.object({
			fields: z.array(opaqueId()).optional().describe('settings_updated: the fields changed.'),
			urls: z.array(activityUrlChange).optional().describe('settings_updated: old → new of each URL changed.'),
			secret_hint: z
				.string()
				.max(limits.secretHintMax)
				.optional()
				.describe('Client and signing secrets: the last 4 characters, never more.'),
			enabled: z.array(securityProtectionKeyEnum).optional().describe('protections_changed: turned on.'),
			disabled: z.array(securityProtectionKeyEnum).optional().describe('protections_changed: turned off.'),
			locales: z.array(localeEnum).optional().describe('translations_saved: the languages saved.'),
			reason: z.string().max(serviceLimits.reasonMax).nullable().optional().describe('review_dismissed: why.'),
			delivery_id: opaqueId().optional().describe('webhook_test_sent: the delivery in the log.'),
			check_id: opaqueId().optional().describe('webhook_endpoint_checked: the check.'),
			since: isoDateTime
				.optional()
				.describe('webhook_recovery_started: from when; webhook_endpoint_resumed: paused since.'),
			count: wholeNumber()
				.optional()
				.describe('webhook_recovery_started: deliveries queued; webhook_endpoint_resumed: failed since the pause.'),
			method: z.enum(['password', 'totp']).optional().describe('Identity confirmations: how.'),
		})
		.describe('What changed; only the fields of its action.'),
})
export type ActivityEntry = z.infer<typeof activityEntry>
export const activityList = listOf(activityEntry)

export const activityListQuery = listQuery.extend({
	kind: activityKindEnum.optional().describe('Only entries of this kind; an unknown one is 422 on `kind`.'),
})
