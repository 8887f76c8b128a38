import { useTranslation, fixedT } from '#app/i18n'
import { href } from 'react-router'
import type { Route } from './+types/verifications-cancel'
import {
	backToVerifications,
	cancelReview,
	loadVerifications,
	reviewRefusalNow,
	verificationChangeFailed,
} from '#app/services/verifications.server'
import { VerificationConfirmation } from '#app/components/services/verification-confirmation'

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{
		title: fixedT('common:pageTitle', {
			title: fixedT('services:verifications.cancel.title', { name: loaderData?.service.name }),
		}),
	},
]

export async function loader({ params, context }: Route.LoaderArgs) {
	const { service, review } = await loadVerifications(context, params.serviceId)
	return { service: { id: service.id, name: service.name }, refusals: reviewRefusalNow(review, 'cancel') }
}

export async function action({ params, request, context }: Route.ActionArgs) {
	try {
		await cancelReview(context, params.serviceId)
	} catch (error) {
		return verificationChangeFailed(error, context, request)
	}
	return backToVerifications(
		context,
		params.serviceId,
		{ tone: 'success', key: 'services:verifications.cancel.done' },
		'review',
	)
}

export default function CancelReview({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation('services')
	const { service, refusals } = loaderData
	return (
		<VerificationConfirmation
			id="cancel-review"
			back={`${href('/services/:serviceId/verifications', { serviceId: service.id })}#review`}
			backLabel={t('verifications.cancel.back')}
			title={t('verifications.cancel.title', { name: service.name })}
			confirmLabel={t('verifications.cancel.confirm')}
			pendingLabel={t('verifications.cancel.pending')}
			warning
			refusals={refusals}
			lastResult={actionData?.result}
		>
			<p>{t('verifications.cancel.what')}</p>
			<p>{t('verifications.cancel.then')}</p>
		</VerificationConfirmation>
	)
}
