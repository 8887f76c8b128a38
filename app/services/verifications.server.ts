/**
 * The verifications page of a service (domain verification and review,
 * docs/decisions/0013-services-part-2.md) and its confirmation pages (reset
 * the verification details, submit, cancel) on top of the partner API:
 * loading with the same 404 as `loadService` and what the API would refuse
 * before the partner tries (a refused change: `confirmChange`).
 */
import { type RouterContextProvider } from 'react-router'
import {
	reviewChecklistMessages,
	reviewTransition,
	reviewTransitionMessage,
	type ReviewAction,
	type ServiceReview,
} from '#app/api/contract/service-sections'
import { getApi, getService } from '#app/context.server'
import { rethrowNotFound } from './load.server'

type Context = Readonly<RouterContextProvider>

/** The signed-in partner's service and its review; anyone else's or a malformed id is a 404. */
export async function loadVerifications(context: Context, serviceId: string) {
	const [service, review] = await Promise.all([
		getService(context),
		getApi(context)
			.call('getServiceReview', { params: { id: serviceId } })
			.then(({ data }) => data, rethrowNotFound),
	])
	return { service, review }
}

/**
 * Why the API would refuse `action` now, in its own words (the contract's
 * messages): a transition the state table does not allow, or, for a submit,
 * every unmet checklist item. Null when it would go through.
 */
export function reviewRefusalNow(review: ServiceReview, action: Extract<ReviewAction, 'submit' | 'cancel'>) {
	if (!reviewTransition(action, review.status)) return [reviewTransitionMessage(action, review.status)]
	if (action === 'submit') {
		const unmet = review.checklist.filter((item) => !item.done).map((item) => reviewChecklistMessages[item.key])
		if (unmet.length) return unmet
	}
	return null
}

/** Checks both ways now: the service, its domain `verified` or `failed` with what was found. */
export async function verifyDomain(context: Context, serviceId: string) {
	return (await getApi(context).call('verifyServiceDomain', { params: { id: serviceId } })).data
}

/** A new token; the old one proves nothing from now on. */
export async function resetDomainVerification(context: Context, serviceId: string) {
	return (await getApi(context).call('resetServiceDomainVerification', { params: { id: serviceId } })).data
}

export async function submitReview(context: Context, serviceId: string) {
	return (await getApi(context).call('submitServiceReview', { params: { id: serviceId } })).data
}

export async function cancelReview(context: Context, serviceId: string) {
	return (await getApi(context).call('cancelServiceReview', { params: { id: serviceId } })).data
}
