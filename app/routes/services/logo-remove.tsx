import { metaOf } from '#app/utils/meta'
import { href } from 'react-router'
import type { I18nHandle } from '#app/i18n'
import type { Route } from './+types/logo-remove'
import { REDIRECT_PARAM, safeRedirect } from '#app/auth/redirect'
import { confirmationPage } from '#app/components/services/confirmation-page'
import { confirmChange } from '#app/services/confirm.server'
import { confirmationLoader } from '#app/services/confirmation.server'
import { getApi, getService } from '#app/context.server'

export const handle = { i18n: ['settings', 'identity'] } satisfies I18nHandle

export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)

/** Where the partner came from (the logo page, the settings page), checked; the details page otherwise. */
const backOf = (request: Request, serviceId: string) =>
	safeRedirect(new URL(request.url).searchParams.get(REDIRECT_PARAM), href('/services/:serviceId', { serviceId }))

export const loader = confirmationLoader(null, async ({ request, context }: Route.LoaderArgs, t) => {
	const { id, name, logo } = await getService(context)
	return {
		back: backOf(request, id),
		heading: t('settings:logo.removeConfirm.title', { name }),
		refusals: logo ? null : [t('settings:logo.removeConfirm.none')],
	}
})

export async function action({ params, request, context }: Route.ActionArgs) {
	return confirmChange(
		{ context, request },
		// Also fine when it has none.
		() => getApi(context).call('removeServiceLogo', { params: { id: params.serviceId } }),
		() => ({ flash: { tone: 'success', key: 'settings:logo.removed' }, to: backOf(request, params.serviceId) }),
	)
}

export default confirmationPage({
	ns: 'settings',
	id: 'remove-logo',
	verb: 'logo.removeConfirm',
	backLabel: 'logo.removeConfirm.cancel',
	refusedBackLabel: 'logo.removeConfirm.back',
	warning: true,
	body: (t) => <p>{t('logo.removeConfirm.what')}</p>,
})
