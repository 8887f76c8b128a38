import { href } from 'react-router'

/** Where a confirmation page of a service goes back to, in the browser and after its action. */
export const developersPage = (serviceId: string) => href('/services/:serviceId/developers', { serviceId })

export const verificationsPage = (serviceId: string, section: 'domain' | 'review') =>
	`${href('/services/:serviceId/verifications', { serviceId })}#${section}`
