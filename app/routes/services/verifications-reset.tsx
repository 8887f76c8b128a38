import { useTranslation, fixedT } from '#app/i18n'
import { href } from 'react-router'
import type { Route } from './+types/verifications-reset'
import { loadService } from '#app/services/load.server'
import {
	backToVerifications,
	resetDomainVerification,
	verificationChangeFailed,
} from '#app/services/verifications.server'
import { VerificationConfirmation } from '#app/components/services/verification-confirmation'

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{
		title: fixedT('common:pageTitle', {
			title: fixedT('services:verifications.reset.title', { domain: loaderData?.domain }),
		}),
	},
]

export async function loader({ params, context }: Route.LoaderArgs) {
	const service = await loadService(context, params.serviceId)
	return {
		serviceId: service.id,
		domain: service.domain_verification.domain,
		verified: service.domain_verification.status === 'verified',
	}
}

export async function action({ params, request, context }: Route.ActionArgs) {
	try {
		await resetDomainVerification(context, params.serviceId)
	} catch (error) {
		return verificationChangeFailed(error, context, request)
	}
	return backToVerifications(
		context,
		params.serviceId,
		{ tone: 'success', key: 'services:verifications.reset.done' },
		'domain',
	)
}

export default function ResetDomainVerification({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation('services')
	const { serviceId, domain, verified } = loaderData
	return (
		<VerificationConfirmation
			id="reset-domain-verification"
			back={`${href('/services/:serviceId/verifications', { serviceId })}#domain`}
			backLabel={t('verifications.reset.back')}
			title={t('verifications.reset.title', { domain })}
			confirmLabel={t('verifications.reset.confirm')}
			pendingLabel={t('verifications.reset.pending')}
			warning
			lastResult={actionData?.result}
		>
			<p>{t('verifications.reset.what')}</p>
			{verified ? (
				<p>
					<strong>{t('verifications.reset.verified')}</strong>
				</p>
			) : null}
			<p>{t('verifications.reset.then')}</p>
		</VerificationConfirmation>
	)
}
