import { useTranslation } from 'react-i18next'
import { href, redirect, useSearchParams, Link } from 'react-router'
import type { Route } from './+types/sign-in'
import { signInWithPassword } from '#app/api/auth.server'
import { startSession } from '#app/middleware/session.server'
import { afterSend, sendCode } from '#app/auth/email-code.server'
import { afterSignInLocation, NOTICE_PARAM, REDIRECT_PARAM, safeRedirect } from '#app/auth/redirect'
import type { PendingSignIn } from '#app/auth/session.server'
import { signInSchema } from '#app/auth/schemas'
import { isSignInFailure, signInFailureMessages } from '#app/auth/sign-in.server'
import { CurrentPasswordField, EmailField } from '#app/components/account-fields'
import { AppForm } from '#app/components/ui/app-form'
import { Notice } from '#app/components/ui/notice'
import { SubmitButton } from '#app/components/ui/button'
import { useAppForm } from '#app/components/ui/use-app-form'
import { getT } from '#app/i18n.server'
import { invalid, parseForm, replyWithApiError } from '#app/forms/forms.server'
import { metaOf, pageMeta } from '#app/utils/meta'
import { getApi, getSession } from '#app/context.server'
import { getConfig } from '#app/config.server'

export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)

export function loader({ context }: Route.LoaderArgs) {
	const t = getT(context)
	return { demo: getConfig().DEMO_SIGN_IN ?? null, ...pageMeta(t, t('auth:signIn.title')) }
}

export async function action({ request, context }: Route.ActionArgs) {
	const { submission } = parseForm(context, signInSchema)
	if (submission.status !== 'success') return invalid(submission)
	const { email, password, redirect_to } = submission.value
	const api = getApi(context)
	const session = getSession(context)
	const url = new URL(request.url)
	// A new sign-in abandons a half-finished two-step one; best effort, the restricted pair expires within minutes.
	const leftover = session.getPending()
	if (leftover) {
		await api.call('deleteCurrentAuthenticationToken', { bearer: leftover.access }).catch(() => undefined)
		await session.clearPending()
	}
	try {
		const result = await signInWithPassword(api, email, password)
		if (result.kind === 'signed-in') {
			await startSession(context, result.pair)
			return redirect(afterSignInLocation(url, redirect_to))
		}
		const { pair, methods, recoveryCodes, passkeys } = result
		const redirectTo = safeRedirect(redirect_to ?? url.searchParams.get(REDIRECT_PARAM))
		const pending: PendingSignIn = { ...pair, methods, recoveryCodes, passkeys, email, redirectTo }
		// With email as the only method, send the code straight away. Refused (a code went out less than a minute
		// ago, still unused), the next page says so; failed, it offers to send one.
		if (methods.length === 1 && methods[0] === 'email') {
			const send = await sendCode(api, pending.access).catch(() => null)
			if (send) pending.emailCode = afterSend(send, undefined).state
		}
		await session.setPending(pending)
		return redirect(href('/auth/sign-in/two-step'))
	} catch (error) {
		if (!isSignInFailure(error)) return replyWithApiError(submission, error, context, { request })
		return invalid(submission, { formErrors: signInFailureMessages(error, getT(context)) ?? [] }, error.status)
	}
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation(['auth', 'common'])
	const [searchParams] = useSearchParams()
	const redirectTo = searchParams.get(REDIRECT_PARAM) ?? ''
	const keepRedirect = new URLSearchParams(redirectTo ? { [REDIRECT_PARAM]: redirectTo } : {}).toString()
	const [form, fields] = useAppForm(() => import('#app/auth/schemas').then((m) => m.signInSchema), {
		id: 'sign-in',
		lastResult: actionData?.result,
	})
	const notice = searchParams.get(NOTICE_PARAM)
	return (
		<section className="stack" aria-labelledby="page-heading">
			<h1 id="page-heading">{t('signIn.title')}</h1>
			{notice === 'signed-out' ? <Notice tone="success" title={t('signIn.signedOut')} /> : null}
			{notice === 'session-expired' ? <Notice tone="warning" title={t('signIn.sessionExpired')} /> : null}
			{notice === 'signed-out-elsewhere' ? <Notice tone="warning" title={t('signIn.signedOutElsewhere')} /> : null}
			{notice === 'two-step-expired' ? <Notice tone="warning" title={t('signIn.twoStepExpired')} /> : null}
			{loaderData.demo ? (
				<Notice title={t('signIn.demoTitle')}>
					<p>
						{t('signIn.demoAccount', { email: loaderData.demo.email, password: loaderData.demo.password })}{' '}
						<a href={loaderData.demo.inboxUrl}>{t('signIn.demoInbox')}</a>
					</p>
				</Notice>
			) : null}
			<AppForm form={form} labels={{ email: t('fields.email'), password: t('fields.password') }}>
				{redirectTo ? <input type="hidden" name="redirect_to" value={redirectTo} /> : null}
				<EmailField meta={fields.email} label={t('fields.email')} autoComplete="username" />
				<CurrentPasswordField meta={fields.password} label={t('fields.password')} />
				<div className="button-row">
					<SubmitButton pendingLabel={t('signIn.pending')}>{t('signIn.submit')}</SubmitButton>
					<Link to={href('/auth/reset-password')}>{t('signIn.forgotPassword')}</Link>
				</div>
			</AppForm>
			<p>
				{t('signIn.noAccount')}{' '}
				<Link to={{ pathname: href('/auth/sign-up'), search: keepRedirect }}>{t('signIn.signUpLink')}</Link>
			</p>
		</section>
	)
}
