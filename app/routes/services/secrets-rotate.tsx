import { metaOf } from '#app/utils/meta'
import type { I18nHandle } from '#app/i18n'
import type { Route } from './+types/secrets-rotate'
import { serviceMessages } from '#app/api/contract/services'
import { canRotate } from '#app/api/service-secrets.server'
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
	return {
		back: developersPage(service.id),
		heading: t('developers:secrets.rotate.title', { name: service.name }),
		refusals: canRotate(secrets) ? null : [serviceMessages.tooManySecrets],
	}
})

export const action = confirmationAction({
	identity: true,
	change: ({ params, context }: Route.ActionArgs) =>
		getApi(context).call('rotateServiceSecret', { params: { id: params.serviceId } }),
	after: ({ data }, { params, context }) => keepSecretOnce(context, params.serviceId, data.secret),
	done: ({ params }) => ({ key: 'developers:secrets.rotate.done', to: developersPage(params.serviceId) }),
})

export default confirmationPage({
	ns: 'developers',
	id: 'rotate-secret',
	verb: 'secrets.rotate',
	backLabel: 'secrets.confirm.cancel',
	refusedBackLabel: 'secrets.confirm.back',
	body: (t) => (
		<>
			<p>{t('secrets.rotate.what')}</p>
			<p>{t('secrets.webhooks')}</p>
			<p>{t('secrets.rotate.then')}</p>
		</>
	),
})
