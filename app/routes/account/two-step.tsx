import type { SubmissionResult } from '@conform-to/react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { href, redirect, Link } from 'react-router'
import type { Route } from './+types/two-step'
import type { I18nHandle } from '#app/i18n'
import { activeTwoStepMethods, deactivateTwoStep, type TwoStepMethod } from '#app/api/two-step.server'
import { disableTwoStepSchema as disableSchema } from './schemas'
import { CodesLeft } from '#app/components/recovery-codes-left'
import { AppForm } from '#app/components/ui/app-form'
import { SubmitButton } from '#app/components/ui/button'
import { useAppForm } from '#app/components/ui/use-app-form'
import { TextField } from '#app/components/ui/field'
import { getT } from '#app/i18n.server'
import { invalid, parseForm, replyWithApiError } from '#app/forms/forms.server'
import { metaOf, pageMeta } from '#app/utils/meta'
import { getApi, getSession, getUser } from '#app/context.server'
import { limits } from '#app/api/contract/constants'
import type { Passkey } from '#app/api/contract/passkeys'
import { formatDateTime } from '#app/utils/date-time'

export const handle = { i18n: ['passkeys'] } satisfies I18nHandle

export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)

const RECOVERY_CODES = href('/me/manage/security/multi-factor-authentication/recovery-codes')

const SETUP_PATHS = {
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
		totp: active.includes('totp'),
		emailCode: active.includes('email'),
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
		values: { method: getT(context)(method === 'totp' ? 'account:twoStep.totp' : 'account:twoStep.email') },
	})
	return redirect(href('/me/manage/security/multi-factor-authentication'))
}

/** One password for whichever method is turned off: a button per method that is on (`t` is the page's). */
function DisableForm({
	t,
	methods,
	lastResult,
}: {
	t: TFunction<'account'>
	methods: Array<{ method: TwoStepMethod; title: string }>
	lastResult: SubmissionResult<string[]> | undefined
}) {
	const [form, fields] = useAppForm(() => import('./schemas').then((m) => m.disableTwoStepSchema), {
		id: 'disable-two-step',
		lastResult,
	})
	return (
		<section className="card stack" aria-labelledby="disable-heading">
			<h2 id="disable-heading">{t('twoStep.disableHeading')}</h2>
			<AppForm form={form} labels={{ password: t('twoStep.disablePassword') }} className="form stack">
				<TextField
					meta={fields.password}
					label={t('twoStep.disablePassword')}
					hint={t('twoStep.disableHint')}
					type="password"
					autoComplete="current-password"
				/>
				<div className="button-row">
					{methods.map(({ method, title }) => (
						<SubmitButton key={method} variant="warning" name="method" value={method}>
							{t('twoStep.disableTitle', { method: title })}
						</SubmitButton>
					))}
				</div>
			</AppForm>
		</section>
	)
}

export default function TwoStepOverview({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation('account')
	const methods = [
		{
			method: 'totp' as const,
			on: loaderData.totp,
			title: t('twoStep.totp'),
			description: t('twoStep.totpDescription'),
		},
		{
			method: 'email' as const,
			on: loaderData.emailCode,
			title: t('twoStep.email'),
			description: t('twoStep.emailDescription', { email: loaderData.email }),
		},
	]
	const on = methods.filter((method) => method.on)
	return (
		<section className="stack-lg" aria-labelledby="page-heading">
			<div className="stack">
				<h1 id="page-heading">{t('twoStep.title')}</h1>
				<p>{t('twoStep.intro')}</p>
			</div>
			{methods.map(({ method, on, title, description }) => (
				<section key={method} className="card stack" aria-labelledby={`method-${method}`}>
					<h2 id={`method-${method}`}>
						{title} <span className={`tag${on ? ' tag--ok' : ''}`}>{on ? t('twoStep.on') : t('twoStep.off')}</span>
					</h2>
					<p>{description}</p>
					{on ? null : (
						<p>
							<Link className="button button--secondary" to={SETUP_PATHS[method]}>
								{t('twoStep.enable')} <span className="visually-hidden">{title}</span>
							</Link>
						</p>
					)}
				</section>
			))}
			<Passkeys passkeys={loaderData.passkeys} twoStepOn={on.length > 0} />
			{loaderData.recoveryCodes ? (
				<section className="card stack" aria-labelledby="recovery-heading">
					<h2 id="recovery-heading">{t('twoStep.recoveryHeading')}</h2>
					<p>{t('twoStep.recoveryIntro')}</p>
					<CodesLeft
						t={t}
						remaining={loaderData.recoveryCodes.remaining}
						generatedAt={loaderData.recoveryCodes.generated_at}
					/>
					<p>
						<Link to={RECOVERY_CODES}>{t('twoStep.recoveryLink')}</Link>
					</p>
				</section>
			) : null}
			{on.length ? <DisableForm t={t} methods={on} lastResult={actionData?.result} /> : null}
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
