import { metaOf } from '#app/utils/meta'
import type { I18nHandle } from '#app/i18n'
import type { Route } from './+types/secrets-reset'
import { keepSecretOnce, loadServiceSecrets } from '#app/services/secrets.server'
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
	const heading = t('developers:secrets.reset.title', { name: service.name })
	return { back: developersPage(service.id), heading, live: secrets.length }
})

export const action = confirmationAction({
	identity: true,
	change: ({ params, context }: Route.ActionArgs) =>
		getApi(context).call('resetServiceSecret', { params: { id: params.serviceId } }),
	after: ({ data }, { params, context }) => keepSecretOnce(context, params.serviceId, data.secret),
	done: ({ params }) => ({ key: 'developers:secrets.reset.done', to: developersPage(params.serviceId) }),
})

export default confirmationPage({
	ns: 'developers',
	id: 'reset-secret',
	verb: 'secrets.reset',
	backLabel: 'secrets.confirm.cancel',
	refusedBackLabel: 'secrets.confirm.back',
	warning: true,
	body: (t, { live }: Route.ComponentProps['loaderData']) => (
		<>
			<p>{t('secrets.reset.what')}</p>
			<p>
				<strong>{t('secrets.reset.stops', { count: live })}</strong>
			</p>
			<p>{t('secrets.webhooks')}</p>
			<p>{t('secrets.reset.instead')}</p>
		</>
	),
})
