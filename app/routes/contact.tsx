import { Trans, useTranslation } from 'react-i18next'
import { href, redirect } from 'react-router'
import type { Route } from './+types/contact'
import { getApi, getSession } from '#app/middleware/session.server'
import { limits } from '#app/api/contract/constants'
import { contactMessageBody } from '#app/api/contract/contact'
import { AppForm } from '#app/components/ui/app-form'
import { SubmitButton } from '#app/components/ui/button'
import { useAppForm } from '#app/components/ui/use-app-form'
import { TextareaField, TextField } from '#app/components/ui/field'
import { getConfig } from '#app/config.server'
import { invalid, parseForm, replyWithApiError } from '#app/utils/forms.server'
import { pageTitle } from '#app/utils/meta'

/** The translation namespaces this page shows (remix-i18next loads them before it hydrates). */
export const handle = { i18n: ['account'] }

export const meta: Route.MetaFunction = () => pageTitle('account:contact.title')

const contactSchema = contactMessageBody

export function loader() {
	return { contactEmail: getConfig().CONTACT_EMAIL }
}

export async function action({ request, context }: Route.ActionArgs) {
	const { submission } = parseForm(context, contactSchema)
	if (submission.status !== 'success') return invalid(submission)
	try {
		await getApi(context).call('createContactMessage', { body: submission.value })
	} catch (error) {
		return replyWithApiError(submission, error, context, { fields: ['subject', 'message'], request })
	}
	await getSession(context).setFlash({ tone: 'success', key: 'account:contact.sent' })
	return redirect(href('/contact'))
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation('account')
	const [form, fields] = useAppForm(() => import('#app/api/contract/contact').then((m) => m.contactMessageBody), {
		id: 'contact',
		lastResult: actionData?.result,
	})
	const email = loaderData.contactEmail
	return (
		<section className="stack" aria-labelledby="page-heading">
			<h1 id="page-heading">{t('contact.title')}</h1>
			<p>
				<Trans
					t={t}
					i18nKey="contact.intro"
					values={{ email }}
					// Trans puts the address inside the link.
					// eslint-disable-next-line jsx-a11y/anchor-has-content
					components={[<a key="mail" href={`mailto:${email}`} />]}
				/>
			</p>
			<AppForm form={form} labels={{ subject: t('contact.subject'), message: t('contact.message') }}>
				<TextField
					meta={fields.subject}
					label={t('contact.subject')}
					hint={t('contact.subjectHint', { maximum: limits.contactSubjectMax })}
					maxLength={limits.contactSubjectMax}
				/>
				<TextareaField
					meta={fields.message}
					label={t('contact.message')}
					hint={t('contact.messageHint', { maximum: limits.contactMessageMax })}
					rows={8}
				/>
				<div className="button-row">
					<SubmitButton pendingLabel={t('contact.pending')}>{t('contact.submit')}</SubmitButton>
				</div>
			</AppForm>
		</section>
	)
}
