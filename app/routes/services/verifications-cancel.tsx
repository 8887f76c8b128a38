import { metaOf } from '#app/utils/meta'
import type { I18nHandle } from '#app/i18n'
import type { Route } from './+types/verifications-cancel'
import { confirmationPage } from '#app/components/services/confirmation-page'
import { reviewAction, reviewLoader } from '#app/services/verifications.server'

export const handle = { i18n: ['verifications', 'identity'] } satisfies I18nHandle
export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)

export const loader = reviewLoader('cancel')
export const action = reviewAction('cancel')

export default confirmationPage({
	ns: 'verifications',
	id: 'cancel-review',
	verb: 'cancel',
	backLabel: 'cancel.back',
	refusedBackLabel: 'confirm.backToPage',
	warning: true,
	body: (t) => (
		<>
			<p>{t('cancel.what')}</p>
			<p>{t('cancel.then')}</p>
		</>
	),
})
