// Decision 0003: `scripts/openapi.ts`, the mock API and the client all read this one table.
import { activityEndpoints } from './activity.endpoints'
import { authEndpoints } from './auth.endpoints'
import { contactEndpoints } from './contact.endpoints'
import type { Endpoint } from './endpoint'
import { identityEndpoints } from './identity.endpoints'
import { passkeysEndpoints } from './passkeys.endpoints'
import { referenceEndpoints } from './reference.endpoints'
import { serviceSectionsEndpoints } from './service-sections.endpoints'
import { servicesEndpoints } from './services.endpoints'
import { sessionsEndpoints } from './sessions.endpoints'
import { twoStepEndpoints } from './two-step.endpoints'
import { usersEndpoints } from './users.endpoints'
import { webhookDeliveriesEndpoints } from './webhook-deliveries.endpoints'
import { webhookRecoveryEndpoints } from './webhook-recovery.endpoints'

export { fillPath, responseSchema, type Endpoint } from './endpoint'

export const endpoints = {
	...referenceEndpoints,
	...authEndpoints,
	...usersEndpoints,
	...twoStepEndpoints,
	...sessionsEndpoints,
	...passkeysEndpoints,
	...identityEndpoints,
	...contactEndpoints,
	...servicesEndpoints,
	...serviceSectionsEndpoints,
	...webhookDeliveriesEndpoints,
	...webhookRecoveryEndpoints,
	...activityEndpoints,
} as const satisfies Record<string, Endpoint>

export type EndpointName = keyof typeof endpoints

export const endpointList: ReadonlyArray<Endpoint & { name: EndpointName }> = (
	Object.entries(endpoints) as Array<[EndpointName, Endpoint]>
).map(([name, endpoint]) => ({ ...endpoint, name }))
