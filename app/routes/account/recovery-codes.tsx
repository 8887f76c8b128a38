import type { SubmissionResult } from '@conform-to/react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { href, Link, redirect } from 'react-router'
import type { Route } from './+types/recovery-codes'
import { keepNewCodes, newCodesOf, RECOVERY_CODES_PAGE } from '#app/auth/recovery-codes.server'
import { CurrentPasswordField } from '#app/components/account-fields'
import { CodesLeft } from '#app/components/recovery-codes-left'
import { AppForm } from '#app/components/ui/app-form'
import { Notice } from '#app/components/ui/notice'
import { SubmitButton } from '#app/components/ui/button'
import { CopyButton } from '#app/components/ui/copy-button'
import { CheckboxField } from '#app/components/ui/field'
import { useAppForm } from '#app/components/ui/use-app-form'
import { getApi, getFormData, getSession, getUser } from '#app/context.server'
import { invalid, parseForm, replyWithApiError } from '#app/forms/forms.server'
import { getT } from '#app/i18n.server'
import { metaOf, pageMeta } from '#app/utils/meta'
import { RECOVERY_INTENT } from './intents'
import { newRecoveryCodesSchema, recoveryCodesKeptSchema } from './schemas'

export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)

const TWO_STEP_PAGE = href('/me/manage/security/multi-factor-authentication')
const DOWNLOAD = href('/me/manage/security/multi-factor-authentication/recovery-codes.txt')

export async function loader({ context }: Route.LoaderArgs) {
	const [user, fresh] = await Promise.all([getUser(context), newCodesOf(context)])
	const t = getT(context)
	return {
		fresh: fresh?.codes ?? null,
		status: user.recovery_codes,
		...pageMeta(t, t(fresh ? 'account:recoveryCodes.saveTitle' : 'account:recoveryCodes.title')),
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	const session = getSession(context)
	if (getFormData(context).get('intent') === RECOVERY_INTENT.kept) {
		const { submission } = parseForm(context, recoveryCodesKeptSchema)
		if (submission.status !== 'success') return invalid(submission)
		await session.clearSealed('recoveryCodes')
		await session.setFlash({ tone: 'success', key: 'account:recoveryCodes.kept' })
		return redirect(TWO_STEP_PAGE)
	}
	const { submission } = parseForm(context, newRecoveryCodesSchema)
	if (submission.status !== 'success') return invalid(submission)
	try {
		const { password } = submission.value
		await keepNewCodes(context, (await getApi(context).call('createRecoveryCodes', { body: { password } })).data)
	} catch (error) {
		return replyWithApiError(submission, error, context, { fields: ['password'], request })
	}
	return redirect(RECOVERY_CODES_PAGE)
}

export default function RecoveryCodes({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation('account')
	const { fresh, status } = loaderData
	return (
		<section className="stack-lg" aria-labelledby="page-heading">
			{fresh ? (
				<NewCodes t={t} codes={fresh} lastResult={actionData?.result} />
			) : (
				<>
					<div className="stack">
						<h1 id="page-heading">{t('recoveryCodes.title')}</h1>
						<p>{t('recoveryCodes.intro')}</p>
						{status ? <CodesLeft t={t} remaining={status.remaining} generatedAt={status.generated_at} /> : null}
					</div>
					{status ? (
						<NewSetForm t={t} lastResult={actionData?.result} />
					) : (
						// Two-step off: no codes to show or make; the way to turn it on.
						<Notice title={t('recoveryCodes.twoStepOff')}>
							<p>
								<Link to={TWO_STEP_PAGE}>{t('recoveryCodes.twoStepOffLink')}</Link>
							</p>
						</Notice>
					)}
				</>
			)}
		</section>
	)
}

type LastResult = SubmissionResult<string[]>

function NewCodes({ t, codes, lastResult }: { t: TFunction<'account'>; codes: string[]; lastResult?: LastResult }) {
	const [form, fields] = useAppForm(() => import('./schemas').then((m) => m.recoveryCodesKeptSchema), {
		id: 'recovery-codes-kept',
		lastResult,
	})
	return (
		<>
			<div className="stack">
				<h1 id="page-heading">{t('recoveryCodes.saveTitle')}</h1>
				<p>{t('recoveryCodes.saveIntro')}</p>
				<ol className="recovery-codes" aria-label={t('recoveryCodes.listLabel')}>
					{codes.map((code) => (
						<li key={code}>
							<code>{code}</code>
						</li>
					))}
				</ol>
				<div className="button-row">
					<a className="button button--secondary" href={DOWNLOAD} download>
						{t('recoveryCodes.download')}
					</a>
					<CopyButton
						value={codes.join('\n')}
						label={t('recoveryCodes.copy')}
						copiedLabel={t('recoveryCodes.copied')}
					/>
				</div>
			</div>
			<AppForm form={form} labels={{ kept: t('recoveryCodes.keptLabel') }}>
				<input type="hidden" name="intent" value={RECOVERY_INTENT.kept} />
				<CheckboxField meta={fields.kept} label={t('recoveryCodes.keptLabel')} />
				<div className="button-row">
					<SubmitButton>{t('recoveryCodes.done')}</SubmitButton>
				</div>
			</AppForm>
		</>
	)
}

function NewSetForm({ t, lastResult }: { t: TFunction<'account'>; lastResult?: LastResult }) {
	const [form, fields] = useAppForm(() => import('./schemas').then((m) => m.newRecoveryCodesSchema), {
		id: 'new-recovery-codes',
		lastResult,
	})
	return (
		<section className="card stack" aria-labelledby="new-codes-heading">
			<h2 id="new-codes-heading">{t('recoveryCodes.newHeading')}</h2>
			<AppForm form={form} labels={{ password: t('recoveryCodes.password') }} className="form stack">
				<input type="hidden" name="intent" value={RECOVERY_INTENT.generate} />
				<CurrentPasswordField
					meta={fields.password}
					label={t('recoveryCodes.password')}
					hint={t('recoveryCodes.newHint')}
				/>
				<div className="button-row">
					<SubmitButton pendingLabel={t('recoveryCodes.newPending')}>{t('recoveryCodes.new')}</SubmitButton>
					<Link to={TWO_STEP_PAGE}>{t('twoStep.back')}</Link>
				</div>
			</AppForm>
		</section>
	)
}
