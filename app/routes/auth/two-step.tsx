import type { SubmissionResult } from '@conform-to/react'
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
import { passkeySignInSchema, recoveryCodeSignInSchema, twoStepCodeSchema } from '#app/auth/schemas'
import { recoveryCodeRules } from '#app/api/contract/constants'
import { isSignInFailure, isWrongCode, signInFailureMessages } from '#app/auth/sign-in.server'
import { CodeForm, SendCodeForm } from '#app/components/code-field'
import { AnswerErrors } from '#app/components/ui/answer-errors'
import { PasskeyCeremony } from '#app/components/passkey-ceremony'
import { Notice } from '#app/components/ui/notice'
import { AppForm } from '#app/components/ui/app-form'
import { TextField } from '#app/components/ui/field'
import { SubmitButton } from '#app/components/ui/button'
import { useAppForm } from '#app/components/ui/use-app-form'
import { getT } from '#app/i18n.server'
import { invalid, parseForm, replyWithApiError } from '#app/forms/forms.server'
import { metaOf, pageMeta } from '#app/utils/meta'
import { getApi, getFormData, getSession } from '#app/context.server'

export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)

const SELF = href('/auth/sign-in/two-step')
const RECOVERY = 'recovery_code'
const PASSKEY = 'passkey'
/** How the second step is taken: a method, one of the recovery codes (0039), or a passkey (0041). */
type Way = TwoStepMethodKey | typeof RECOVERY | typeof PASSKEY
const RESTART = signInWithNotice('two-step-expired')

async function pendingOrRestart(context: Route.LoaderArgs['context']) {
	const pending = getSession(context).getPending()
	if (!pending) throw redirect(RESTART)
	return pending
}

export async function loader({ request, context }: Route.LoaderArgs) {
	const pending = await pendingOrRestart(context)
	const t = getT(context)
	const asked = new URL(request.url).searchParams.get('method')
	const known = twoStepMethodKeyEnum.safeParse(asked)
	const recoveryCodes = pending.recoveryCodes ?? 0
	const passkeys = pending.passkeys ?? 0
	// A passkey first when there is one, else the first active method (the authenticator when both are on); the
	// others are the fallbacks the page offers.
	const method: Way =
		asked === RECOVERY && recoveryCodes > 0
			? RECOVERY
			: known.success && pending.methods.includes(known.data)
				? known.data
				: passkeys > 0
					? PASSKEY
					: pending.methods[0]!
	return {
		methods: pending.methods,
		recoveryCodes,
		passkeys,
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
	const intent = getFormData(context).get('intent')

	if (intent === 'cancel') {
		// Best effort: the restricted pair expires on its own within minutes.
		await api.call('deleteCurrentAuthenticationToken', { bearer: pending.access }).catch(() => undefined)
		await session.clearPending()
		return redirect(href('/auth/sign-in'))
	}

	try {
		if (intent === 'send-email-code') {
			if (!pending.methods.includes('email')) return redirect(SELF)
			const { state, refused } = afterSend(await sendCode(api, pending.access), pending.emailCode)
			await session.setPending({ ...pending, emailCode: state })
			return refused ? resendRefused(refused) : redirect(`${SELF}?method=email`)
		}
		if (intent === 'passkey-options') {
			const { data } = await api.call('createPasskeySignInOptions', { bearer: pending.access })
			// For the page's fetcher (PasskeyCeremony): `result` only when refused.
			return { passkeyOptions: data, result: undefined }
		}
	} catch (error) {
		if (error instanceof ApiError && error.kind === 'unauthenticated') return restart(session)
		return replyWithApiError(null, error, context, { request })
	}

	const { submission } =
		intent === 'recovery'
			? parseForm(context, recoveryCodeSignInSchema)
			: intent === 'passkey'
				? parseForm(context, passkeySignInSchema)
				: parseForm(context, twoStepCodeSchema)
	if (submission.status !== 'success') return invalid(submission)
	const { value } = submission
	const method: Way = value.intent === 'verify' ? value.method : value.intent === 'passkey' ? PASSKEY : RECOVERY
	if (value.intent === 'verify' && !pending.methods.includes(value.method))
		return invalid(submission, { formErrors: [t('auth:twoStep.codeInvalid')] })
	const body = value.intent === 'passkey' ? { credential: value.credential } : { code: value.code }
	try {
		const { pair, recoveryCodesLeft } = await completeTwoStep(api, method, body, pending.access)
		await session.clearPending()
		await startSession(context, pair)
		if (recoveryCodesLeft !== undefined)
			await session.setFlash({
				tone: recoveryCodesLeft < recoveryCodeRules.lowBelow ? 'warning' : 'success',
				key: 'auth:twoStep.recovery.signedIn',
				values: { count: recoveryCodesLeft },
			})
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
		if (isWrongCode(error) && method === PASSKEY) messages[0] = t('auth:twoStep.passkey.invalid')
		else if (isWrongCode(error)) {
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
	const { method, methods, email, emailCode, recoveryCodes, passkeys } = loaderData
	const sendCodeForm = (label: string) => (
		<SendCodeForm loaderData={loaderData} actionData={actionData} intent="send-email-code" label={label} />
	)
	// The other ways in, one click away: a passkey first, the recovery codes last.
	const others: Way[] = methods.filter((other) => other !== method)
	if (passkeys > 0 && method !== PASSKEY) others.unshift(PASSKEY)
	if (recoveryCodes > 0 && method !== RECOVERY) others.push(RECOVERY)
	return (
		<section className="stack-lg" aria-labelledby="page-heading">
			<div className="stack">
				<h1 id="page-heading">{t('twoStep.title')}</h1>
				{method === 'totp' ? <p>{t('twoStep.totpIntro')}</p> : null}
				{method === RECOVERY ? <p>{t('twoStep.recovery.intro')}</p> : null}
				{method === PASSKEY ? <p>{t('twoStep.passkey.intro')}</p> : null}
				{method === 'email' && emailCode === 'sent' ? (
					<p>{t('twoStep.emailIntro', { digits: CODE_DIGITS, email })}</p>
				) : null}
				{method === 'email' && emailCode === 'earlier' ? <p>{t('twoStep.emailEarlier', { email })}</p> : null}
			</div>
			{method === PASSKEY ? (
				<>
					<AnswerErrors result={actionData?.result} />
					<PasskeyCeremony
						ceremony="get"
						optionsIntent="passkey-options"
						submitIntent="passkey"
						label={t('twoStep.passkey.submit')}
						fallback={<Notice tone="warning" title={t('twoStep.passkey.needsJavaScript')} />}
					/>
				</>
			) : method === RECOVERY ? (
				<RecoveryCodeForm lastResult={actionData?.result} />
			) : method === 'email' && !emailCode ? (
				sendCodeForm(t('twoStep.useEmail'))
			) : (
				// The one thing to do here: the code field has focus as the page opens (until an answer has errors).
				<CodeForm
					id={`two-step-${method}`}
					schema={() => import('#app/auth/schemas').then((m) => m.twoStepCodeSchema)}
					lastResult={actionData?.result}
					values={{ intent: 'verify', method }}
					digits={CODE_DIGITS}
					takeFocus={!actionData}
					submit={t('twoStep.submit')}
					pendingLabel={t('twoStep.pending')}
				/>
			)}
			{method === 'email' && emailCode ? sendCodeForm(t('twoStep.resend')) : null}
			<section className="stack" aria-labelledby="fallback-heading">
				<h2 id="fallback-heading">{t(`${LOST[method]}.title`)}</h2>
				{others.map((way) => (
					<p key={way}>
						<Link to={`${SELF}?method=${way}`}>{t(USE[way])}</Link>
					</p>
				))}
				<p>
					<Trans
						t={t}
						i18nKey={`${LOST[method]}.contact`}
						components={[<Link key="contact" to={href('/contact')} />]}
					/>
				</p>
			</section>
			{/* A POST: a link from another site must not end a sign-in. */}
			<Form method="post">
				<AuthenticityTokenInput />
				<SubmitButton variant="link" name="intent" value="cancel">
					{t('twoStep.cancel')}
				</SubmitButton>
			</Form>
		</section>
	)
}

function RecoveryCodeForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
	const { t } = useTranslation('auth')
	const [form, fields] = useAppForm(() => import('#app/auth/schemas').then((m) => m.recoveryCodeSignInSchema), {
		id: 'two-step-recovery',
		lastResult,
	})
	return (
		<AppForm form={form} labels={{ code: t('twoStep.recovery.label') }}>
			<input type="hidden" name="intent" value="recovery" />
			<TextField
				meta={fields.code}
				label={t('twoStep.recovery.label')}
				hint={t('twoStep.recovery.hint')}
				secret
				autoComplete="off"
				autoCapitalize="none"
				spellCheck={false}
			/>
			<div className="button-row">
				<SubmitButton pendingLabel={t('twoStep.pending')}>{t('twoStep.submit')}</SubmitButton>
			</div>
		</AppForm>
	)
}

const USE = {
	email: 'twoStep.lost.useEmail',
	totp: 'twoStep.lostEmail.useTotp',
	[RECOVERY]: 'twoStep.recovery.use',
	[PASSKEY]: 'twoStep.passkey.use',
} as const
/** Who helps when no way in works. */
const LOST = {
	totp: 'twoStep.lost',
	email: 'twoStep.lostEmail',
	[RECOVERY]: 'twoStep.recovery.lost',
	[PASSKEY]: 'twoStep.passkey.lost',
} as const
