import { useTranslation } from 'react-i18next'
import { href, redirect, Link } from 'react-router'
import type { Route } from './+types/two-step-email'
import { activateTwoStep, activeTwoStepMethods } from '#app/api/two-step.server'
import { CODE_DIGITS } from '#app/auth/code'
import { twoStepTurnedOn } from '#app/auth/recovery-codes.server'
import {
	afterSend,
	codeExpiredReply,
	expiredState,
	isCodeExpired,
	resendInSeconds,
	resendRefused,
	sendCode,
} from '#app/auth/email-code.server'
import { emailCodeSchema as schema } from './schemas'
import { CodeForm, SendCodeForm } from '#app/components/code-field'
import { getT } from '#app/i18n.server'
import { invalid, parseForm, replyWithApiError } from '#app/forms/forms.server'
import { metaOf, pageMeta } from '#app/utils/meta'
import { getApi, getFormData, getSession, getUser } from '#app/context.server'

export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)

const OVERVIEW = href('/me/manage/security/multi-factor-authentication')
const SELF = href('/me/manage/security/multi-factor-authentication/email')

export async function loader({ context }: Route.LoaderArgs) {
	const [methods, user] = await Promise.all([activeTwoStepMethods(getApi(context)), getUser(context)])
	const session = getSession(context)
	if (methods.includes('email')) {
		await session.clearSealed('emailCode')
		throw redirect(OVERVIEW)
	}
	const setup = session.getSealed('emailCode', user.id)
	const t = getT(context)
	return {
		email: user.email,
		emailCode: setup?.code ?? null,
		resendInSeconds: resendInSeconds(setup?.resendAvailableAt),
		...pageMeta(t, t('account:emailMethod.title'), t('common:meta.descriptions.twoStepEmail')),
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	const session = getSession(context)
	const api = getApi(context)
	const { id: userId } = await getUser(context)
	const setup = session.getSealed('emailCode', userId) ?? undefined
	if (getFormData(context).get('intent') === 'send') {
		try {
			const { state, refused } = afterSend(await sendCode(api), setup)
			await session.setSealed('emailCode', state, userId)
			return refused ? resendRefused(refused) : redirect(SELF)
		} catch (error) {
			return replyWithApiError(null, error, context, { request })
		}
	}
	const { submission } = parseForm(context, schema)
	if (submission.status !== 'success') return invalid(submission)
	try {
		const codes = await activateTwoStep(api, 'email', submission.value.code)
		await session.clearSealed('emailCode')
		return twoStepTurnedOn(context, 'email', codes)
	} catch (error) {
		if (isCodeExpired(error)) {
			// Long past the resend interval: a new code can be sent at once.
			await session.setSealed('emailCode', expiredState(setup), userId)
			return codeExpiredReply(submission, getT(context))
		}
		return replyWithApiError(submission, error, context, { fields: ['code'], request })
	}
}

export default function EnableEmailCode({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation(['account', 'auth'])
	const { email, emailCode } = loaderData
	const sent = emailCode !== null
	return (
		<section className="stack-lg" aria-labelledby="page-heading">
			<div className="stack">
				<h1 id="page-heading">{t('emailMethod.title')}</h1>
				<p>
					{emailCode === 'sent'
						? t('emailMethod.sent', { email })
						: emailCode === 'earlier'
							? t('auth:twoStep.emailEarlier', { email })
							: t('emailMethod.intro', { digits: CODE_DIGITS, email })}
				</p>
			</div>
			{sent ? (
				<CodeForm
					id="enable-email-code"
					schema={() => import('./schemas').then((m) => m.emailCodeSchema)}
					lastResult={actionData?.result}
					values={{ intent: 'activate' }}
					digits={CODE_DIGITS}
					submit={t('emailMethod.submit')}
					pendingLabel={t('emailMethod.pending')}
				/>
			) : null}
			<SendCodeForm
				loaderData={loaderData}
				actionData={actionData}
				intent="send"
				label={sent ? t('emailMethod.resend') : t('emailMethod.send')}
				variant={sent ? 'secondary' : 'primary'}
			/>
			<p>
				<Link to={OVERVIEW}>{t('twoStep.back')}</Link>
			</p>
		</section>
	)
}
