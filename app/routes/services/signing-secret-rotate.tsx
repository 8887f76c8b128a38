import { metaOf } from '#app/utils/meta'
import type { Route } from './+types/signing-secret-rotate'
import { webhookSignature } from '#app/api/contract/webhook-signature'
import { signingSecretSection } from '#app/services/pages'
import { explainRotationRefusal, loadSigningSecrets } from '#app/services/webhook-signing.server'
import { confirmationPage } from '#app/components/services/confirmation-page'
import { confirmationAction, confirmationLoader } from '#app/services/confirmation.server'
import { revalidateWhenIdentityEnded } from '#app/services/identity'
import { formatDateTime } from '#app/utils/date-time'
import type { I18nHandle } from '#app/i18n'
import { getApi, getService } from '#app/context.server'

export const handle = { i18n: ['developers', 'identity', 'auth'] } satisfies I18nHandle
export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)
export const shouldRevalidate = revalidateWhenIdentityEnded

export const loader = confirmationLoader('ask', async ({ params, context }: Route.LoaderArgs, t) => {
	const [service, secrets] = await Promise.all([
		getService(context),
		// Null until this sign-in confirms it's the partner: the API then says it when the rotation is asked.
		loadSigningSecrets(context, params.serviceId),
	])
	// The previous secret still signs (the last rotation's overlap): the API refuses a rotation until it stops.
	const previousUntil = secrets?.find((secret) => secret.expires_at !== null)?.expires_at ?? null
	return {
		back: signingSecretSection(service.id),
		heading: t('developers:signingSecret.rotate.title', { name: service.name }),
		refusals: previousUntil
			? [t('developers:signingSecret.rotate.inOverlap', { time: formatDateTime(previousUntil) })]
			: null,
	}
})

export const action = confirmationAction({
	identity: true,
	change: ({ params, context }: Route.ActionArgs) =>
		getApi(context).call('rotateWebhookSigningSecret', { params: { id: params.serviceId } }),
	done: ({ params }) => ({ key: 'developers:signingSecret.rotate.done', to: signingSecretSection(params.serviceId) }),
	explain: (error, { context }) => explainRotationRefusal(error, context),
})

const hours = webhookSignature.rotationOverlapSeconds / 3600

export default confirmationPage({
	ns: 'developers',
	id: 'rotate-signing-secret',
	verb: 'signingSecret.rotate',
	backLabel: 'signingSecret.rotate.cancel',
	refusedBackLabel: 'secrets.confirm.back',
	body: (t) => (
		<>
			<p>{t('signingSecret.rotate.what', { count: hours })}</p>
			<p>{t('signingSecret.rotate.then', { count: hours })}</p>
		</>
	),
})
