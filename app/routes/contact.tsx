import { Trans, useTranslation } from 'react-i18next'
import { redirect } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/contact'
import { getApi, getSession } from '#app/middleware/session.server'
import { AppForm } from '#app/components/ui/app-form'
import { SubmitButton } from '#app/components/ui/button'
import { useAppForm } from '#app/components/ui/use-app-form'
import { TextareaField, TextField } from '#app/components/ui/field'
import { getConfig } from '#app/config.server'
import { invalid, parseForm, replyWithApiError } from '#app/utils/forms.server'
import { pageTitle } from '#app/utils/meta'

export const meta: Route.MetaFunction = () => pageTitle('Contact')

const contactSchema = z.object({
	subject: z.string().trim().min(1).max(150),
	message: z.string().trim().min(1).max(5000),
})

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
	return redirect('/contact')
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation('account')
	const [form, fields] = useAppForm(contactSchema, { id: 'contact', lastResult: actionData?.result })
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
				<TextField meta={fields.subject} label={t('contact.subject')} maxLength={150} />
				<TextareaField meta={fields.message} label={t('contact.message')} hint={t('contact.messageHint')} rows={8} />
				<div className="button-row">
					<SubmitButton pendingLabel={t('contact.pending')}>{t('contact.submit')}</SubmitButton>
				</div>
			</AppForm>
		</section>
	)
}
