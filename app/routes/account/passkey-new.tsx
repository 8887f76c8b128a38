import { useTranslation } from 'react-i18next'
import { href, Link } from 'react-router'
import type { Route } from './+types/passkey-new'
import { passkeyRules } from '#app/api/contract/constants'
import { needsIdentityConfirmation } from '#app/api/identity.server'
import { activeTwoStepMethods } from '#app/api/two-step.server'
import { AnswerErrors } from '#app/components/passkey-answer'
import { PasskeyCeremony } from '#app/components/passkey-ceremony'
import { ConfirmationPage } from '#app/components/services/confirmation-page'
import { Notice } from '#app/components/ui/notice'
import { getApi, getFormData } from '#app/context.server'
import { invalid, parseForm, replyWithApiError } from '#app/forms/forms.server'
import type { I18nHandle } from '#app/i18n'
import { getT } from '#app/i18n.server'
import { confirmChange } from '#app/services/confirm.server'
import { confirmationAction, confirmationLoader } from '#app/services/confirmation.server'
import { revalidateWhenIdentityEnded } from '#app/services/identity'
import { metaOf } from '#app/utils/meta'
import { readUserAgent } from '#app/utils/user-agent.server'
import { PASSKEY_INTENT } from './intents'
import { newPasskeySchema, passkeyOptionsSchema } from './schemas'

export const handle = { i18n: ['account', 'identity', 'auth'] } satisfies I18nHandle
export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)
export const shouldRevalidate = revalidateWhenIdentityEnded

const TWO_STEP_PAGE = href('/me/manage/security/multi-factor-authentication')
const NAME_FIELD = 'passkey-name'

export const loader = confirmationLoader('ask', async ({ context }: Route.LoaderArgs, t) => {
	const methods = await activeTwoStepMethods(getApi(context))
	return { back: TWO_STEP_PAGE, heading: t('account:passkeys.new.title'), twoStepOn: methods.length > 0 }
})

/** The identity step (decision 0022), then the options and the browser's new passkey (decision 0041). */
export async function action(args: Route.ActionArgs) {
	const { context, request } = args
	const intent = getFormData(context).get('intent')
	const t = getT(context)
	if (intent === PASSKEY_INTENT.options) {
		const { submission } = parseForm(context, passkeyOptionsSchema)
		if (submission.status !== 'success') return invalid(submission)
		try {
			const { data } = await getApi(context).call('createPasskeyRegistrationOptions')
			return { passkeyOptions: data, result: undefined }
		} catch (error) {
			if (needsIdentityConfirmation(error)) return invalid(submission, { formErrors: [t('identity:ended')] }, 403)
			return replyWithApiError(submission, error, context, { request })
		}
	}
	if (intent === PASSKEY_INTENT.create) {
		const { submission } = parseForm(context, newPasskeySchema)
		if (submission.status !== 'success') return invalid(submission)
		const agent = readUserAgent(request.headers.get('user-agent'))
		const name =
			submission.value.name ??
			(agent?.browser && agent.system
				? t('common:browserOnSystem', { browser: agent.browser, system: agent.system })
				: t('account:passkeys.defaultName'))
		return confirmChange(
			args,
			() => getApi(context).call('createPasskey', { body: { name, credential: submission.value.credential } }),
			() => ({ flash: { tone: 'success', key: 'account:passkeys.addedFlash', values: { name } }, to: TWO_STEP_PAGE }),
		)
	}
	return identityStep(args)
}

const identityStep = confirmationAction({
	identity: true,
	change: async () => undefined,
	done: () => ({
		key: 'account:passkeys.new.identityConfirmed',
		to: href('/me/manage/security/multi-factor-authentication/passkeys/new'),
	}),
})

export default function NewPasskey({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation('account')
	const { identity, heading, twoStepOn } = loaderData
	if (!twoStepOn) {
		return (
			<section className="stack-lg" aria-labelledby="page-heading">
				<h1 id="page-heading">{heading}</h1>
				<Notice title={t('passkeys.needsMethod')}>
					<p>
						<Link to={TWO_STEP_PAGE}>{t('twoStep.back')}</Link>
					</p>
				</Notice>
			</section>
		)
	}
	if (identity && !identity.confirmed) {
		return (
			<ConfirmationPage
				id="passkey-identity"
				title={heading}
				confirmLabel={t('passkeys.new.continue')}
				pendingLabel={t('passkeys.new.checking')}
				back={TWO_STEP_PAGE}
				backLabel={t('twoStep.back')}
				refusedBackLabel={t('twoStep.back')}
				identity={identity}
				lastResult={actionData?.result}
			>
				<p>{t('passkeys.intro')}</p>
			</ConfirmationPage>
		)
	}
	return (
		<section className="stack-lg" aria-labelledby="page-heading">
			<div className="stack">
				<h1 id="page-heading">{heading}</h1>
				<p>{t('passkeys.intro')}</p>
				<p>{t('passkeys.new.how')}</p>
			</div>
			<AnswerErrors result={actionData?.result} />
			<PasskeyCeremony
				ceremony="create"
				optionsIntent={PASSKEY_INTENT.options}
				submitIntent={PASSKEY_INTENT.create}
				label={t('passkeys.new.submit')}
				fallback={<Notice tone="warning" title={t('passkeys.new.needsJavaScript')} />}
			>
				<div className="field">
					<label className="field__label" htmlFor={NAME_FIELD}>
						{t('passkeys.new.name')}
					</label>
					<p className="field__hint" id={`${NAME_FIELD}-hint`}>
						{t('passkeys.new.nameHint')}
					</p>
					<input
						className="field__input"
						id={NAME_FIELD}
						name="name"
						maxLength={passkeyRules.nameMax}
						aria-describedby={`${NAME_FIELD}-hint`}
						autoComplete="off"
					/>
				</div>
			</PasskeyCeremony>
			<p>
				<Link to={TWO_STEP_PAGE}>{t('twoStep.back')}</Link>
			</p>
		</section>
	)
}
