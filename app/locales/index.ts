import type account from './en-GB/account.json'
import type activity from './en-GB/activity.json'
import type recovery from './en-GB/recovery.json'
import type auth from './en-GB/auth.json'
import type common from './en-GB/common.json'
import type services from './en-GB/services.json'
import type validation from './en-GB/validation.json'
import type webhooks from './en-GB/webhooks.json'

/** en-GB is the only, default and fallback language (spec point 1). */
export const defaultLanguage = 'en-GB'
export const supportedLanguages = [defaultLanguage] as const
export const defaultNS = 'common'

/** The shape of a language's catalogue (types only: the browser loads each namespace as a file of its own). */
export type Resources = {
	common: typeof common
	validation: typeof validation
	auth: typeof auth
	account: typeof account
	services: typeof services
	webhooks: typeof webhooks
	activity: typeof activity
	recovery: typeof recovery
}
export type Namespace = keyof Resources
