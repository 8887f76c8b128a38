import { useTranslation, fixedT } from '#app/i18n'
import { href } from 'react-router'
import type { Route } from './+types/verifications-submit'
import {
	backToVerifications,
	submitReview,
	loadVerifications,
	reviewRefusalNow,
	verificationChangeFailed,
} from '#app/services/verifications.server'
import { VerificationConfirmation } from '#app/components/services/verification-confirmation'

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{
		title: fixedT('common:pageTitle', {
			title: fixedT('services:verifications.submit.title', { name: loaderData?.service.name }),
		}),
	},
]

export async function loader({ params, context }: Route.LoaderArgs) {
	const { service, review } = await loadVerifications(context, params.serviceId)
	return { service: { id: service.id, name: service.name }, refusals: reviewRefusalNow(review, 'submit') }
}

export async function action({ params, request, context }: Route.ActionArgs) {
	try {
		await submitReview(context, params.serviceId)
	} catch (error) {
		return verificationChangeFailed(error, context, request)
	}
	return backToVerifications(
		context,
		params.serviceId,
		{ tone: 'success', key: 'services:verifications.submit.done' },
		'review',
	)
}

export default function SubmitReview({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation('services')
	const { service, refusals } = loaderData
	return (
		<VerificationConfirmation
			id="submit-review"
			back={`${href('/services/:serviceId/verifications', { serviceId: service.id })}#review`}
			backLabel={t('verifications.submit.back')}
			title={t('verifications.submit.title', { name: service.name })}
			confirmLabel={t('verifications.submit.confirm')}
			pendingLabel={t('verifications.submit.pending')}
			refusals={refusals}
			lastResult={actionData?.result}
		>
			<p>{t('verifications.submit.what')}</p>
			<p>{t('verifications.submit.meanwhile')}</p>
		</VerificationConfirmation>
	)
}
