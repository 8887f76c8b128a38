import { data, href } from 'react-router'
import type { Route } from './+types/passkey-remove'
import { limits } from '#app/api/contract/constants'
import { confirmationPage } from '#app/components/services/confirmation-page'
import { getApi } from '#app/context.server'
import type { I18nHandle } from '#app/i18n'
import { confirmationAction, confirmationLoader } from '#app/services/confirmation.server'
import { revalidateWhenIdentityEnded } from '#app/services/identity'
import { formatDateTime } from '#app/utils/date-time'
import { metaOf } from '#app/utils/meta'

export const handle = { i18n: ['passkeys', 'identity'] } satisfies I18nHandle
export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)
export const shouldRevalidate = revalidateWhenIdentityEnded

const TWO_STEP_PAGE = href('/me/manage/security/multi-factor-authentication')

export const loader = confirmationLoader('ask', async ({ params, context }: Route.LoaderArgs, t) => {
	const { data: passkeys } = await getApi(context).call('listPasskeys', { query: { per_page: limits.perPageMax } })
	const passkey = passkeys.find((candidate) => candidate.id === params.passkeyId)
	if (!passkey) throw data(null, { status: 404 })
	return {
		back: TWO_STEP_PAGE,
		heading: t('passkeys:remove.title', { name: passkey.name }),
		lastUsed: passkey.last_used_at,
	}
})

export const action = confirmationAction({
	identity: true,
	change: ({ params, context }: Route.ActionArgs) =>
		getApi(context).call('deletePasskey', { params: { id: params.passkeyId } }),
	done: () => ({ key: 'passkeys:remove.done', to: TWO_STEP_PAGE }),
})

export default confirmationPage({
	ns: 'passkeys',
	id: 'remove-passkey',
	verb: 'remove',
	backLabel: 'remove.cancel',
	refusedBackLabel: 'remove.cancel',
	warning: true,
	body: (t, { lastUsed }: Route.ComponentProps['loaderData']) => (
		<>
			<p>{lastUsed ? t('lastUsed', { date: formatDateTime(lastUsed) }) : t('neverUsed')}</p>
			<p>{t('remove.what')}</p>
		</>
	),
})
