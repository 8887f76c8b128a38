import { useTranslation } from 'react-i18next'
import { data, Form, href, redirect, Link } from 'react-router'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import type { Route } from './+types/two-step-email'
import { activateTwoStep, activeTwoStepMethods, sendEmailCode } from '#app/api/two-step.server'
import { ApiError, retryAfter } from '#app/api/errors'
import { CODE_DIGITS } from '#app/auth/code'
import { emailCodeSchema as schema } from './schemas'
import { CodeField } from '#app/components/code-field'
import { ResendButton } from '#app/components/countdown'
import { AppForm } from '#app/components/ui/app-form'
import { SubmitButton } from '#app/components/ui/button'
import { useAppForm } from '#app/components/ui/use-app-form'
import { getT } from '#app/middleware/i18n.server'
import { SECRET_FIELDS } from '#app/auth/drafts.server'
import { invalid, parseForm, replyWithApiError } from '#app/utils/forms.server'
import { pageTitle } from '#app/utils/meta'
import { secondsUntil } from '#app/utils/time'
import { getApi, getFormData, getSession, getUser } from '#app/context.server'

export const meta: Route.MetaFunction = () =>
	pageTitle('account:emailMethod.title', 'common:meta.descriptions.twoStepEmail')

const OVERVIEW = href('/me/manage/security/multi-factor-authentication')
const SELF = href('/me/manage/security/multi-factor-authentication/email')

export async function loader({ context }: Route.LoaderArgs) {
	const [methods, user] = await Promise.all([activeTwoStepMethods(getApi(context)), getUser(context)])
	const active = methods.includes('email')
	const session = getSession(context)
	if (active) {
		await session.clearSealed('emailCode')
		throw redirect(OVERVIEW)
	}
	const setup = session.getSealed('emailCode', user.id)
	return {
		email: user.email,
		sent: Boolean(setup),
		resendInSeconds: setup ? secondsUntil((setup.resendAvailableAt - Date.now()) / 1000) : null,
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	const session = getSession(context)
	const api = getApi(context)
	const { id: userId } = await getUser(context)
	const intent = getFormData(context).get('intent')
	if (intent === 'send') {
		try {
			const sent = await sendEmailCode(api)
			await session.setSealed(
				'emailCode',
				{ resendAvailableAt: Date.now() + sent.resend_available_in_seconds * 1000 },
				userId,
			)
			return redirect(SELF)
		} catch (error) {
			if (!(error instanceof ApiError && error.status === 429))
				return replyWithApiError(null, error, context, { request })
			const seconds = retryAfter(error)
			await session.setSealed('emailCode', { resendAvailableAt: Date.now() + seconds * 1000 }, userId)
			// Refused by the server: the countdown restarts from its answer.
			return data({ result: undefined, resendInSeconds: seconds, refused: true }, { status: 429 })
		}
	}
	const { submission } = parseForm(context, schema)
	if (submission.status !== 'success') return invalid(submission)
	try {
		await activateTwoStep(api, 'email', submission.value.code)
	} catch (error) {
		if (error instanceof ApiError && error.code === 'code_expired') {
			// Long past the resend interval: a new code can be sent at once.
			await session.setSealed('emailCode', { resendAvailableAt: Date.now() }, userId)
			const fieldErrors = { code: [getT(context)('auth:twoStep.codeExpired')] }
			return data(
				{ result: submission.reply({ fieldErrors, hideFields: SECRET_FIELDS }), resendInSeconds: null },
				{ status: 422 },
			)
		}
		return replyWithApiError(submission, error, context, { fields: ['code'], request })
	}
	await session.clearSealed('emailCode')
	await session.setFlash({
		tone: 'success',
		key: 'account:twoStep.enabled',
		values: { method: getT(context)('account:twoStep.email') },
	})
	return redirect(OVERVIEW)
}

export default function EnableEmailCode({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation(['account', 'auth'])
	const [form, fields] = useAppForm(() => import('./schemas').then((m) => m.emailCodeSchema), {
		id: 'enable-email-code',
		lastResult: actionData?.result,
	})
	const { email, sent } = loaderData
	// With JS a refused or failed submission does not reload the page: its answer holds the newer wait.
	const wait = actionData && 'resendInSeconds' in actionData ? actionData : loaderData
	return (
		<section className="stack-lg" aria-labelledby="page-heading">
			<div className="stack">
				<h1 id="page-heading">{t('emailMethod.title')}</h1>
				<p>{sent ? t('emailMethod.sent', { email }) : t('emailMethod.intro', { digits: CODE_DIGITS, email })}</p>
			</div>
			{sent ? (
				<AppForm form={form} labels={{ code: t('auth:fields.code') }}>
					<input type="hidden" name="intent" value="activate" />
					<CodeField meta={fields.code} label={t('auth:fields.code')} digits={CODE_DIGITS} />
					<div className="button-row">
						<SubmitButton pendingLabel={t('emailMethod.pending')}>{t('emailMethod.submit')}</SubmitButton>
					</div>
				</AppForm>
			) : null}
			<Form method="post" className="stack">
				<AuthenticityTokenInput />
				<input type="hidden" name="intent" value="send" />
				<ResendButton
					seconds={sent ? wait.resendInSeconds : null}
					answer={wait}
					waiting={(count) => t('auth:twoStep.resendIn', { count })}
					ready={t('auth:twoStep.resendNow')}
					refused={actionData && 'refused' in actionData ? t('auth:twoStep.resendTooSoon') : undefined}
					label={sent ? t('emailMethod.resend') : t('emailMethod.send')}
					variant={sent ? 'secondary' : 'primary'}
				/>
			</Form>
			<p>
				<Link to={OVERVIEW}>{t('twoStep.back')}</Link>
			</p>
		</section>
	)
}
