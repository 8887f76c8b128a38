import { reviewTypicalWorkingDays } from '#app/api/contract/constants'
import { confirmationAction, confirmationLoader, type ConfirmationArgs } from './confirmation.server'

type ReviewArgs = ConfirmationArgs & { params: { serviceId: string } }
import { verificationsPage } from './pages'
import { getApi } from '#app/context.server'
import { loadVerifications, reviewRefusalNow } from './verifications.server'

type Verb = 'submit' | 'cancel'

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
