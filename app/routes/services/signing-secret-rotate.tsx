import { useTranslation } from 'react-i18next'
import { metaOf, pageMeta } from '#app/utils/meta'
import type { Route } from './+types/signing-secret-rotate'
import { getT } from '#app/middleware/i18n.server'
import { webhookSignature } from '#app/api/contract/webhook-signature'
import { rotateSigningSecret } from '#app/api/webhook-deliveries.server'
import { signingSecretSection } from '#app/services/pages'
import { explainRotationRefusal, loadSigningSecrets } from '#app/services/webhook-signing.server'
import { ConfirmationPage } from '#app/components/services/confirmation-page'
import { confirmIdentityThenChange, identityCheck } from '#app/services/identity.server'
import { revalidateWhenIdentityEnded } from '#app/services/identity'
import { formatDateTime } from '#app/utils/date-time'
import type { I18nHandle } from '#app/i18n'
import { getApi, getService } from '#app/context.server'

export const handle = { i18n: ['developers', 'identity', 'auth'] } satisfies I18nHandle

export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)

export const shouldRevalidate = revalidateWhenIdentityEnded

export async function loader({ params, context, request }: Route.LoaderArgs) {
	const [service, identity, secrets] = await Promise.all([
		getService(context),
		identityCheck({ context, request }),
		// Null until this sign-in confirms it's the partner: the API then says it when the rotation is asked.
		loadSigningSecrets(context, params.serviceId),
	])
	const t = getT(context)
	return {
		service: { id: service.id, name: service.name },
		identity,
		// The previous secret still signs (the last rotation's overlap): the API refuses a rotation until it stops.
		previousUntil: secrets?.find((secret) => secret.expires_at !== null)?.expires_at ?? null,
		...pageMeta(t, t('developers:signingSecret.rotate.title', { name: service.name })),
	}
}

export async function action({ params, request, context }: Route.ActionArgs) {
	const { serviceId } = params
	return confirmIdentityThenChange(
		{ context, request },
		() => rotateSigningSecret(getApi(context), serviceId),
		() => ({
			flash: { tone: 'success', key: 'developers:signingSecret.rotate.done' },
			to: signingSecretSection(serviceId),
		}),
		{ explain: explainRotationRefusal(context) },
	)
}

export default function RotateSigningSecret({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation('developers')
	const { service, identity, previousUntil } = loaderData
	const hours = webhookSignature.rotationOverlapSeconds / 3600
	return (
		<ConfirmationPage
			id="rotate-signing-secret"
			back={signingSecretSection(service.id)}
			backLabel={t('signingSecret.rotate.cancel')}
			refusedBackLabel={t('secrets.confirm.back')}
			title={t('signingSecret.rotate.title', { name: service.name })}
			confirmLabel={t('signingSecret.rotate.confirm')}
			pendingLabel={t('signingSecret.rotate.pending')}
			refusals={previousUntil ? [t('signingSecret.rotate.inOverlap', { time: formatDateTime(previousUntil) })] : null}
			identity={identity}
			lastResult={actionData?.result}
		>
			<p>{t('signingSecret.rotate.what', { count: hours })}</p>
			<p>{t('signingSecret.rotate.then', { count: hours })}</p>
		</ConfirmationPage>
	)
}
