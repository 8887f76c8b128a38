import { useTranslation } from 'react-i18next'
import { href, redirect } from 'react-router'
import type { Route } from './+types/personal-details'
import { getT } from '#app/i18n.server'
import { updateCurrentUser } from '#app/api/users.server'
import { personalDetailsSchema as schema } from './schemas'
import { CountryLocaleFields } from '#app/components/country-locale-fields'
import { AppForm } from '#app/components/ui/app-form'
import { SubmitButton } from '#app/components/ui/button'
import { useAppForm } from '#app/components/ui/use-app-form'
import { TextField } from '#app/components/ui/field'
import { invalid, parseForm, replyWithApiError } from '#app/forms/forms.server'
import { metaOf, pageMeta } from '#app/utils/meta'
import { getApi, getSession, getUser } from '#app/context.server'

export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)

const FIELDS = Object.keys(schema.shape)

export async function loader({ context }: Route.LoaderArgs) {
	const user = await getUser(context)
	const t = getT(context)
	return {
		...pageMeta(t, t('account:personalDetails.title')),
		defaults: {
			first_name: user.first_name,
			last_name: user.last_name,
			company_name: user.company_name,
			country: user.country,
			locale: user.locale,
		},
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	const { submission } = parseForm(context, schema)
	if (submission.status !== 'success') return invalid(submission)
	try {
		await updateCurrentUser(getApi(context), submission.value)
	} catch (error) {
		return replyWithApiError(submission, error, context, { fields: FIELDS, request })
	}
	await getSession(context).setFlash({ tone: 'success', key: 'account:personalDetails.saved' })
	return redirect(href('/me/manage/general/personal-details'))
}

export default function PersonalDetails({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation(['account', 'auth'])
	const [form, fields] = useAppForm(() => import('./schemas').then((m) => m.personalDetailsSchema), {
		id: 'personal-details',
		lastResult: actionData?.result,
		defaultValue: loaderData.defaults,
	})
	const labels = {
		first_name: t('auth:fields.firstName'),
		last_name: t('auth:fields.lastName'),
		company_name: t('auth:fields.companyName'),
		country: t('auth:fields.country'),
		locale: t('auth:fields.locale'),
	}
	return (
		<section className="stack" aria-labelledby="page-heading">
			<h1 id="page-heading">{t('personalDetails.title')}</h1>
			<AppForm form={form} labels={labels}>
				<TextField meta={fields.first_name} label={labels.first_name} autoComplete="given-name" />
				<TextField meta={fields.last_name} label={labels.last_name} autoComplete="family-name" />
				<TextField meta={fields.company_name} label={labels.company_name} autoComplete="organization" />
				<CountryLocaleFields country={fields.country} locale={fields.locale} />
				<div className="button-row">
					<SubmitButton pendingLabel={t('personalDetails.pending')}>{t('personalDetails.submit')}</SubmitButton>
				</div>
			</AppForm>
		</section>
	)
}
