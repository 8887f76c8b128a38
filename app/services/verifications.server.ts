// Decision 0013.
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

export async function loadVerifications(context: Context, serviceId: string) {
	const [service, review] = await Promise.all([
		getService(context),
		getApi(context)
			.call('getServiceReview', { params: { id: serviceId } })
			.then(({ data }) => data, rethrowNotFound),
	])
	return { service, review }
}

/** The contract's messages the API would refuse `action` with now; null when it would go through. */
export function reviewRefusalNow(review: ServiceReview, action: Extract<ReviewAction, 'submit' | 'cancel'>) {
	if (!reviewTransition(action, review.status)) return [reviewTransitionMessage(action, review.status)]
	if (action === 'submit') {
		const unmet = review.checklist.filter((item) => !item.done).map((item) => reviewChecklistMessages[item.key])
		if (unmet.length) return unmet
	}
	return null
}

export async function verifyDomain(context: Context, serviceId: string) {
	return (await getApi(context).call('verifyServiceDomain', { params: { id: serviceId } })).data
}

export async function resetDomainVerification(context: Context, serviceId: string) {
	return (await getApi(context).call('resetServiceDomainVerification', { params: { id: serviceId } })).data
}

export async function submitReview(context: Context, serviceId: string) {
	return (await getApi(context).call('submitServiceReview', { params: { id: serviceId } })).data
}

export async function cancelReview(context: Context, serviceId: string) {
	return (await getApi(context).call('cancelServiceReview', { params: { id: serviceId } })).data
}
