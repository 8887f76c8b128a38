import { metaOf } from '#app/utils/meta'
import type { Route } from './+types/signing-secret-reveal'
import { identityConfirmationSeconds } from '#app/api/contract/constants'
import { signingSecretSection } from '#app/services/pages'
import { confirmationPage } from '#app/components/services/confirmation-page'
import { confirmationAction, confirmationLoader } from '#app/services/confirmation.server'
import { revalidateWhenIdentityEnded } from '#app/services/identity'
import type { I18nHandle } from '#app/i18n'
import { getApi, getService } from '#app/context.server'

/** "Confirm it's you to reveal" (decision 0022); already confirmed, there is nothing to ask. */
export const handle = { i18n: ['developers', 'identity', 'auth'] } satisfies I18nHandle
export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)
export const shouldRevalidate = revalidateWhenIdentityEnded

export const loader = confirmationLoader('unless-confirmed', async ({ context }: Route.LoaderArgs, t) => {
	const service = await getService(context)
	const heading = t('developers:signingSecret.reveal.title', { name: service.name })
	return { back: signingSecretSection(service.id), heading }
})

export const action = confirmationAction({
	identity: true,
	// Nothing changes: the API is asked for the secrets to know the confirmation took (they are not kept here).
	change: async ({ params, context }: Route.ActionArgs) => {
		await getApi(context).call('listWebhookSigningSecrets', { params: { id: params.serviceId } })
	},
	done: ({ params }) => ({
		key: 'developers:signingSecret.reveal.done',
		values: { count: identityConfirmationSeconds / 60 },
		to: signingSecretSection(params.serviceId),
	}),
})

export default confirmationPage({
	ns: 'developers',
	id: 'reveal-signing-secret',
	verb: 'signingSecret.reveal',
	backLabel: 'signingSecret.rotate.cancel',
	refusedBackLabel: 'secrets.confirm.back',
	body: (t) => <p>{t('signingSecret.reveal.what', { count: identityConfirmationSeconds / 60 })}</p>,
})
