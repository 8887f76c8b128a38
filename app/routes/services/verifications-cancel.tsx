import { useTranslation } from 'react-i18next'
import { metaOf, pageMeta } from '#app/utils/meta'
import type { Route } from './+types/verifications-cancel'
import { getT } from '#app/middleware/i18n.server'
import { cancelReview, loadVerifications, reviewRefusalNow } from '#app/services/verifications.server'
import { verificationsPage } from '#app/services/pages'
import { ConfirmationPage } from '#app/components/services/confirmation-page'
import { confirmChange } from '#app/services/confirm.server'

export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)

export async function loader({ params, context }: Route.LoaderArgs) {
	const { service, review } = await loadVerifications(context, params.serviceId)
	const t = getT(context)
	return {
		service: { id: service.id, name: service.name },
		refusals: reviewRefusalNow(review, 'cancel'),
		...pageMeta(t, t('services:verifications.cancel.title', { name: service.name })),
	}
}

export async function action({ params, request, context }: Route.ActionArgs) {
	return confirmChange(
		{ context, request },
		() => cancelReview(context, params.serviceId),
		() => ({
			flash: { tone: 'success', key: 'services:verifications.cancel.done', section: 'review' },
			to: verificationsPage(params.serviceId, 'review'),
		}),
	)
}

export default function CancelReview({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation('services')
	const { service, refusals } = loaderData
	return (
		<ConfirmationPage
			id="cancel-review"
			back={verificationsPage(service.id, 'review')}
			backLabel={t('verifications.cancel.back')}
			refusedBackLabel={t('verifications.confirm.backToPage')}
			title={t('verifications.cancel.title', { name: service.name })}
			confirmLabel={t('verifications.cancel.confirm')}
			pendingLabel={t('verifications.cancel.pending')}
			warning
			refusals={refusals}
			lastResult={actionData?.result}
		>
			<p>{t('verifications.cancel.what')}</p>
			<p>{t('verifications.cancel.then')}</p>
		</ConfirmationPage>
	)
}
