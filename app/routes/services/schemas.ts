/**
 * The services pages' form schemas, from the contract's request schemas. Their
 * actions import them; their forms load them lazily (`useAppForm`), so zod is
 * in no page's first load.
 */
import { z } from 'zod'
import { localeEnum } from '#app/api/contract/common'
import { securityProtectionKeyEnum } from '#app/api/contract/service-parts'
import { saveTranslationsBody } from '#app/api/contract/service-sections'
import { serviceFields, updateServiceBody } from '#app/api/contract/services'
import { PROTECTION_INTENT, VERIFY_INTENT, WEBHOOK_INTENT } from './intents'

export { createServiceBody as createServiceSchema } from '#app/api/contract/services'
export { redeliverBody as redeliverSchema } from '#app/api/contract/webhook-deliveries'
export { recoverWebhookDeliveriesBody as recoverDeliveriesSchema } from '#app/api/contract/webhook-recovery'

/** Every editable field, all required here (the form sends them all), and the version the form was based on. */
export const settingsSchema = z.object({ ...serviceFields, version: updateServiceBody.shape.version })

/** A locale whose fields are all blank is not translated: left out, so only a half-filled one is an error. */
function blankAsMissing(value: unknown) {
	if (!value || typeof value !== 'object') return value
	return Object.values(value).every((field) => typeof field !== 'string' || !field.trim()) ? undefined : value
}

/**
 * The contract's body, as the form posts it: `translations.<locale>.name|description` (the API's error keys),
 * en-GB required, the other six optional but whole; and the version the form was based on, always sent.
 */
const contractLocales = saveTranslationsBody.shape.translations.shape
export const translationsSchema = z.object({
	translations: z.object({
		...contractLocales,
		...Object.fromEntries(
			localeEnum.options
				.filter((locale) => locale !== 'en-GB')
				.map((locale) => [locale, z.preprocess(blankAsMissing, contractLocales[locale])]),
		),
	} as typeof contractLocales),
	version: saveTranslationsBody.shape.version.unwrap(),
})

/** The checkbox list: every ticked key (none ticked: none sent). */
export const protectionsSchema = z.object({ enabled: z.array(securityProtectionKeyEnum).optional() })
/** One switch: the protection and its new state. */
export const protectionToggleSchema = z.object({
	intent: z.literal(PROTECTION_INTENT.toggle),
	protection: securityProtectionKeyEnum,
	enabled: z.enum(['true', 'false']),
})

export const verifySchema = z.object({ intent: z.literal(VERIFY_INTENT.verify) })

export const webhookActionSchema = z.object({ intent: z.enum([WEBHOOK_INTENT.test, WEBHOOK_INTENT.check]) })
