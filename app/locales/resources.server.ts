import account from './en-GB/account.json'
import activity from './en-GB/activity.json'
import auth from './en-GB/auth.json'
import common from './en-GB/common.json'
import developers from './en-GB/developers.json'
import identity from './en-GB/identity.json'
import protections from './en-GB/protections.json'
import passkeys from './en-GB/passkeys.json'
import recovery from './en-GB/recovery.json'
import services from './en-GB/services.json'
import sessions from './en-GB/sessions.json'
import settings from './en-GB/settings.json'
import statistics from './en-GB/statistics.json'
import translations from './en-GB/translations.json'
import validation from './en-GB/validation.json'
import verifications from './en-GB/verifications.json'
import webhooks from './en-GB/webhooks.json'

export const resources = {
	'en-GB': {
		common,
		validation,
		auth,
		account,
		services,
		statistics,
		settings,
		protections,
		translations,
		verifications,
		identity,
		developers,
		webhooks,
		activity,
		recovery,
		sessions,
		passkeys,
	},
} as const
