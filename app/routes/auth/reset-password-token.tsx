import { useTranslation } from 'react-i18next'
import { data, href, redirect, Link } from 'react-router'
import type { I18nHandle } from '#app/i18n'
import type { Route } from './+types/reset-password-token'
import { getT } from '#app/i18n.server'
import { ApiError } from '#app/api/errors'
import { resetTokenState, unusableResetToken } from '#app/api/users.server'
import { resetCompleteSchema } from '#app/auth/schemas'
import { NewPasswordFields } from '#app/components/new-password-fields'
import { AppForm } from '#app/components/ui/app-form'
import { Notice } from '#app/components/ui/notice'
import { SubmitButton } from '#app/components/ui/button'
import { useAppForm } from '#app/components/ui/use-app-form'
import { invalid, parseForm, replyWithApiError } from '#app/forms/forms.server'
import { metaOf, pageMeta } from '#app/utils/meta'
import { getApi, getSession } from '#app/context.server'

/** The password checklist shows the password rules in `validation`'s words. */
export const handle = { i18n: ['validation'] } satisfies I18nHandle

export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)

/** A used link (410, most often right after the reset) or an unknown or expired one (404), before any typing. */
function unusable<T extends object>(state: 'used' | 'invalid', fields: T) {
	return data({ ...fields, outcome: `${state}-token` as const }, state === 'used' ? 410 : 404)
}

export async function loader({ params, context }: Route.LoaderArgs) {
	const t = getT(context)
	const meta = pageMeta(t, t('auth:resetComplete.title'), t('common:meta.descriptions.resetPasswordToken'))
	const state = await resetTokenState(getApi(context), params.token)
	return state === 'usable' ? { outcome: 'form' as const, ...meta } : unusable(state, meta)
}

export async function action({ request, context, params }: Route.ActionArgs) {
	const { submission } = parseForm(context, resetCompleteSchema)
	if (submission.status !== 'success') return invalid(submission)
	try {
		await getApi(context).call('resetPassword', { body: { token: params.token, ...submission.value } })
	} catch (error) {
		if (
			error instanceof ApiError &&
			(error.code === 'token_used' || error.code === 'invalid_token' || error.fieldErrors.token)
		)
			return unusable(unusableResetToken(error), { result: undefined })
		return replyWithApiError(submission, error, context, { fields: ['password', 'password_confirmation'], request })
	}
	// Off to sign-in: the spent token would make this page a 404 if it rendered again.
	await getSession(context).setFlash({ tone: 'success', key: 'common:success.passwordChanged' })
	return redirect(href('/auth/sign-in'))
}

export default function ResetPasswordToken({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation(['auth', 'common'])
	const [form, fields] = useAppForm(() => import('#app/auth/schemas').then((m) => m.resetCompleteSchema), {
		id: 'reset-password-token',
		lastResult: actionData?.result,
	})
	const outcome = actionData && 'outcome' in actionData ? actionData.outcome : loaderData.outcome
	return (
		<section className="stack" aria-labelledby="page-heading">
			<h1 id="page-heading">{t(TITLES[outcome])}</h1>
			{outcome === 'used-token' ? (
				<Notice tone="info" title={t('resetComplete.usedBody')}>
					<p>
						<Link to={href('/auth/sign-in')}>{t('resetComplete.usedSignIn')}</Link>
					</p>
					<p>
						<Link to={href('/auth/reset-password')}>{t('resetComplete.usedAgain')}</Link>
					</p>
				</Notice>
			) : outcome === 'invalid-token' ? (
				<Notice tone="error" title={t('common:errors.resetTokenInvalid')}>
					<Link to={href('/auth/reset-password')}>{t('common:errors.resetTokenInvalidLink')}</Link>
				</Notice>
			) : (
				<AppForm
					form={form}
					labels={{ password: t('fields.newPassword'), password_confirmation: t('fields.passwordConfirmation') }}
				>
					<NewPasswordFields
						password={fields.password}
						confirmation={fields.password_confirmation}
						passwordLabel={t('fields.newPassword')}
					/>
					<div className="button-row">
						<SubmitButton pendingLabel={t('resetComplete.pending')}>{t('resetComplete.submit')}</SubmitButton>
					</div>
				</AppForm>
			)}
		</section>
	)
}

const TITLES = {
	form: 'resetComplete.title',
	'used-token': 'resetComplete.usedTitle',
	'invalid-token': 'resetComplete.invalidTitle',
} as const
