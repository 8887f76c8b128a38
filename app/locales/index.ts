import account from './en-GB/account.json'
import auth from './en-GB/auth.json'
import common from './en-GB/common.json'
import services from './en-GB/services.json'
import validation from './en-GB/validation.json'

/** en-GB is the only, default and fallback language (spec point 1). */
export const defaultLanguage = 'en-GB'
export const supportedLanguages = [defaultLanguage] as const
export const defaultNS = 'common'

export const resources = {
	'en-GB': { common, validation, auth, account, services },
} as const

export type Resources = (typeof resources)['en-GB']
