import { useTranslation } from 'react-i18next'
import { metaOf, pageMeta } from '#app/utils/meta'
import type { I18nHandle } from '#app/i18n'
import type { Route } from './+types/verifications-cancel'
import { getT } from '#app/middleware/i18n.server'
import { cancelReview, loadVerifications, reviewRefusalNow } from '#app/services/verifications.server'
import { verificationsPage } from '#app/services/pages'
import { ConfirmationPage } from '#app/components/services/confirmation-page'
import { confirmChange } from '#app/services/confirm.server'

export const handle = { i18n: ['verifications', 'identity'] } satisfies I18nHandle

export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)

export async function loader({ params, context }: Route.LoaderArgs) {
	const { service, review } = await loadVerifications(context, params.serviceId)
	const t = getT(context)
	return {
		service: { id: service.id, name: service.name },
		refusals: reviewRefusalNow(review, 'cancel'),
		...pageMeta(t, t('verifications:cancel.title', { name: service.name })),
	}
}

export async function action({ params, request, context }: Route.ActionArgs) {
	return confirmChange(
		{ context, request },
		() => cancelReview(context, params.serviceId),
		() => ({
			flash: { tone: 'success', key: 'verifications:cancel.done', section: 'review' },
			to: verificationsPage(params.serviceId, 'review'),
		}),
	)
}

export default function CancelReview({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation('verifications')
	const { service, refusals } = loaderData
	return (
		<ConfirmationPage
			id="cancel-review"
			back={verificationsPage(service.id, 'review')}
			backLabel={t('cancel.back')}
			refusedBackLabel={t('confirm.backToPage')}
			title={t('cancel.title', { name: service.name })}
			confirmLabel={t('cancel.confirm')}
			pendingLabel={t('cancel.pending')}
			warning
			refusals={refusals}
			lastResult={actionData?.result}
		>
			<p>{t('cancel.what')}</p>
			<p>{t('cancel.then')}</p>
		</ConfirmationPage>
	)
}
