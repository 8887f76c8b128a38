import { useTranslation, fixedT } from '#app/i18n'
import type { Route } from './+types/secrets-rotate'
import { serviceMessages } from '#app/api/contract/services'
import { canRotate, rotateServiceSecret } from '#app/api/service-secrets.server'
import { getApi } from '#app/middleware/session.server'
import { backToDevelopers, loadServiceSecrets, secretChangeFailed } from '#app/services/secrets.server'
import { SecretConfirmation } from '#app/components/services/secret-confirmation'

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{
		title: fixedT('common:pageTitle', {
			title: fixedT('services:secrets.rotate.title', { name: loaderData?.service.name }),
		}),
	},
]

export async function loader({ params, context }: Route.LoaderArgs) {
	const { service, secrets } = await loadServiceSecrets(context, params.serviceId)
	return {
		service: { id: service.id, name: service.name },
		refusal: canRotate(secrets) ? null : serviceMessages.tooManySecrets,
	}
}

export async function action({ params, request, context }: Route.ActionArgs) {
	let created
	try {
		created = await rotateServiceSecret(getApi(context), params.serviceId)
	} catch (error) {
		return secretChangeFailed(error, context, request)
	}
	return backToDevelopers(
		context,
		params.serviceId,
		{ tone: 'success', key: 'services:secrets.rotate.done' },
		created.secret,
	)
}

export default function RotateSecret({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation('services')
	const { service, refusal } = loaderData
	return (
		<SecretConfirmation
			id="rotate-secret"
			serviceId={service.id}
			title={t('secrets.rotate.title', { name: service.name })}
			confirmLabel={t('secrets.rotate.confirm')}
			pendingLabel={t('secrets.rotate.pending')}
			refusal={refusal}
			lastResult={actionData?.result}
		>
			<p>{t('secrets.rotate.what')}</p>
			<p>{t('secrets.rotate.webhooks')}</p>
			<p>{t('secrets.rotate.then')}</p>
		</SecretConfirmation>
	)
}
