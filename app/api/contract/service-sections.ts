// Decision 0013.
import { z } from 'zod'
import {
	apiMessage,
	dataOf,
	eventEnum,
	isoDateTime,
	limits,
	listOf,
	type Locale,
	localeEnum,
	wholeNumber,
} from './common'
import { reviewTransition, reviewTransitions, statisticsDaysDefault, type ReviewAction } from './constants'
import { securityProtectionKeyEnum } from './service-parts'
import { serviceFields, serviceLimits, serviceReviewStatusEnum, type ServiceReviewStatus } from './services'

export const serviceSectionMessages = {
	alreadyVerified: 'The domain is already verified.',
	websiteUrlSet: 'The website URL must be set.',
	webhookUrlSet: 'The webhook URL must be set.',
	reasonRequired: 'A dismissed review needs a reason.',
} as const

export const securityProtectionResource = z.object({
	key: securityProtectionKeyEnum,
	event: eventEnum.describe('The emergency ("nuke") event after which the service applies the protection.'),
	title: apiMessage(),
	explanation: apiMessage().describe('What end users will see, in plain language.'),
})
export type SecurityProtection = z.infer<typeof securityProtectionResource>
export const securityProtectionList = listOf(securityProtectionResource)

/** The JS-off checkbox list: the keys listed are on, every other one off. */
export const setSecurityProtectionsBody = z.object({
	enabled: z.array(securityProtectionKeyEnum).describe('The keys to enable; an empty list turns every one off.'),
})

export const toggleSecurityProtectionBody = z.object({ enabled: z.boolean() })

export const translationFields = z.object({ name: serviceFields.name, description: serviceFields.description })

/** The locale of the service's own name and description. */
export const SERVICE_LOCALE = 'en-GB' satisfies Locale
export const optionalTranslationLocales = localeEnum.options.filter(
	(locale): locale is Exclude<Locale, typeof SERVICE_LOCALE> => locale !== SERVICE_LOCALE,
)

// en-GB is the service's own name and description; a locale left out is removed.
export const saveTranslationsBody = z.object({
	translations: z
		.object({
			'en-GB': translationFields,
			'ro-RO': translationFields.optional(),
			'pt-BR': translationFields.optional(),
			'it-IT': translationFields.optional(),
			'fr-FR': translationFields.optional(),
			'es-ES': translationFields.optional(),
			'de-DE': translationFields.optional(),
		})
		.describe('By locale; errors are on `translations.<locale>.name|description`.'),
	version: z
		.number()
		.int()
		.positive()
		.optional()
		.describe('When sent, the save is refused with 409 version_conflict unless it is the current version.'),
})
export type SaveTranslationsBody = z.infer<typeof saveTranslationsBody>

export const reviewChecklistMessages = {
	domain_verified: 'The domain must be verified.',
	logo_set: 'The service must have a logo.',
	website_url_set: serviceSectionMessages.websiteUrlSet,
	webhook_url_set: serviceSectionMessages.webhookUrlSet,
	authorization_url_set: 'The authorization URL must be set.',
	en_gb_translation: 'The service must have a description: its name and description are its en-GB translation.',
} as const
export type ReviewChecklistKey = keyof typeof reviewChecklistMessages
export const reviewChecklistKeyEnum = z
	.enum(Object.keys(reviewChecklistMessages) as [ReviewChecklistKey, ...ReviewChecklistKey[]])
	.describe('A condition a service must meet before it can be submitted for review.')

export { reviewTransition, reviewTransitions, type ReviewAction }

const actionWords: Record<ReviewAction, string> = {
	submit: 'submitted',
	cancel: 'cancelled',
	start: 'started',
	verify: 'verified',
	dismiss: 'dismissed',
}

export function reviewTransitionMessage(action: ReviewAction, from: ServiceReviewStatus): string {
	if (from === 'not_submitted') return 'The service has not been submitted for review.'
	if (Object.values(reviewTransitions[action]).includes(from)) return `The review is already ${from.replace('_', ' ')}.`
	if (from === 'in_progress')
		return `A review in progress cannot be ${actionWords[action]}${action === 'submit' ? ' again' : ''}.`
	return `A ${from} review cannot be ${actionWords[action]}.`
}

export const reviewActorEnum = z.enum(['partner', 'operator'])
export type ReviewActor = z.infer<typeof reviewActorEnum>

export const reviewHistoryEntry = z.object({
	status: serviceReviewStatusEnum.describe('The status the review moved to.'),
	reason: z.string().max(serviceLimits.reasonMax).nullable().describe('Why it was dismissed; null otherwise.'),
	actor: reviewActorEnum,
	at: isoDateTime,
})

export const serviceReviewResource = z.object({
	status: serviceReviewStatusEnum,
	reason: z
		.string()
		.max(serviceLimits.reasonMax)
		.nullable()
		.describe('Why the review was dismissed (status dismissed only).'),
	updated_at: isoDateTime.nullable(),
	checklist: z
		.array(z.object({ key: reviewChecklistKeyEnum, done: z.boolean() }))
		.describe('Every item, in order; submit needs all done.'),
	can_submit: z.boolean().describe('The status allows a submit and the checklist is complete.'),
	can_cancel: z.boolean().describe('The status allows a cancel (submitted or in_progress).'),
	history: z.array(reviewHistoryEntry).describe('Every transition, oldest first.'),
})
export type ServiceReview = z.infer<typeof serviceReviewResource>
export const serviceReviewResponse = dataOf(serviceReviewResource)

export const statisticsQuery = z.object({
	days: z
		.enum(['7', '30', '90'])
		.optional()
		.describe(`How many days, ending today (UTC, inclusive); default ${statisticsDaysDefault}.`),
})

export const statisticsNumbers = z.object({
	active_users: wholeNumber(),
	new_users: wholeNumber(),
	nukes: wholeNumber(),
})
export type StatisticsNumbers = z.infer<typeof statisticsNumbers>

/** People are counted once, however many days they were active. */
export const statisticsTotals = z.object({
	active_users: wholeNumber().describe(
		'Different people active at least once in the period (not a sum of the daily figures).',
	),
	new_users: wholeNumber().describe('The sum of the daily figures.'),
	nukes: wholeNumber().describe('The sum of the daily figures.'),
})

export const isoDate = z.iso.date().max(limits.dateTimeMax).describe('A calendar date, YYYY-MM-DD (UTC).')

export const statisticsDay = statisticsNumbers.extend({ date: isoDate })
export type StatisticsDay = z.infer<typeof statisticsDay>

export const serviceStatisticsResource = z.object({
	days: z.number().int().describe('7, 30 or 90.'),
	from: isoDate.describe('The first day.'),
	to: isoDate.describe('The last day: today.'),
	daily: z.array(statisticsDay).describe('One entry per day, oldest first, zeros included.'),
	totals: statisticsTotals.describe('The whole period. All zero: nobody used the service in it.'),
})
export type ServiceStatistics = z.infer<typeof serviceStatisticsResource>
export const serviceStatisticsResponse = dataOf(serviceStatisticsResource)
