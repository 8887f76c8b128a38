import { useTranslation } from 'react-i18next'
import { href, redirect } from 'react-router'
import type { I18nHandle } from '#app/i18n'
import type { Route } from './+types/password'
import { getT } from '#app/i18n.server'
import { updateCurrentUser } from '#app/api/users.server'
import { passwordSchema as schema } from './schemas'
import { CurrentPasswordField } from '#app/components/account-fields'
import { NewPasswordFields } from '#app/components/new-password-fields'
import { AppForm } from '#app/components/ui/app-form'
import { SubmitButton } from '#app/components/ui/button'
import { useAppForm } from '#app/components/ui/use-app-form'
import { invalid, parseForm, replyWithApiError } from '#app/forms/forms.server'
import { metaOf, pageMeta } from '#app/utils/meta'
import { getApi, getSession } from '#app/context.server'

/** The password checklist shows the password rules in `validation`'s words. */
export const handle = { i18n: ['validation'] } satisfies I18nHandle

export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)

export function loader({ context }: Route.LoaderArgs) {
	const t = getT(context)
	return pageMeta(t, t('account:password.title'))
}

export async function action({ request, context }: Route.ActionArgs) {
	const { submission } = parseForm(context, schema)
	if (submission.status !== 'success') return invalid(submission)
	try {
		await updateCurrentUser(getApi(context), submission.value)
	} catch (error) {
		return replyWithApiError(submission, error, context, {
			fields: ['current_password', 'password', 'password_confirmation'],
			request,
		})
	}
	// Spec point 2: after a password change the partner goes to the home page.
	await getSession(context).setFlash({ tone: 'success', key: 'account:password.changed' })
	return redirect(href('/'))
}

export default function Password({ actionData }: Route.ComponentProps) {
	const { t } = useTranslation(['account', 'auth'])
	const [form, fields] = useAppForm(() => import('./schemas').then((m) => m.passwordSchema), {
		id: 'change-password',
		lastResult: actionData?.result,
	})
	return (
		<section className="stack" aria-labelledby="page-heading">
			<h1 id="page-heading">{t('password.title')}</h1>
			<p>{t('password.intro')}</p>
			<AppForm
				form={form}
				labels={{
					current_password: t('password.current'),
					password: t('auth:fields.newPassword'),
					password_confirmation: t('auth:fields.passwordConfirmation'),
				}}
			>
				<CurrentPasswordField meta={fields.current_password} label={t('password.current')} />
				<NewPasswordFields
					password={fields.password}
					confirmation={fields.password_confirmation}
					passwordLabel={t('auth:fields.newPassword')}
				/>
				<div className="button-row">
					<SubmitButton pendingLabel={t('password.pending')}>{t('password.submit')}</SubmitButton>
				</div>
			</AppForm>
		</section>
	)
}
