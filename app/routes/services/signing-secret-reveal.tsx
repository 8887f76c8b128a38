import { useTranslation } from 'react-i18next'
import { redirect } from 'react-router'
import { metaOf, pageMeta } from '#app/utils/meta'
import type { Route } from './+types/signing-secret-reveal'
import { getT } from '#app/middleware/i18n.server'
import { identityConfirmationSeconds } from '#app/api/contract/constants'
import { signingSecrets } from '#app/api/webhook-deliveries.server'
import { signingSecretSection } from '#app/services/pages'
import { ConfirmationPage } from '#app/components/services/confirmation-page'
import { confirmIdentityThenChange, identityCheck } from '#app/services/identity.server'
import { revalidateWhenIdentityEnded } from '#app/services/identity'
import type { I18nHandle } from '#app/i18n'
import { getApi, getService } from '#app/context.server'

/** "Confirm it's you to reveal" (decision 0022); already confirmed, there is nothing to ask. */
export const handle = { i18n: ['developers', 'identity', 'auth'] } satisfies I18nHandle

export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)

export const shouldRevalidate = revalidateWhenIdentityEnded

export async function loader({ context, request }: Route.LoaderArgs) {
	const [service, identity] = await Promise.all([getService(context), identityCheck({ context, request })])
	if (identity.confirmed) throw redirect(signingSecretSection(service.id))
	const t = getT(context)
	return {
		service: { id: service.id, name: service.name },
		identity,
		...pageMeta(t, t('developers:signingSecret.reveal.title', { name: service.name })),
	}
}

export async function action({ params, request, context }: Route.ActionArgs) {
	const { serviceId } = params
	return confirmIdentityThenChange(
		{ context, request },
		// Nothing changes: the API is asked for the secrets to know the confirmation took (they are not kept here).
		async () => {
			await signingSecrets(getApi(context), serviceId)
		},
		() => ({
			flash: {
				tone: 'success',
				key: 'developers:signingSecret.reveal.done',
				values: { count: identityConfirmationSeconds / 60 },
			},
			to: signingSecretSection(serviceId),
		}),
	)
}

export default function RevealSigningSecret({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation('developers')
	const { service, identity } = loaderData
	return (
		<ConfirmationPage
			id="reveal-signing-secret"
			back={signingSecretSection(service.id)}
			backLabel={t('signingSecret.rotate.cancel')}
			refusedBackLabel={t('secrets.confirm.back')}
			title={t('signingSecret.reveal.title', { name: service.name })}
			confirmLabel={t('signingSecret.reveal.confirm')}
			pendingLabel={t('signingSecret.reveal.pending')}
			identity={identity}
			lastResult={actionData?.result}
		>
			<p>{t('signingSecret.reveal.what', { count: identityConfirmationSeconds / 60 })}</p>
		</ConfirmationPage>
	)
}
