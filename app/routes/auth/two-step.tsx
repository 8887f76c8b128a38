import type { TFunction } from 'i18next'
import { Trans, useTranslation } from 'react-i18next'
import { Form, href, redirect, Link } from 'react-router'
import { signInWithNotice } from '#app/auth/redirect'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import type { Route } from './+types/two-step'
import { completeTwoStep } from '#app/api/auth.server'
import { startSession } from '#app/middleware/session.server'
import { twoStepMethodKeyEnum, type TwoStepMethodKey } from '#app/api/contract/common'
import { ApiError } from '#app/api/errors'
import { CODE_DIGITS } from '#app/auth/code'
import {
	afterSend,
	codeExpiredReply,
	expiredState,
	isCodeExpired,
	resendInSeconds,
	resendRefused,
	sendCode,
} from '#app/auth/email-code.server'
import { twoStepCodeSchema } from '#app/auth/schemas'
import { isSignInFailure, isWrongCode, signInFailureMessages } from '#app/auth/sign-in.server'
import { CodeField, SendCodeForm } from '#app/components/code-field'
import { AppForm } from '#app/components/ui/app-form'
import { SubmitButton } from '#app/components/ui/button'
import { useAppForm } from '#app/components/ui/use-app-form'
import { getT } from '#app/i18n.server'
import { invalid, parseForm, replyWithApiError } from '#app/forms/forms.server'
import { metaOf, pageMeta } from '#app/utils/meta'
import { getApi, getFormData, getSession } from '#app/context.server'

export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)

const SELF = href('/auth/sign-in/two-step')
const RESTART = signInWithNotice('two-step-expired')

async function pendingOrRestart(context: Route.LoaderArgs['context']) {
	const pending = getSession(context).getPending()
	if (!pending) throw redirect(RESTART)
	return pending
}

export async function loader({ request, context }: Route.LoaderArgs) {
	const pending = await pendingOrRestart(context)
	const t = getT(context)
	const url = new URL(request.url)
	const asked = twoStepMethodKeyEnum.safeParse(url.searchParams.get('method'))
	// The first active method (the authenticator when both are on); the other one is the fallback the page offers.
	const method = asked.success && pending.methods.includes(asked.data) ? asked.data : pending.methods[0]!
	return {
		methods: pending.methods,
		method,
		email: pending.email,
		emailCode: pending.emailCode?.code ?? null,
		resendInSeconds: resendInSeconds(pending.emailCode?.resendAvailableAt),
		...pageMeta(t, t('auth:twoStep.title'), t('common:meta.descriptions.twoStepSignIn')),
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	const pending = await pendingOrRestart(context)
	const session = getSession(context)
	const api = getApi(context)
	const t = getT(context)
	const formData = getFormData(context)
	const intent = formData.get('intent')

	if (intent === 'cancel') {
		// Best effort: the restricted pair expires on its own within minutes.
		await api.call('deleteCurrentAuthenticationToken', { bearer: pending.access }).catch(() => undefined)
		await session.clearPending()
		return redirect(href('/auth/sign-in'))
	}

	if (intent === 'send-email-code') {
		if (!pending.methods.includes('email')) return redirect(SELF)
		try {
			const { state, refused } = afterSend(await sendCode(api, pending.access), pending.emailCode)
			await session.setPending({ ...pending, emailCode: state })
			return refused ? resendRefused(refused) : redirect(`${SELF}?method=email`)
		} catch (error) {
			if (error instanceof ApiError && error.kind === 'unauthenticated') return restart(session)
			return replyWithApiError(null, error, context, { request })
		}
	}

	const { submission } = parseForm(context, twoStepCodeSchema)
	if (submission.status !== 'success') return invalid(submission)
	const { method, code } = submission.value
	if (!pending.methods.includes(method)) return invalid(submission, { formErrors: [t('auth:twoStep.codeInvalid')] })
	try {
		const pair = await completeTwoStep(api, method, code, pending.access)
		await session.clearPending()
		await startSession(context, pair)
		return redirect(pending.redirectTo)
	} catch (error) {
		if (error instanceof ApiError && error.kind === 'unauthenticated') return restart(session)
		if (isCodeExpired(error)) {
			// Long past the resend interval: a new code can be sent at once.
			await session.setPending({ ...pending, emailCode: expiredState(pending.emailCode) })
			return codeExpiredReply(submission, t)
		}
		if (!isSignInFailure(error)) return replyWithApiError(submission, error, context, { request })
		const messages = signInFailureMessages(error, t) ?? []
		if (isWrongCode(error)) {
			const [first, ...rest] = messages
			return invalid(submission, { fieldErrors: { code: [first!] }, formErrors: rest }, 422)
		}
		if (error.status === 423) await session.clearPending()
		return invalid(submission, { formErrors: messages }, error.status)
	}
}

async function restart(session: ReturnType<typeof getSession>) {
	await session.clearPending()
	return redirect(RESTART)
}

export default function TwoStep({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation(['auth', 'common'])
	const { method, methods, email, emailCode } = loaderData
	const [form, fields] = useAppForm(() => import('#app/auth/schemas').then((m) => m.twoStepCodeSchema), {
		id: `two-step-${method}`,
		lastResult: actionData?.result,
	})
	// A POST: a link from another site must not end a sign-in.
	const cancelForm = (
		<Form method="post">
			<AuthenticityTokenInput />
			<SubmitButton variant="link" name="intent" value="cancel">
				{t('twoStep.cancel')}
			</SubmitButton>
		</Form>
	)

	const sendCodeForm = (label: string) => (
		<SendCodeForm loaderData={loaderData} actionData={actionData} intent="send-email-code" label={label} />
	)

	return (
		<section className="stack-lg" aria-labelledby="page-heading">
			<div className="stack">
				<h1 id="page-heading">{t('twoStep.title')}</h1>
				{method === 'totp' ? <p>{t('twoStep.totpIntro')}</p> : null}
				{method === 'email' && emailCode === 'sent' ? (
					<p>{t('twoStep.emailIntro', { digits: CODE_DIGITS, email })}</p>
				) : null}
				{method === 'email' && emailCode === 'earlier' ? <p>{t('twoStep.emailEarlier', { email })}</p> : null}
			</div>
			{method === 'email' && !emailCode ? (
				sendCodeForm(t('twoStep.useEmail'))
			) : (
				<AppForm form={form} labels={{ code: t('fields.code') }}>
					<input type="hidden" name="intent" value="verify" />
					<input type="hidden" name="method" value={method} />
					{/* The one thing to do here: the code field has focus as the page opens (until an answer has errors). */}
					<CodeField meta={fields.code} label={t('fields.code')} digits={CODE_DIGITS} takeFocus={!actionData} />
					<div className="button-row">
						<SubmitButton pendingLabel={t('twoStep.pending')}>{t('twoStep.submit')}</SubmitButton>
					</div>
				</AppForm>
			)}
			{method === 'email' && emailCode ? sendCodeForm(t('twoStep.resend')) : null}
			<Fallback t={t} method={method} other={methods.find((other) => other !== method)} />
			<div className="stack">{cancelForm}</div>
		</section>
	)
}

function Fallback({
	t,
	method,
	other,
}: {
	t: TFunction<['auth', 'common']>
	method: TwoStepMethodKey
	other: TwoStepMethodKey | undefined
}) {
	const copy = method === 'totp' ? 'twoStep.lost' : 'twoStep.lostEmail'
	return (
		<section className="stack" aria-labelledby="fallback-heading">
			<h2 id="fallback-heading">{t(`${copy}.title`)}</h2>
			{other ? (
				<p>
					<Link to={`${SELF}?method=${other}`}>
						{other === 'email' ? t('twoStep.lost.useEmail') : t('twoStep.lostEmail.useTotp')}
					</Link>
				</p>
			) : null}
			<p>
				<Trans t={t} i18nKey={`${copy}.contact`} components={[<Link key="contact" to={href('/contact')} />]} />
			</p>
		</section>
	)
}
