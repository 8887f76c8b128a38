import type { FieldMetadata } from '@conform-to/react'
import { Trans, useTranslation } from 'react-i18next'
import { href, Link, redirect } from 'react-router'
import type { HoneypotInputProps } from 'remix-utils/honeypot/server'
import type { Route } from './+types/contact'
import { getT } from '#app/i18n.server'
import { optionalUserMiddleware } from '#app/middleware/guards.server'
import { limits } from '#app/api/contract/constants'
import { contactMessageBody, guestContactMessageBody } from '#app/api/contract/contact'
import { EmailField } from '#app/components/account-fields'
import { HoneypotFields } from '#app/components/honeypot-fields'
import { AppForm } from '#app/components/ui/app-form'
import { SubmitButton } from '#app/components/ui/button'
import { useAppForm } from '#app/components/ui/use-app-form'
import { TextareaField, TextField } from '#app/components/ui/field'
import { getConfig } from '#app/config.server'
import { checkHoneypot, getHoneypotInputProps } from '#app/utils/honeypot.server'
import { invalid, parseForm, replyWithApiError } from '#app/forms/forms.server'
import { metaOf, pageMeta } from '#app/utils/meta'
import type { I18nHandle } from '#app/i18n'
import { getApi, getOptionalUser, getSession } from '#app/context.server'

export const handle = { i18n: ['account'] } satisfies I18nHandle

/** Signed in or out (a partner who lost their authenticator writes from here): the form differs, not the page. */
export const middleware: Route.MiddlewareFunction[] = [optionalUserMiddleware]

export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)

export async function loader({ context }: Route.LoaderArgs) {
	const contactEmail = getConfig().CONTACT_EMAIL
	const t = getT(context)
	const meta = pageMeta(t, t('account:contact.title'))
	if (await getOptionalUser(context)) return { contactEmail, guest: null, ...meta }
	// Half way through a sign-in (the two-step step), the address typed there is known: offered, not required.
	const email = getSession(context).getPending()?.email ?? ''
	return { contactEmail, guest: { honeypotProps: await getHoneypotInputProps(), email }, ...meta }
}

export async function action({ request, context }: Route.ActionArgs) {
	const api = getApi(context)
	if (await getOptionalUser(context)) {
		const { submission } = parseForm(context, contactMessageBody)
		if (submission.status !== 'success') return invalid(submission)
		try {
			await api.call('createContactMessage', { body: submission.value })
		} catch (error) {
			return replyWithApiError(submission, error, context, { fields: ['subject', 'message'], request })
		}
	} else {
		// A public form: the spam trap first, then the API's limit per sender address (and the edge's per client).
		const { formData, submission } = parseForm(context, guestContactMessageBody)
		await checkHoneypot(formData)
		if (submission.status !== 'success') return invalid(submission)
		try {
			// The same answer whatever the address: the API never says whether it is registered.
			await api.call('createGuestContactMessage', { body: submission.value })
		} catch (error) {
			return replyWithApiError(submission, error, context, { fields: ['name', 'email', 'subject', 'message'], request })
		}
	}
	await getSession(context).setFlash({ tone: 'success', key: 'account:contact.sent' })
	return redirect(href('/contact'))
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation('account')
	const { contactEmail: email, guest } = loaderData
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
			{guest ? (
				<>
					<p>{t('contact.guestIntro')}</p>
					<p>
						<Trans
							t={t}
							i18nKey="contact.guestSignIn"
							components={[<Link key="sign-in" to={href('/auth/sign-in')} />]}
						/>
					</p>
					<GuestContactForm guest={guest} lastResult={actionData?.result} />
				</>
			) : (
				<SignedInContactForm lastResult={actionData?.result} />
			)}
		</section>
	)
}

type LastResult = Parameters<typeof useAppForm>[1]['lastResult']
type Guest = { honeypotProps: HoneypotInputProps; email: string }

function SignedInContactForm({ lastResult }: { lastResult: LastResult }) {
	const { t } = useTranslation('account')
	const [form, fields] = useAppForm(() => import('#app/api/contract/contact').then((m) => m.contactMessageBody), {
		id: 'contact',
		lastResult,
	})
	return (
		<AppForm form={form} labels={{ subject: t('contact.subject'), message: t('contact.message') }}>
			<MessageFields subject={fields.subject} message={fields.message} />
		</AppForm>
	)
}

function GuestContactForm({ guest, lastResult }: { guest: Guest; lastResult: LastResult }) {
	const { t } = useTranslation('account')
	const [form, fields] = useAppForm(() => import('#app/api/contract/contact').then((m) => m.guestContactMessageBody), {
		id: 'contact-guest',
		lastResult,
		defaultValue: { email: guest.email },
	})
	const labels = {
		name: t('contact.name'),
		email: t('contact.email'),
		subject: t('contact.subject'),
		message: t('contact.message'),
	}
	return (
		<AppForm form={form} labels={labels}>
			<HoneypotFields label={t('contact.honeypot')} {...guest.honeypotProps} />
			<TextField meta={fields.name} label={labels.name} autoComplete="name" maxLength={limits.nameMax} />
			<EmailField meta={fields.email} label={labels.email} hint={t('contact.emailHint')} />
			<MessageFields subject={fields.subject} message={fields.message} />
		</AppForm>
	)
}

function MessageFields({ subject, message }: { subject: FieldMetadata<unknown>; message: FieldMetadata<unknown> }) {
	const { t } = useTranslation('account')
	return (
		<>
			<TextField
				meta={subject}
				label={t('contact.subject')}
				hint={t('contact.subjectHint', { maximum: limits.contactSubjectMax })}
				maxLength={limits.contactSubjectMax}
			/>
			<TextareaField
				meta={message}
				label={t('contact.message')}
				hint={t('contact.messageHint', { maximum: limits.contactMessageMax })}
				rows={8}
			/>
			<div className="button-row">
				<SubmitButton pendingLabel={t('contact.pending')}>{t('contact.submit')}</SubmitButton>
			</div>
		</>
	)
}
