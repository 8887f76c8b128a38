import { Trans, useTranslation } from 'react-i18next'
import { data, href, redirect, useSearchParams, Link } from 'react-router'
import { EmailField } from '#app/components/account-fields'
import { HoneypotFields } from '#app/components/honeypot-fields'
import type { I18nHandle } from '#app/i18n'
import type { Route } from './+types/sign-up'
import { signInWithPassword } from '#app/api/auth.server'
import { startSession } from '#app/middleware/session.server'
import { isEmailTaken } from '#app/api/users.server'
import { registrationBody } from '#app/api/contract/users'
import { afterSignInLocation, REDIRECT_PARAM } from '#app/auth/redirect'
import { signUpSchema } from '#app/auth/schemas'
import { NewPasswordFields } from '#app/components/new-password-fields'
import { CountryLocaleFields } from '#app/components/country-locale-fields'
import { AppForm } from '#app/components/ui/app-form'
import { SubmitButton } from '#app/components/ui/button'
import { useAppForm } from '#app/components/ui/use-app-form'
import { TextField } from '#app/components/ui/field'
import { checkHoneypot, getHoneypotInputProps } from '#app/utils/honeypot.server'
import { getT } from '#app/i18n.server'
import { SECRET_FIELDS } from '#app/forms/form-id'
import { invalid, parseForm, replyWithApiError } from '#app/forms/forms.server'
import { metaOf, pageMeta } from '#app/utils/meta'
import { getApi } from '#app/context.server'

/** The password checklist shows the password rules in `validation`'s words. */
export const handle = { i18n: ['validation'] } satisfies I18nHandle

export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)

const FIELDS = Object.keys(registrationBody.shape)

/** The spam trap's inputs, made only for this page. */
export async function loader({ context }: Route.LoaderArgs) {
	const t = getT(context)
	return {
		honeypotProps: await getHoneypotInputProps(),
		...pageMeta(t, t('auth:signUp.title'), t('common:meta.descriptions.signUp')),
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	const { formData, submission } = parseForm(context, signUpSchema)
	await checkHoneypot(formData)
	if (submission.status !== 'success') return invalid(submission)
	const { redirect_to, ...body } = submission.value
	const api = getApi(context)
	try {
		await api.call('register', { body })
	} catch (error) {
		// The API's 422 already tells that the address is registered: say it plainly, with the ways on.
		if (isEmailTaken(error)) {
			const fieldErrors = { ...error.fieldErrors, email: [getT(context)('common:errors.emailTaken')] }
			return data({ result: submission.reply({ fieldErrors, hideFields: SECRET_FIELDS }), emailTaken: true }, 422)
		}
		return replyWithApiError(submission, error, context, { fields: FIELDS, request })
	}
	// Signed in straight away; the verification prompt greets the new partner.
	const result = await signInWithPassword(api, body.email, body.password)
	if (result.kind !== 'signed-in') throw redirect(href('/auth/sign-in'))
	await startSession(context, result.pair)
	return redirect(afterSignInLocation(new URL(request.url), redirect_to))
}

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation(['auth', 'common'])
	const [searchParams] = useSearchParams()
	const redirectTo = searchParams.get(REDIRECT_PARAM) ?? ''
	const keepRedirect = new URLSearchParams(redirectTo ? { [REDIRECT_PARAM]: redirectTo } : {}).toString()
	const [form, fields] = useAppForm(() => import('#app/auth/schemas').then((m) => m.signUpSchema), {
		id: 'sign-up',
		lastResult: actionData?.result,
		defaultValue: { country: 'GB', locale: 'en-GB' },
	})
	const labels = {
		first_name: t('fields.firstName'),
		last_name: t('fields.lastName'),
		company_name: t('fields.companyName'),
		email: t('fields.email'),
		password: t('fields.password'),
		password_confirmation: t('fields.passwordConfirmation'),
		country: t('fields.country'),
		locale: t('fields.locale'),
	}
	return (
		<section className="stack" aria-labelledby="page-heading">
			<h1 id="page-heading">{t('signUp.title')}</h1>
			<p>{t('signUp.intro')}</p>
			<AppForm form={form} labels={labels}>
				<HoneypotFields label={t('signUp.honeypot')} {...loaderData.honeypotProps} />
				{redirectTo ? <input type="hidden" name="redirect_to" value={redirectTo} /> : null}
				<TextField meta={fields.first_name} label={labels.first_name} autoComplete="given-name" />
				<TextField meta={fields.last_name} label={labels.last_name} autoComplete="family-name" />
				<TextField meta={fields.company_name} label={labels.company_name} autoComplete="organization" />
				<EmailField meta={fields.email} label={labels.email} hint={t('hints.emailSignUp')}>
					{actionData && 'emailTaken' in actionData ? (
						<p>
							<Trans
								t={t}
								i18nKey="signUp.emailTakenLinks"
								components={[
									<Link key="sign-in" to={{ pathname: href('/auth/sign-in'), search: keepRedirect }} />,
									<Link key="reset" to={href('/auth/reset-password')} />,
								]}
							/>
						</p>
					) : null}
				</EmailField>
				<NewPasswordFields password={fields.password} confirmation={fields.password_confirmation} />
				<CountryLocaleFields country={fields.country} locale={fields.locale} />
				<div className="button-row">
					<SubmitButton pendingLabel={t('signUp.pending')}>{t('signUp.submit')}</SubmitButton>
				</div>
			</AppForm>
			<p>
				{t('signUp.haveAccount')} <Link to={href('/auth/sign-in')}>{t('signUp.signInLink')}</Link>
			</p>
		</section>
	)
}
