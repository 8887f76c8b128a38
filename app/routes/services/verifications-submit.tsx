import { metaOf } from '#app/utils/meta'
import type { I18nHandle } from '#app/i18n'
import type { Route } from './+types/verifications-submit'
import { confirmationPage } from '#app/components/services/confirmation-page'
import { reviewAction, reviewLoader } from '#app/services/verifications.server'
import { reviewTypicalWorkingDays } from '#app/api/contract/constants'

export const handle = { i18n: ['verifications', 'identity'] } satisfies I18nHandle
export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)

export const loader = reviewLoader('submit')
export const action = reviewAction('submit')

export default confirmationPage({
	ns: 'verifications',
	id: 'submit-review',
	verb: 'submit',
	backLabel: 'submit.back',
	refusedBackLabel: 'confirm.backToPage',
	body: (t) => (
		<>
			<p>{t('submit.what')}</p>
			<p>{t('review.timing', { count: reviewTypicalWorkingDays })}</p>
			<p>{t('submit.meanwhile')}</p>
		</>
	),
})
