import type account from './en-GB/account.json'
import type activity from './en-GB/activity.json'
import type auth from './en-GB/auth.json'
import type common from './en-GB/common.json'
import type developers from './en-GB/developers.json'
import type identity from './en-GB/identity.json'
import type protections from './en-GB/protections.json'
import type passkeys from './en-GB/passkeys.json'
import type recovery from './en-GB/recovery.json'
import type services from './en-GB/services.json'
import type sessions from './en-GB/sessions.json'
import type settings from './en-GB/settings.json'
import type statistics from './en-GB/statistics.json'
import type translations from './en-GB/translations.json'
import type validation from './en-GB/validation.json'
import type verifications from './en-GB/verifications.json'
import type webhooks from './en-GB/webhooks.json'

// Spec point 1.
export const defaultLanguage = 'en-GB'
export const supportedLanguages = [defaultLanguage] as const
export const defaultNS = 'common'

// Types only: the browser loads each namespace as a file of its own.
export type Resources = {
	common: typeof common
	validation: typeof validation
	auth: typeof auth
	account: typeof account
	services: typeof services
	statistics: typeof statistics
	settings: typeof settings
	protections: typeof protections
	translations: typeof translations
	verifications: typeof verifications
	identity: typeof identity
	developers: typeof developers
	webhooks: typeof webhooks
	activity: typeof activity
	recovery: typeof recovery
	sessions: typeof sessions
	passkeys: typeof passkeys
}
export type Namespace = keyof Resources
