// Decision 0012.
import { z } from 'zod'
import {
	choiceError,
	dataOf,
	environmentEnum,
	isoDateTime,
	kindEnum,
	limits,
	listOf,
	localeEnum,
	multiLineText,
	oneLineText,
	opaqueId,
	refusalBody,
	uploadKindEnum,
	wholeNumber,
} from './common'
import {
	serviceFieldNames,
	serviceLimits,
	serviceOptionalFieldNames,
	serviceReviewStatuses,
	type ServiceReviewStatus,
} from './constants'
import { domainVerificationResource, securityProtectionKeyEnum } from './service-parts'

export { serviceFieldNames, serviceLimits, serviceOptionalFieldNames }

export const serviceMessages = {
	exists: 'This field must contain a value that exists.',
	versionConflict: 'The service was changed by someone else.',
	idempotencyKeyReused: 'This key was already used with another request.',
	tooManySecrets: 'A service has at most two secrets in use: revoke one first.',
	lastSecret: 'The only secret in use cannot be revoked: reset it instead.',
} as const

export const serviceCategoryKeyEnum = z
	.enum(['communication', 'finance', 'gaming', 'health', 'productivity', 'shopping', 'social', 'other'], choiceError)
	.describe('Category of a service.')
export type ServiceCategoryKey = z.infer<typeof serviceCategoryKeyEnum>

export const serviceReviewStatusEnum = z
	.enum(serviceReviewStatuses)
	.describe(
		'not_submitted: never sent for review; submitted: waiting for a reviewer; in_progress: being reviewed; ' +
			'verified: usable by customers; dismissed: refused (see reason); cancelled: withdrawn by the partner.',
	)
export type { ServiceReviewStatus }

export const serviceCategoryResource = z.object({
	key: serviceCategoryKeyEnum,
	name: z.string().max(serviceLimits.nameMax),
})
export type ServiceCategory = z.infer<typeof serviceCategoryResource>
export const serviceCategoryList = listOf(serviceCategoryResource)

export const serviceLogo = z.object({
	url: z.url().max(serviceLimits.urlMax).describe('Under the service-logo storage (SERVICE_LOGO_URL).'),
	content_type: z.enum(['image/png', 'image/jpeg']).describe('Sniffed from the bytes.'),
	width: z.number().int(),
	height: z.number().int(),
})
export type ServiceLogo = z.infer<typeof serviceLogo>

const notSet = 'null until set (a create needs only the name and category); a review submission needs it.'

export const serviceResource = z.object({
	id: opaqueId(),
	name: z.string().max(serviceLimits.nameMax),
	description: z.string().max(serviceLimits.descriptionMax).nullable().describe(notSet),
	category: serviceCategoryKeyEnum,
	logo: serviceLogo.nullable(),
	website_url: z.string().max(serviceLimits.urlMax).nullable().describe(notSet),
	webhook_url: z.string().max(serviceLimits.urlMax).nullable().describe(notSet),
	authorization_url: z
		.string()
		.max(serviceLimits.urlMax)
		.nullable()
		.describe(`The connect-account page that links an external account. ${notSet}`),
	environment: environmentEnum.describe('test: sandbox, only the partner; live: used by customers.'),
	kind: kindEnum.describe("external: a partner's service; internal: one of the product's own."),
	client_id: opaqueId().describe('Public identifier of the service, used with its secret.'),
	review: z.object({
		status: serviceReviewStatusEnum,
		reason: z.string().max(serviceLimits.reasonMax).nullable().describe('Why the review was dismissed.'),
		updated_at: isoDateTime.nullable(),
	}),
	security_protections: z
		.array(z.object({ key: securityProtectionKeyEnum, enabled: z.boolean() }))
		.describe('What the service neutralises, in catalogue order; shown to end users.'),
	translations: z.array(
		z
			.object({
				locale: localeEnum,
				name: z.string().max(serviceLimits.nameMax),
				description: z.string().max(serviceLimits.descriptionMax),
			})
			.describe('Name and description in one locale.'),
	),
	domain_verification: domainVerificationResource,
	webhook_paused_at: isoDateTime
		.nullable()
		.describe('When deliveries to the webhook endpoint were paused after failing for days; null when not paused.'),
	version: z
		.number()
		.int()
		.positive()
		.describe('Increases with every change of a field `PATCH` takes (not the logo); sent back by an update.'),
	created_at: isoDateTime,
	updated_at: isoDateTime,
})
export type Service = z.infer<typeof serviceResource>
export const serviceResponse = dataOf(serviceResource)
export const serviceList = listOf(serviceResource)

export const serviceSecretResource = z.object({
	id: opaqueId(),
	hint: z.string().max(limits.secretHintMax).describe('The last 4 characters.'),
	created_at: isoDateTime,
	last_used_at: isoDateTime.nullable(),
})
export type ServiceSecret = z.infer<typeof serviceSecretResource>
export const serviceSecretList = listOf(serviceSecretResource)

export const newServiceSecret = serviceSecretResource.extend({ secret: z.string().max(limits.tokenMax) })
export const newServiceSecretResponse = dataOf(newServiceSecret)

/** A replayed create is 200 with `secret: null`. */
export const createServiceResponse = z.object({ data: serviceResource, secret: newServiceSecret.nullable() })

export const uploadResource = z.object({
	id: opaqueId(),
	kind: uploadKindEnum,
	size: wholeNumber(),
	content_type: z
		.string()
		.max(limits.contentTypeMax)
		.describe('Sniffed from the bytes; application/octet-stream when unknown.'),
	created_at: isoDateTime,
	expires_at: isoDateTime.nullable().describe('When a temporary upload is deleted; null for kept files.'),
})
export type Upload = z.infer<typeof uploadResource>
export const uploadResponse = dataOf(uploadResource)

/** 409: `data` is the current service. */
export const versionConflictBody = refusalBody('version_conflict').extend({ data: serviceResource })

// A backslash or user info before the host: parsers disagree on which host it names.
export const isAmbiguousUrl = (value: string) => value.includes('\\') || /^[^:/?#]*:\/\/[^/?#]*@/.test(value)

/** In the order a partner fixes them. */
export type HttpsUrlRule = 'urlAmbiguous' | 'startsWith' | 'url' | 'publicDomain'

/** The rule `value` breaks, or null for an absolute `https://` URL on a public domain every parser reads alike. */
export function httpsUrlRule(value: string): HttpsUrlRule | null {
	if (isAmbiguousUrl(value)) return 'urlAmbiguous'
	if (!/^https:\/\//i.test(value)) return 'startsWith'
	if (!z.url().safeParse(value).success) return 'url'
	const host = new URL(value).hostname
	if (z.regexes.domain.test(host)) return null
	// No dot, IPv4 or IPv6 is a host but not a public one; anything else is no URL.
	return /^(?:[a-z0-9-]+|[0-9.]+|\[[0-9a-f:.]+\])$/i.test(host) ? 'publicDomain' : 'url'
}

export const httpsUrlField = z
	.string()
	.trim()
	.min(1, 'required')
	.max(serviceLimits.urlMax)
	.refine((value) => httpsUrlRule(value) === null, {
		error: (issue) => httpsUrlRule(String(issue.input)) ?? 'url',
		params: { startsWith: 'https://' },
	})

// Stored as the WHATWG serialisation, never as typed, so whatever reads it later reads the host that was checked.
export const webhookUrlField = httpsUrlField
	.transform((value) => new URL(value).href)
	.pipe(z.string().max(serviceLimits.urlMax))

export const serviceFields = {
	name: oneLineText(serviceLimits.nameMax),
	description: multiLineText(serviceLimits.descriptionMax),
	category: serviceCategoryKeyEnum,
	website_url: httpsUrlField,
	webhook_url: webhookUrlField,
	authorization_url: httpsUrlField,
} satisfies Record<(typeof serviceFieldNames)[number], z.ZodType>

const idempotencyKey = z.string().min(1, 'required').max(serviceLimits.idempotencyKeyMax)
/** `sameKey`: what the same key sent again answers. */
export const idempotencyKeyField = (sameKey: string) =>
	idempotencyKey.describe(`Chosen by the client per form; ${sameKey}`)

// A review submission needs all the fields a create may leave out.
export const createServiceBody = z.object({
	name: serviceFields.name,
	category: serviceFields.category,
	description: serviceFields.description.optional(),
	website_url: serviceFields.website_url.optional(),
	webhook_url: serviceFields.webhook_url.optional(),
	authorization_url: serviceFields.authorization_url.optional(),
	idempotency_key: idempotencyKeyField('the same key within 24 h returns the first result.'),
})
export type CreateServiceBody = z.infer<typeof createServiceBody>

/** Left out: unchanged; `null`: no longer set. */
export const updateServiceBody = z.object({
	name: serviceFields.name.optional(),
	description: serviceFields.description.nullable().optional(),
	category: serviceFields.category.optional(),
	website_url: serviceFields.website_url.nullable().optional(),
	webhook_url: serviceFields.webhook_url.nullable().optional(),
	authorization_url: serviceFields.authorization_url.nullable().optional(),
	version: z.number().int().positive().describe('The `version` the change is based on.'),
})
export type UpdateServiceBody = z.infer<typeof updateServiceBody>

export const attachLogoBody = z.object({ upload_id: opaqueId().min(1, 'required') })
