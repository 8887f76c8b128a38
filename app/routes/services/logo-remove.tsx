import { useTranslation } from 'react-i18next'
import { metaOf, pageMeta } from '#app/utils/meta'
import { href } from 'react-router'
import type { I18nHandle } from '#app/i18n'
import type { Route } from './+types/logo-remove'
import { REDIRECT_PARAM, safeRedirect } from '#app/auth/redirect'
import { ConfirmationPage } from '#app/components/services/confirmation-page'
import { getT } from '#app/middleware/i18n.server'
import { confirmChange } from '#app/services/confirm.server'
import { getApi, getService } from '#app/context.server'

export const handle = { i18n: ['settings', 'identity'] } satisfies I18nHandle

export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)

/** Where the partner came from (the logo page, the settings page), checked; the details page otherwise. */
const backOf = (request: Request, serviceId: string) =>
	safeRedirect(new URL(request.url).searchParams.get(REDIRECT_PARAM), href('/services/:serviceId', { serviceId }))

export async function loader({ request, context }: Route.LoaderArgs) {
	const { id, name, logo } = await getService(context)
	const t = getT(context)
	return {
		service: { id, name },
		back: backOf(request, id),
		refusal: logo ? null : t('settings:logo.removeConfirm.none'),
		...pageMeta(t, t('settings:logo.removeConfirm.title', { name })),
	}
}

export async function action({ params, request, context }: Route.ActionArgs) {
	return confirmChange(
		{ context, request },
		// Also fine when it has none.
		() => getApi(context).call('removeServiceLogo', { params: { id: params.serviceId } }),
		() => ({ flash: { tone: 'success', key: 'settings:logo.removed' }, to: backOf(request, params.serviceId) }),
	)
}

export default function RemoveLogo({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation('settings')
	const { service, back, refusal } = loaderData
	return (
		<ConfirmationPage
			id="remove-logo"
			back={back}
			backLabel={t('logo.removeConfirm.cancel')}
			refusedBackLabel={t('logo.removeConfirm.back')}
			title={t('logo.removeConfirm.title', { name: service.name })}
			confirmLabel={t('logo.remove')}
			pendingLabel={t('logo.removing')}
			warning
			refusals={refusal ? [refusal] : null}
			lastResult={actionData?.result}
		>
			<p>{t('logo.removeConfirm.what')}</p>
		</ConfirmationPage>
	)
}
