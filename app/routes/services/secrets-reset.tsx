import { useTranslation, fixedT } from '#app/i18n'
import type { Route } from './+types/secrets-reset'
import { resetServiceSecret } from '#app/api/service-secrets.server'
import { getApi } from '#app/middleware/session.server'
import { backToDevelopers, loadServiceSecrets, secretChangeFailed } from '#app/services/secrets.server'
import { SecretConfirmation } from '#app/components/services/secret-confirmation'

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{
		title: fixedT('common:pageTitle', {
			title: fixedT('services:secrets.reset.title', { name: loaderData?.service.name }),
		}),
	},
]

export async function loader({ params, context }: Route.LoaderArgs) {
	const { service, secrets } = await loadServiceSecrets(context, params.serviceId)
	return { service: { id: service.id, name: service.name }, live: secrets.length }
}

export async function action({ params, request, context }: Route.ActionArgs) {
	let created
	try {
		created = await resetServiceSecret(getApi(context), params.serviceId)
	} catch (error) {
		return secretChangeFailed(error, context, request)
	}
	return backToDevelopers(
		context,
		params.serviceId,
		{ tone: 'success', key: 'services:secrets.reset.done' },
		created.secret,
	)
}

export default function ResetSecret({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation('services')
	const { service, live } = loaderData
	return (
		<SecretConfirmation
			id="reset-secret"
			serviceId={service.id}
			title={t('secrets.reset.title', { name: service.name })}
			confirmLabel={t('secrets.reset.confirm')}
			pendingLabel={t('secrets.reset.pending')}
			warning
			lastResult={actionData?.result}
		>
			<p>{t('secrets.reset.what')}</p>
			<p>
				<strong>{t('secrets.reset.stops', { count: live })}</strong>
			</p>
			<p>{t('secrets.reset.instead')}</p>
		</SecretConfirmation>
	)
}
