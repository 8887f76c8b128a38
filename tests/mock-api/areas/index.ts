/**
 * The mock by area: each area owns its collections of the JSON state and
 * the handlers of its endpoints. A new area is one more folder and one more
 * entry in each of these two objects.
 */
import type { Handlers } from '../http'
import { activityHandlers } from './activity/handlers'
import { activityCollections } from './activity/state'
import { authCollections } from './auth/state'
import { authHandlers } from './auth/handlers'
import { sessionHandlers } from './auth/sessions'
import { contactHandlers } from './contact/handlers'
import { contactCollections } from './contact/state'
import { emailCollections } from './emails/state'
import { identityHandlers } from './identity/handlers'
import { identityCollections } from './identity/state'
import { limitCollections } from './limits/state'
import { passkeyHandlers } from './passkeys/handlers'
import { passkeyCollections } from './passkeys/state'
import { referenceHandlers } from './reference/handlers'
import { serviceSectionsHandlers } from './service-sections/handlers'
import { serviceSectionCollections } from './service-sections/state'
import { servicesHandlers } from './services/handlers'
import { serviceCollections } from './services/state'
import { twoStepHandlers } from './two-step/handlers'
import { recoveryCodeCollections } from './two-step/recovery-codes'
import { twoStepCollections } from './two-step/state'
import { userHandlers } from './users/handlers'
import { userCollections } from './users/state'
import { webhookHandlers } from './webhooks/handlers'
import { recoveryHandlers, recoveryCollections } from './webhooks/recovery'
import { webhookCollections } from './webhooks/state'

export const collections = {
	...userCollections,
	...authCollections,
	...twoStepCollections,
	...recoveryCodeCollections,
	...passkeyCollections,
	...identityCollections,
	...emailCollections,
	...limitCollections,
	...contactCollections,
	...serviceCollections,
	...serviceSectionCollections,
	...webhookCollections,
	...activityCollections,
	...recoveryCollections,
}

/** Every endpoint of the contract: a missing one fails tsc. */
export const handlers = {
	...referenceHandlers,
	...authHandlers,
	...sessionHandlers,
	...passkeyHandlers,
	...userHandlers,
	...twoStepHandlers,
	...identityHandlers,
	...contactHandlers,
	...servicesHandlers,
	...serviceSectionsHandlers,
	...webhookHandlers,
	...activityHandlers,
	...recoveryHandlers,
} satisfies Handlers
