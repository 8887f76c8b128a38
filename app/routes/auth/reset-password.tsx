import { useTranslation } from 'react-i18next'
import { href, Link } from 'react-router'
import type { Route } from './+types/reset-password'
import { getT } from '#app/i18n.server'
import { ApiError } from '#app/api/errors'
import { resetRequestSchema } from '#app/auth/schemas'
import { EmailField } from '#app/components/account-fields'
import { AppForm } from '#app/components/ui/app-form'
import { Notice } from '#app/components/ui/notice'
import { SubmitButton } from '#app/components/ui/button'
import { useAppForm } from '#app/components/ui/use-app-form'
import { invalid, parseForm, replyWithApiError } from '#app/forms/forms.server'
import { metaOf, pageMeta } from '#app/utils/meta'
import { getApi } from '#app/context.server'

export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)

export function loader({ context }: Route.LoaderArgs) {
	const t = getT(context)
	return pageMeta(t, t('auth:resetRequest.title'), t('common:meta.descriptions.resetPassword'))
}

export async function action({ request, context }: Route.ActionArgs) {
	const { submission } = parseForm(context, resetRequestSchema)
	if (submission.status !== 'success') return invalid(submission)
	try {
		await getApi(context).call('requestPasswordReset', { body: { email: submission.value.email } })
	} catch (error) {
		// Must not reveal whether the address exists: an API 4xx (say, throttling) reads as success. Outages still fail.
		if (!(error instanceof ApiError && error.kind === 'bad_request'))
			return replyWithApiError(submission, error, context, { request })
	}
	return { result: undefined, sent: true as const }
}

export default function ResetPassword({ actionData }: Route.ComponentProps) {
	const { t } = useTranslation(['auth', 'common'])
	const [form, fields] = useAppForm(() => import('#app/auth/schemas').then((m) => m.resetRequestSchema), {
		id: 'reset-password',
		lastResult: actionData?.result,
	})
	if (actionData && 'sent' in actionData) {
		return (
			<section className="stack" aria-labelledby="page-heading">
				<h1 id="page-heading">{t('resetRequest.title')}</h1>
				<Notice tone="success" title={t('common:success.resetEmailSent')} />
				<p>
					<Link to={href('/auth/sign-in')}>{t('resetRequest.backToSignIn')}</Link>
				</p>
			</section>
		)
	}
	return (
		<section className="stack" aria-labelledby="page-heading">
			<h1 id="page-heading">{t('resetRequest.title')}</h1>
			<p>{t('resetRequest.intro')}</p>
			<AppForm form={form} labels={{ email: t('fields.email') }}>
				<EmailField meta={fields.email} label={t('fields.email')} />
				<div className="button-row">
					<SubmitButton pendingLabel={t('resetRequest.pending')}>{t('resetRequest.submit')}</SubmitButton>
				</div>
			</AppForm>
			<p>
				<Link to={href('/auth/sign-in')}>{t('resetRequest.backToSignIn')}</Link>
			</p>
		</section>
	)
}
