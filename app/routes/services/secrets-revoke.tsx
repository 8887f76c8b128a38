import { useTranslation } from 'react-i18next'
import { metaOf, pageMeta } from '#app/utils/meta'
import type { I18nHandle } from '#app/i18n'
import type { Route } from './+types/secrets-revoke'
import { getT } from '#app/middleware/i18n.server'
import { serviceMessages } from '#app/api/contract/services'
import { canRevoke, revokeServiceSecret } from '#app/api/service-secrets.server'
import { findSecret, loadServiceSecrets } from '#app/services/secrets.server'
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
	const secret = findSecret(secrets, params.secretId)
	const other = secrets.find((candidate) => candidate.id !== secret.id)
	const t = getT(context)
	return {
		service: { id: service.id, name: service.name },
		secret: { hint: secret.hint },
		other: other ? { hint: other.hint } : null,
		refusal: canRevoke(secrets) ? null : serviceMessages.lastSecret,
		identity,
		...pageMeta(t, t('developers:secrets.revoke.title', { hint: secret.hint })),
	}
}

export async function action({ params, request, context }: Route.ActionArgs) {
	return confirmIdentityThenChange(
		{ context, request },
		() => revokeServiceSecret(getApi(context), params.serviceId, params.secretId),
		() => ({ flash: { tone: 'success', key: 'developers:secrets.revoke.done' }, to: developersPage(params.serviceId) }),
	)
}

export default function RevokeSecret({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation('developers')
	const { service, secret, other, refusal, identity } = loaderData
	return (
		<ConfirmationPage
			id="revoke-secret"
			back={developersPage(service.id)}
			backLabel={t('secrets.confirm.cancel')}
			refusedBackLabel={t('secrets.confirm.back')}
			title={t('secrets.revoke.title', { hint: secret.hint })}
			confirmLabel={t('secrets.revoke.confirm')}
			pendingLabel={t('secrets.revoke.pending')}
			warning
			refusals={refusal ? [refusal] : null}
			identity={identity}
			lastResult={actionData?.result}
		>
			<p>{t('secrets.revoke.what', { name: service.name })}</p>
			{other ? <p>{t('secrets.revoke.other', { hint: other.hint })}</p> : null}
			<p>{t('secrets.webhooks')}</p>
		</ConfirmationPage>
	)
}
