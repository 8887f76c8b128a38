import account from './en-GB/account.json'
import activity from './en-GB/activity.json'
import recovery from './en-GB/recovery.json'
import auth from './en-GB/auth.json'
import common from './en-GB/common.json'
import services from './en-GB/services.json'
import validation from './en-GB/validation.json'
import webhooks from './en-GB/webhooks.json'
import type { Resources } from './index'

/** Every language's catalogue, bundled into the server. */
export const resources = {
	'en-GB': { common, validation, auth, account, services, webhooks, activity, recovery },
} as const satisfies Record<string, Resources>
