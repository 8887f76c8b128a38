import { useTranslation } from 'react-i18next'
import { fixedT } from '#app/i18n'
import type { Route } from './+types/signing-secret-rotate'
import { webhookSignature } from '#app/api/contract/webhooks'
import { rotateSigningSecret } from '#app/api/webhook-deliveries.server'
import { getApi } from '#app/middleware/session.server'
import { loadService } from '#app/services/load.server'
import { signingSecretSection } from '#app/services/pages'
import { loadSigningSecrets } from '#app/services/webhook-signing.server'
import { ConfirmationPage } from '#app/components/services/confirmation-page'
import { confirmChange } from '#app/services/confirm.server'

export const handle = { i18n: ['webhooks'] }

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{
		title: fixedT('common:pageTitle', {
			title: fixedT('webhooks:signingSecret.rotate.title', { name: loaderData?.service.name }),
		}),
	},
]

export async function loader({ params, context }: Route.LoaderArgs) {
	const [service, secrets] = await Promise.all([
		loadService(context, params.serviceId),
		loadSigningSecrets(context, params.serviceId),
	])
	return {
		service: { id: service.id, name: service.name },
		// A rotation within a day of the last one ends the secret that is still finishing.
		ending: secrets.find((secret) => secret.expires_at !== null)?.hint ?? null,
	}
}

export async function action({ params, request, context }: Route.ActionArgs) {
	const { serviceId } = params
	return confirmChange(
		{ context, request },
		() => rotateSigningSecret(getApi(context), serviceId),
		() => ({
			flash: { tone: 'success', key: 'webhooks:signingSecret.rotate.done' },
			to: signingSecretSection(serviceId),
		}),
	)
}

export default function RotateSigningSecret({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation('webhooks')
	const { service, ending } = loaderData
	const hours = webhookSignature.rotationOverlapSeconds / 3600
	return (
		<ConfirmationPage
			id="rotate-signing-secret"
			back={signingSecretSection(service.id)}
			backLabel={t('signingSecret.rotate.cancel')}
			refusedBackLabel={t('services:secrets.confirm.back')}
			title={t('signingSecret.rotate.title', { name: service.name })}
			confirmLabel={t('signingSecret.rotate.confirm')}
			pendingLabel={t('signingSecret.rotate.pending')}
			lastResult={actionData?.result}
		>
			<p>{t('signingSecret.rotate.what', { count: hours })}</p>
			<p>{t('signingSecret.rotate.then', { count: hours })}</p>
			{ending ? <p>{t('signingSecret.rotate.ending', { hint: ending })}</p> : null}
		</ConfirmationPage>
	)
}
