import { useTranslation } from 'react-i18next'
import { metaOf, pageMeta } from '#app/utils/meta'
import type { I18nHandle } from '#app/i18n'
import type { Route } from './+types/secrets-rotate'
import { getT } from '#app/middleware/i18n.server'
import { serviceMessages } from '#app/api/contract/services'
import { canRotate, rotateServiceSecret } from '#app/api/service-secrets.server'
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
		refusal: canRotate(secrets) ? null : serviceMessages.tooManySecrets,
		identity,
		...pageMeta(t, t('developers:secrets.rotate.title', { name: service.name })),
	}
}

export async function action({ params, request, context }: Route.ActionArgs) {
	const { serviceId } = params
	return confirmIdentityThenChange(
		{ context, request },
		() => rotateServiceSecret(getApi(context), params.serviceId),
		async (created) => {
			await keepSecretOnce(context, serviceId, created.secret)
			return { flash: { tone: 'success', key: 'developers:secrets.rotate.done' }, to: developersPage(serviceId) }
		},
	)
}

export default function RotateSecret({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation('developers')
	const { service, refusal, identity } = loaderData
	return (
		<ConfirmationPage
			id="rotate-secret"
			back={developersPage(service.id)}
			backLabel={t('secrets.confirm.cancel')}
			refusedBackLabel={t('secrets.confirm.back')}
			title={t('secrets.rotate.title', { name: service.name })}
			confirmLabel={t('secrets.rotate.confirm')}
			pendingLabel={t('secrets.rotate.pending')}
			refusals={refusal ? [refusal] : null}
			identity={identity}
			lastResult={actionData?.result}
		>
			<p>{t('secrets.rotate.what')}</p>
			<p>{t('secrets.webhooks')}</p>
			<p>{t('secrets.rotate.then')}</p>
		</ConfirmationPage>
	)
}
