import { useTranslation } from 'react-i18next'
import { metaOf, pageMeta } from '#app/utils/meta'
import type { I18nHandle } from '#app/i18n'
import type { Route } from './+types/verifications-submit'
import { getT } from '#app/middleware/i18n.server'
import { loadVerifications, reviewRefusalNow, submitReview } from '#app/services/verifications.server'
import { verificationsPage } from '#app/services/pages'
import { ConfirmationPage } from '#app/components/services/confirmation-page'
import { confirmChange } from '#app/services/confirm.server'
import { reviewTypicalWorkingDays } from '#app/api/contract/constants'

export const handle = { i18n: ['verifications', 'identity'] } satisfies I18nHandle

export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)

export async function loader({ params, context }: Route.LoaderArgs) {
	const { service, review } = await loadVerifications(context, params.serviceId)
	const t = getT(context)
	return {
		service: { id: service.id, name: service.name },
		refusals: reviewRefusalNow(review, 'submit'),
		...pageMeta(t, t('verifications:submit.title', { name: service.name })),
	}
}

export async function action({ params, request, context }: Route.ActionArgs) {
	return confirmChange(
		{ context, request },
		() => submitReview(context, params.serviceId),
		() => ({
			flash: {
				tone: 'success',
				key: 'verifications:submit.done',
				values: { count: reviewTypicalWorkingDays },
				section: 'review',
			},
			to: verificationsPage(params.serviceId, 'review'),
		}),
	)
}

export default function SubmitReview({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation('verifications')
	const { service, refusals } = loaderData
	return (
		<ConfirmationPage
			id="submit-review"
			back={verificationsPage(service.id, 'review')}
			backLabel={t('submit.back')}
			refusedBackLabel={t('confirm.backToPage')}
			title={t('submit.title', { name: service.name })}
			confirmLabel={t('submit.confirm')}
			pendingLabel={t('submit.pending')}
			refusals={refusals}
			lastResult={actionData?.result}
		>
			<p>{t('submit.what')}</p>
			<p>{t('review.timing', { count: reviewTypicalWorkingDays })}</p>
			<p>{t('submit.meanwhile')}</p>
		</ConfirmationPage>
	)
}
