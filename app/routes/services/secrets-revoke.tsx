import { metaOf } from '#app/utils/meta'
import type { I18nHandle } from '#app/i18n'
import type { Route } from './+types/secrets-revoke'
import { serviceMessages } from '#app/api/contract/services'
import { canRevoke } from '#app/api/service-secrets.server'
import { findSecret, loadServiceSecrets } from '#app/services/secrets.server'
import { developersPage } from '#app/services/pages'
import { confirmationPage } from '#app/components/services/confirmation-page'
import { confirmationAction, confirmationLoader } from '#app/services/confirmation.server'
import { revalidateWhenIdentityEnded } from '#app/services/identity'
import { getApi } from '#app/context.server'

export const handle = { i18n: ['developers', 'identity', 'auth'] } satisfies I18nHandle
export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)
export const shouldRevalidate = revalidateWhenIdentityEnded

export const loader = confirmationLoader('ask', async ({ params, context }: Route.LoaderArgs, t) => {
	const { service, secrets } = await loadServiceSecrets(context, params.serviceId)
	const secret = findSecret(secrets, params.secretId)
	const other = secrets.find((candidate) => candidate.id !== secret.id)
	return {
		back: developersPage(service.id),
		heading: t('developers:secrets.revoke.title', { hint: secret.hint }),
		name: service.name,
		other: other ? { hint: other.hint } : null,
		refusals: canRevoke(secrets) ? null : [serviceMessages.lastSecret],
	}
})

export const action = confirmationAction({
	identity: true,
	change: ({ params, context }: Route.ActionArgs) =>
		getApi(context).call('revokeServiceSecret', { params: { id: params.serviceId, secretId: params.secretId } }),
	done: ({ params }) => ({ key: 'developers:secrets.revoke.done', to: developersPage(params.serviceId) }),
})

export default confirmationPage({
	ns: 'developers',
	id: 'revoke-secret',
	verb: 'secrets.revoke',
	backLabel: 'secrets.confirm.cancel',
	refusedBackLabel: 'secrets.confirm.back',
	warning: true,
	body: (t, { name, other }: Route.ComponentProps['loaderData']) => (
		<>
			<p>{t('secrets.revoke.what', { name })}</p>
			{other ? <p>{t('secrets.revoke.other', { hint: other.hint })}</p> : null}
			<p>{t('secrets.webhooks')}</p>
		</>
	),
})
