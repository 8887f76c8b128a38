import { href } from 'react-router'

/** Where a confirmation page of a service goes back to, in the browser and after its action. */
export const developersPage = (serviceId: string) => href('/services/:serviceId/developers', { serviceId })

/** The developers page's signing secret section (where its rotation goes back to). */
export const SIGNING_SECRET_ID = 'signing-secret'
export const signingSecretSection = (serviceId: string) => `${developersPage(serviceId)}#${SIGNING_SECRET_ID}`

export const deliveryPage = (serviceId: string, deliveryId: string) =>
	href('/services/:serviceId/webhooks/deliveries/:deliveryId', { serviceId, deliveryId })

export const checkPage = (serviceId: string, checkId: string) =>
	href('/services/:serviceId/webhooks/checks/:checkId', { serviceId, checkId })

export const verificationsPage = (serviceId: string, section: 'domain' | 'review') =>
	`${href('/services/:serviceId/verifications', { serviceId })}#${section}`

/** The create form's heading on the services list, and the way to it (the list's own links, the dashboard's). */
export const CREATE_HEADING_ID = 'create-heading'
export const createServicePage = () => `${href('/services/manage')}#${CREATE_HEADING_ID}`
