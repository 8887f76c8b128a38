// Actions import these; forms load them lazily (`useAppForm`), so zod is in no page's first load.
import { z } from 'zod'
import { localeEnum } from '#app/api/contract/common'
import { securityProtectionKeyEnum } from '#app/api/contract/service-parts'
import { saveTranslationsBody } from '#app/api/contract/service-sections'
import {
	createServiceBody,
	serviceFields,
	serviceOptionalFieldNames,
	updateServiceBody,
} from '#app/api/contract/services'
import { PROTECTION_INTENT, VERIFY_INTENT, WEBHOOK_INTENT } from './intents'
import { logoRules } from '#app/api/contract/images'
import { LOGO_FIELD, LOGO_INTENT, LOGO_REDIRECT_FIELD } from '#app/services/logo'

export { redeliverBody as redeliverSchema } from '#app/api/contract/webhook-deliveries'
export { recoverWebhookDeliveriesBody as recoverDeliveriesSchema } from '#app/api/contract/webhook-recovery'

export const createServiceSchema = createServiceBody.pick({ name: true, category: true, idempotency_key: true })

const optionalFields = Object.fromEntries(serviceOptionalFieldNames.map((name) => [name, true])) as Record<
	(typeof serviceOptionalFieldNames)[number],
	true
>
export const settingsSchema = z
	.object(serviceFields)
	.partial(optionalFields)
	.extend({ version: updateServiceBody.shape.version })

/** A locale whose fields are all blank is not translated: left out, so only a half-filled one is an error. */
function blankAsMissing(value: unknown) {
	if (!value || typeof value !== 'object') return value
	return Object.values(value).every((field) => typeof field !== 'string' || !field.trim()) ? undefined : value
}

/** The contract's body as the form posts it: `translations.<locale>.name|description` (the API's error keys). */
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

export const protectionsSchema = z.object({ enabled: z.array(securityProtectionKeyEnum).optional() })
export const protectionToggleSchema = z.object({
	intent: z.literal(PROTECTION_INTENT.toggle),
	protection: securityProtectionKeyEnum,
	enabled: z.enum(['true', 'false']),
})

/** Checked in the browser too, before 10 MB are sent for nothing; only the bytes decide the rest, on the server. */
export const logoSchema = z.object({
	intent: z.literal(LOGO_INTENT.upload),
	[LOGO_FIELD]: z.file().max(logoRules.maxBytes),
	[LOGO_REDIRECT_FIELD]: z.string().optional(),
})

export const verifySchema = z.object({ intent: z.literal(VERIFY_INTENT.verify) })

export const webhookActionSchema = z.object({
	intent: z.enum([WEBHOOK_INTENT.test, WEBHOOK_INTENT.check, WEBHOOK_INTENT.resume]),
})
