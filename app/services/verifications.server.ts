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
