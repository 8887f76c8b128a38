// Decision 0013.
import { createTtlCache } from './cache.server'
import type { ApiClient } from './client.server'
import {
	localeEnum,
	securityProtectionKeyEnum,
	statisticsDaysDefault,
	statisticsDaysOptions,
	type Locale,
	type SaveTranslationsBody,
	type SecurityProtection,
	type SecurityProtectionKey,
	type ServiceStatistics,
} from './contract/index'
import { allPages } from './pagination.server'
import { savedOrConflict } from './services.server'

const protectionCache = createTtlCache<SecurityProtection[]>()
export function securityProtections(api: ApiClient) {
	return protectionCache.get('protections', () => allPages(api, 'listSecurityProtections'))
}

export function enabledProtectionsFromForm(formData: FormData): SecurityProtectionKey[] {
	const checked = new Set(formData.getAll('enabled').map(String))
	return securityProtectionKeyEnum.options.filter((key) => checked.has(key))
}

type TranslationInput = { name?: string | null; description?: string | null }
type Translations = SaveTranslationsBody['translations']

/** A locale blank in both fields is removed; en-GB is always sent, so a blank one gets `required`. */
export function translationsBody(values: Partial<Record<Locale, TranslationInput>>): Translations {
	const body: Record<string, { name: string; description: string }> = {}
	for (const locale of localeEnum.options) {
		const name = values[locale]?.name?.trim() ?? ''
		const description = values[locale]?.description?.trim() ?? ''
		if (locale === 'en-GB' || name || description) body[locale] = { name, description }
	}
	return body as Translations
}

export function saveTranslations(api: ApiClient, id: string, translations: Translations, version: number) {
	return savedOrConflict(api.call('saveServiceTranslations', { params: { id }, body: { translations, version } }))
}

export type StatisticsDays = (typeof statisticsDaysOptions)[number]

export function statisticsDays(value: string | null | undefined): StatisticsDays {
	const days = Number(value)
	return (statisticsDaysOptions as readonly number[]).includes(days) ? (days as StatisticsDays) : statisticsDaysDefault
}

/** RFC 4180, CRLF. */
export function statisticsCsv(statistics: ServiceStatistics): string {
	const rows = [
		['date', 'active_users', 'new_users', 'nukes'],
		...statistics.daily.map((day) => [day.date, day.active_users, day.new_users, day.nukes]),
	]
	return `${rows.map((row) => row.join(',')).join('\r\n')}\r\n`
}
