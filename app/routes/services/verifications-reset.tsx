import { useTranslation } from 'react-i18next'
import { metaOf, pageMeta } from '#app/utils/meta'
import type { I18nHandle } from '#app/i18n'
import type { Route } from './+types/verifications-reset'
import { getT } from '#app/middleware/i18n.server'
import { resetDomainVerification } from '#app/services/verifications.server'
import { verificationsPage } from '#app/services/pages'
import { ConfirmationPage } from '#app/components/services/confirmation-page'
import { confirmChange } from '#app/services/confirm.server'
import { getService } from '#app/context.server'

export const handle = { i18n: ['verifications', 'identity'] } satisfies I18nHandle

// The action, not the domain: a long domain would push the title past 70 characters (html-validate's long-title).
export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)

export async function loader({ context }: Route.LoaderArgs) {
	const service = await getService(context)
	const t = getT(context)
	return {
		serviceId: service.id,
		domain: service.domain_verification.domain,
		verified: service.domain_verification.status === 'verified',
		...pageMeta(t, t('verifications:reset.confirm')),
	}
}

export async function action({ params, request, context }: Route.ActionArgs) {
	return confirmChange(
		{ context, request },
		() => resetDomainVerification(context, params.serviceId),
		() => ({
			flash: { tone: 'success', key: 'verifications:reset.done' },
			to: verificationsPage(params.serviceId, 'domain'),
		}),
	)
}

export default function ResetDomainVerification({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation('verifications')
	const { serviceId, domain, verified } = loaderData
	return (
		<ConfirmationPage
			id="reset-domain-verification"
			back={verificationsPage(serviceId, 'domain')}
			backLabel={t('reset.back')}
			refusedBackLabel={t('confirm.backToPage')}
			title={t('reset.title', { domain })}
			confirmLabel={t('reset.confirm')}
			pendingLabel={t('reset.pending')}
			warning
			lastResult={actionData?.result}
		>
			<p>{t('reset.what')}</p>
			{verified ? (
				<p>
					<strong>{t('reset.verified')}</strong>
				</p>
			) : null}
			<p>{t('reset.then')}</p>
		</ConfirmationPage>
	)
}
