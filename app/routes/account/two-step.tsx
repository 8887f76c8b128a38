import type { SubmissionResult } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { href, redirect, Link } from 'react-router'
import type { Route } from './+types/two-step'
import type { I18nHandle } from '#app/i18n'
import { activeTwoStepMethods, deactivateTwoStep, type TwoStepMethod } from '#app/api/two-step.server'
import { disableTwoStepSchema as disableSchema } from './schemas'
import { CurrentPasswordField } from '#app/components/account-fields'
import { CodesLeft } from '#app/components/recovery-codes-left'
import { AppForm } from '#app/components/ui/app-form'
import { SubmitButton } from '#app/components/ui/button'
import { useAppForm } from '#app/components/ui/use-app-form'
import { getT } from '#app/i18n.server'
import { invalid, parseForm, replyWithApiError } from '#app/forms/forms.server'
import { metaOf, pageMeta } from '#app/utils/meta'
import { getApi, getSession, getUser } from '#app/context.server'
import { limits } from '#app/api/contract/constants'
import type { Passkey } from '#app/api/contract/passkeys'
import { formatDateTime } from '#app/utils/date-time'

export const handle = { i18n: ['passkeys'] } satisfies I18nHandle

export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)

const METHODS = ['totp', 'email'] as const
const SETUP = {
	totp: href('/me/manage/security/multi-factor-authentication/totp'),
	email: href('/me/manage/security/multi-factor-authentication/email'),
}

export async function loader({ context }: Route.LoaderArgs) {
	const api = getApi(context)
	const [active, user, passkeys] = await Promise.all([
		activeTwoStepMethods(api),
		getUser(context),
		api.call('listPasskeys', { query: { per_page: limits.perPageMax } }),
	])
	const t = getT(context)
	return {
		email: user.email,
		on: METHODS.filter((method) => active.includes(method)),
		recoveryCodes: user.recovery_codes,
		passkeys: passkeys.data,
		...pageMeta(t, t('account:twoStep.title')),
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	const { submission } = parseForm(context, disableSchema)
	if (submission.status !== 'success') return invalid(submission)
	const { method, password } = submission.value
	try {
		await deactivateTwoStep(getApi(context), method, password)
	} catch (error) {
		return replyWithApiError(submission, error, context, { fields: ['password'], request })
	}
	await getSession(context).setFlash({
		tone: 'success',
		key: 'account:twoStep.disabled',
		values: { method: getT(context)(`account:twoStep.${method}`) },
	})
	return redirect(href('/me/manage/security/multi-factor-authentication'))
}

/** One password for whichever method is turned off: a button per method that is on. */
function DisableForm({ methods, lastResult }: { methods: TwoStepMethod[]; lastResult?: SubmissionResult<string[]> }) {
	const { t } = useTranslation('account')
	const [form, fields] = useAppForm(() => import('./schemas').then((m) => m.disableTwoStepSchema), {
		id: 'disable-two-step',
		lastResult,
	})
	return (
		<section className="card stack" aria-labelledby="disable-heading">
			<h2 id="disable-heading">{t('twoStep.disableHeading')}</h2>
			<AppForm form={form} labels={{ password: t('twoStep.disablePassword') }} className="form stack">
				<CurrentPasswordField
					meta={fields.password}
					label={t('twoStep.disablePassword')}
					hint={t('twoStep.disableHint')}
				/>
				<div className="button-row">
					{methods.map((method) => (
						<SubmitButton key={method} variant="warning" name="method" value={method}>
							{t('twoStep.disableTitle', { method: t(`twoStep.${method}`) })}
						</SubmitButton>
					))}
				</div>
			</AppForm>
		</section>
	)
}

export default function TwoStepOverview({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation('account')
	const { email, on, recoveryCodes } = loaderData
	return (
		<section className="stack-lg" aria-labelledby="page-heading">
			<div className="stack">
				<h1 id="page-heading">{t('twoStep.title')}</h1>
				<p>{t('twoStep.intro')}</p>
			</div>
			{METHODS.map((method) => (
				<section key={method} className="card stack" aria-labelledby={`method-${method}`}>
					<h2 id={`method-${method}`}>
						{t(`twoStep.${method}`)}{' '}
						{on.includes(method) ? (
							<span className="tag tag--ok">{t('twoStep.on')}</span>
						) : (
							<span className="tag">{t('twoStep.off')}</span>
						)}
					</h2>
					<p>{t(`twoStep.${method}Description`, { email })}</p>
					{on.includes(method) ? null : (
						<p>
							<Link className="button button--secondary" to={SETUP[method]}>
								{t('twoStep.enable')} <span className="visually-hidden">{t(`twoStep.${method}`)}</span>
							</Link>
						</p>
					)}
				</section>
			))}
			<Passkeys passkeys={loaderData.passkeys} twoStepOn={on.length > 0} />
			{recoveryCodes ? (
				<section className="card stack" aria-labelledby="recovery-heading">
					<h2 id="recovery-heading">{t('twoStep.recoveryHeading')}</h2>
					<p>{t('twoStep.recoveryIntro')}</p>
					<CodesLeft t={t} remaining={recoveryCodes.remaining} generatedAt={recoveryCodes.generated_at} />
					<p>
						<Link to={href('/me/manage/security/multi-factor-authentication/recovery-codes')}>
							{t('twoStep.recoveryLink')}
						</Link>
					</p>
				</section>
			) : null}
			{on.length ? <DisableForm methods={on} lastResult={actionData?.result} /> : null}
		</section>
	)
}

/** Decision 0041: an extra way, added once another method is on. */
function Passkeys({ passkeys, twoStepOn }: { passkeys: Passkey[]; twoStepOn: boolean }) {
	const { t } = useTranslation('passkeys')
	return (
		<section className="card stack" aria-labelledby="passkeys-heading">
			<h2 id="passkeys-heading">{t('title')}</h2>
			<p>{t('intro')}</p>
			{passkeys.length ? (
				<ul className="service-list" aria-label={t('listLabel')}>
					{passkeys.map((passkey) => (
						<li key={passkey.id} className="stack">
							<h3>{passkey.name}</h3>
							<p className="muted">
								{t('added', { date: formatDateTime(passkey.created_at) })}{' '}
								{passkey.last_used_at ? t('lastUsed', { date: formatDateTime(passkey.last_used_at) }) : t('neverUsed')}
							</p>
							<p>
								<Link
									to={href('/me/manage/security/multi-factor-authentication/passkeys/:passkeyId/remove', {
										passkeyId: passkey.id,
									})}
								>
									{t('remove.link')} <span className="visually-hidden">{passkey.name}</span>
								</Link>
							</p>
						</li>
					))}
				</ul>
			) : null}
			{twoStepOn ? (
				<p>
					<Link
						className="button button--secondary"
						to={href('/me/manage/security/multi-factor-authentication/passkeys/new')}
					>
						{t('add')}
					</Link>
				</p>
			) : (
				<p>{t('needsMethod')}</p>
			)}
		</section>
	)
}
