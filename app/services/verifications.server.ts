// Decision 0013.
import { type RouterContextProvider } from 'react-router'
import { reviewTypicalWorkingDays } from '#app/api/contract/constants'
import {
	reviewChecklistMessages,
	reviewTransition,
	reviewTransitionMessage,
	type ReviewAction,
	type ServiceReview,
} from '#app/api/contract/service-sections'
import { getApi, getService } from '#app/context.server'
import { confirmationAction, confirmationLoader, type ConfirmationArgs } from './confirmation.server'
import { rethrowNotFound } from './load.server'
import { verificationsPage } from './pages'

type Verb = Extract<ReviewAction, 'submit' | 'cancel'>
type ReviewArgs = ConfirmationArgs & { params: { serviceId: string } }

export async function loadVerifications(context: Readonly<RouterContextProvider>, serviceId: string) {
	const [service, review] = await Promise.all([
		getService(context),
		getApi(context)
			.call('getServiceReview', { params: { id: serviceId } })
			.then(({ data }) => data, rethrowNotFound),
	])
	return { service, review }
}

/** The contract's messages the API would refuse `action` with now; null when it would go through. */
function reviewRefusalNow(review: ServiceReview, action: Verb) {
	if (!reviewTransition(action, review.status)) return [reviewTransitionMessage(action, review.status)]
	if (action === 'submit') {
		const unmet = review.checklist.filter((item) => !item.done).map((item) => reviewChecklistMessages[item.key])
		if (unmet.length) return unmet
	}
	return null
}

/** Submitting the service for review and cancelling it: one confirmation page, back in the review's section. */
export const reviewLoader = (verb: Verb) =>
	confirmationLoader(null, async ({ params, context }: ReviewArgs, t) => {
		const { service, review } = await loadVerifications(context, params.serviceId)
		return {
			back: verificationsPage(service.id, 'review'),
			heading: t(`verifications:${verb}.title`, { name: service.name }),
			refusals: reviewRefusalNow(review, verb),
		}
	})

export const reviewAction = (verb: Verb) =>
	confirmationAction({
		identity: false,
		change: ({ params, context }: ReviewArgs) =>
			getApi(context).call(verb === 'submit' ? 'submitServiceReview' : 'cancelServiceReview', {
				params: { id: params.serviceId },
			}),
		done: ({ params }) => ({
			key: `verifications:${verb}.done`,
			...(verb === 'submit' ? { values: { count: reviewTypicalWorkingDays } } : {}),
			section: 'review',
			to: verificationsPage(params.serviceId, 'review'),
		}),
	})
