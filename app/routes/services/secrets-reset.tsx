import { useTranslation } from 'react-i18next'
import { metaOf, pageMeta } from '#app/utils/meta'
import type { I18nHandle } from '#app/i18n'
import type { Route } from './+types/secrets-reset'
import { getT } from '#app/middleware/i18n.server'
import { resetServiceSecret } from '#app/api/service-secrets.server'
import { keepSecretOnce, loadServiceSecrets } from '#app/services/secrets.server'
import { developersPage } from '#app/services/pages'
import { ConfirmationPage } from '#app/components/services/confirmation-page'
import { confirmIdentityThenChange, identityCheck } from '#app/services/identity.server'
import { revalidateWhenIdentityEnded } from '#app/services/identity'
import { getApi } from '#app/context.server'

export const handle = { i18n: ['developers', 'identity', 'auth'] } satisfies I18nHandle

export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)

export const shouldRevalidate = revalidateWhenIdentityEnded

export async function loader({ params, context, request }: Route.LoaderArgs) {
	const [{ service, secrets }, identity] = await Promise.all([
		loadServiceSecrets(context, params.serviceId),
		identityCheck({ context, request }),
	])
	const t = getT(context)
	return {
		service: { id: service.id, name: service.name },
		live: secrets.length,
		identity,
		...pageMeta(t, t('developers:secrets.reset.title', { name: service.name })),
	}
}

export async function action({ params, request, context }: Route.ActionArgs) {
	const { serviceId } = params
	return confirmIdentityThenChange(
		{ context, request },
		() => resetServiceSecret(getApi(context), params.serviceId),
		async (created) => {
			await keepSecretOnce(context, serviceId, created.secret)
			return { flash: { tone: 'success', key: 'developers:secrets.reset.done' }, to: developersPage(serviceId) }
		},
	)
}

export default function ResetSecret({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation('developers')
	const { service, live, identity } = loaderData
	return (
		<ConfirmationPage
			id="reset-secret"
			back={developersPage(service.id)}
			backLabel={t('secrets.confirm.cancel')}
			refusedBackLabel={t('secrets.confirm.back')}
			title={t('secrets.reset.title', { name: service.name })}
			confirmLabel={t('secrets.reset.confirm')}
			pendingLabel={t('secrets.reset.pending')}
			warning
			identity={identity}
			lastResult={actionData?.result}
		>
			<p>{t('secrets.reset.what')}</p>
			<p>
				<strong>{t('secrets.reset.stops', { count: live })}</strong>
			</p>
			<p>{t('secrets.webhooks')}</p>
			<p>{t('secrets.reset.instead')}</p>
		</ConfirmationPage>
	)
}
