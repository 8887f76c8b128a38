import { useTranslation } from 'react-i18next'
import { href, redirect } from 'react-router'
import type { Route } from './+types/email'
import { emailSchema as schema } from './schemas'
import { isEmailTaken, updateCurrentUser } from '#app/api/users.server'
import { CurrentPasswordField, EmailField } from '#app/components/account-fields'
import { AppForm } from '#app/components/ui/app-form'
import { Notice } from '#app/components/ui/notice'
import { SectionFlash } from '#app/components/ui/flash'
import { ResendButton } from '#app/components/countdown'
import { SummaryRow } from '#app/components/services/summary-row'
import { useAppForm } from '#app/components/ui/use-app-form'
import { getT } from '#app/i18n.server'
import { invalid, parseForm, replyWithApiError } from '#app/forms/forms.server'
import { metaOf, pageMeta } from '#app/utils/meta'
import { getApi, getSession, getUser } from '#app/context.server'

export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)

/** Where the new address waiting for its confirmation is said: just after the change, by the flash only. */
const PENDING_SECTION = 'pending-email'

export async function loader({ context }: Route.LoaderArgs) {
	const user = await getUser(context)
	const t = getT(context)
	return {
		email: user.email,
		verified: Boolean(user.email_verified_at),
		pendingEmail: user.pending_email,
		...pageMeta(t, t('account:email.title'), t('common:meta.descriptions.email')),
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	const { submission } = parseForm(context, schema)
	if (submission.status !== 'success') return invalid(submission)
	if (submission.value.email.toLowerCase() === (await getUser(context)).email.toLowerCase())
		return invalid(submission, { fieldErrors: { email: [getT(context)('account:email.sameAddress')] } })
	try {
		await updateCurrentUser(getApi(context), submission.value)
	} catch (error) {
		// The API's 422 already tells that the address is registered: say it plainly.
		if (isEmailTaken(error)) {
			const fieldErrors = { ...error.fieldErrors, email: [getT(context)('common:errors.emailTaken')] }
			return invalid(submission, { fieldErrors }, 422)
		}
		return replyWithApiError(submission, error, context, { fields: ['email', 'current_password'], request })
	}
	await getSession(context).setFlash({
		tone: 'success',
		key: 'account:email.sent',
		values: { email: submission.value.email },
		section: PENDING_SECTION,
	})
	return redirect(href('/me/manage/security/email'))
}

export default function Email({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation('account')
	const [form, fields] = useAppForm(() => import('./schemas').then((m) => m.emailSchema), {
		id: 'change-email',
		lastResult: actionData?.result,
	})
	return (
		<section className="stack-lg" aria-labelledby="page-heading">
			<div className="stack">
				<h1 id="page-heading">{t('email.title')}</h1>
				<dl className="summary-list">
					<SummaryRow term={t('email.current')}>
						{loaderData.email}{' '}
						<span className={`tag${loaderData.verified ? ' tag--ok' : ''}`}>
							{loaderData.verified ? t('email.verified') : t('email.unverified')}
						</span>
					</SummaryRow>
				</dl>
				<SectionFlash
					section={PENDING_SECTION}
					otherwise={
						loaderData.pendingEmail ? (
							<Notice tone="info" title={t('email.pending', { email: loaderData.pendingEmail })} />
						) : null
					}
				/>
			</div>
			<div className="stack">
				<h2>{t('email.changeTitle')}</h2>
				<AppForm form={form} labels={{ email: t('email.newEmail'), current_password: t('email.currentPassword') }}>
					<EmailField meta={fields.email} label={t('email.newEmail')} />
					<CurrentPasswordField
						meta={fields.current_password}
						label={t('email.currentPassword')}
						hint={t('email.currentPasswordHint')}
					/>
					<ResendButton
						seconds={actionData?.retryAfterSeconds ?? null}
						answer={actionData}
						waiting={(count) => t('email.askAgainIn', { count })}
						ready={t('email.askAgainNow')}
						label={t('email.submit')}
						pendingLabel={t('email.pendingLabel')}
						variant="primary"
					/>
				</AppForm>
			</div>
		</section>
	)
}
