import { metaOf } from '#app/utils/meta'
import type { I18nHandle } from '#app/i18n'
import type { Route } from './+types/verifications-reset'
import { verificationsPage } from '#app/services/pages'
import { confirmationPage } from '#app/components/services/confirmation-page'
import { confirmationAction, confirmationLoader } from '#app/services/confirmation.server'
import { getApi, getService } from '#app/context.server'

export const handle = { i18n: ['verifications', 'identity'] } satisfies I18nHandle
export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)

export const loader = confirmationLoader(null, async ({ context }: Route.LoaderArgs, t) => {
	const service = await getService(context)
	const { domain, status } = service.domain_verification
	return {
		back: verificationsPage(service.id, 'domain'),
		heading: t('verifications:reset.title', { domain }),
		// The action, not the domain: a long domain would push the title past 70 characters (html-validate's long-title).
		metaTitle: t('verifications:reset.confirm'),
		verified: status === 'verified',
	}
})

export const action = confirmationAction({
	identity: false,
	change: ({ params, context }: Route.ActionArgs) =>
		getApi(context).call('resetServiceDomainVerification', { params: { id: params.serviceId } }),
	done: ({ params }) => ({ key: 'verifications:reset.done', to: verificationsPage(params.serviceId, 'domain') }),
})

export default confirmationPage({
	ns: 'verifications',
	id: 'reset-domain-verification',
	verb: 'reset',
	backLabel: 'reset.back',
	refusedBackLabel: 'confirm.backToPage',
	warning: true,
	body: (t, { verified }: Route.ComponentProps['loaderData']) => (
		<>
			<p>{t('reset.what')}</p>
			{verified ? (
				<p>
					<strong>{t('reset.verified')}</strong>
				</p>
			) : null}
			<p>{t('reset.then')}</p>
		</>
	),
})
