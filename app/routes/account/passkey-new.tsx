import { useTranslation } from 'react-i18next'
import { href, Link } from 'react-router'
import type { Route } from './+types/passkey-new'
import { passkeyRules } from '#app/api/contract/constants'
import { needsIdentityConfirmation } from '#app/api/identity.server'
import { activeTwoStepMethods } from '#app/api/two-step.server'
import { PasskeyCeremony, type CeremonyField } from '#app/components/passkey-ceremony'
import { Notice } from '#app/components/ui/notice'
import { getApi, getFormData } from '#app/context.server'
import { invalid, parseForm, replyWithApiError } from '#app/forms/forms.server'
import type { I18nHandle } from '#app/i18n'
import { getT } from '#app/i18n.server'
import { confirmChange } from '#app/services/confirm.server'
import { revalidateWhenIdentityEnded } from '#app/services/identity'
import { metaOf, pageMeta } from '#app/utils/meta'
import { agentName } from '#app/utils/user-agent'
import { readUserAgent } from '#app/utils/user-agent.server'
import { PASSKEY_INTENT } from './intents'
import { newPasskeySchema, passkeyOptionsSchema } from './schemas'

export const handle = { i18n: ['passkeys', 'identity'] } satisfies I18nHandle
export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)
export const shouldRevalidate = revalidateWhenIdentityEnded

const TWO_STEP_PAGE = href('/me/manage/security/multi-factor-authentication')

export async function loader({ context }: Route.LoaderArgs) {
	const api = getApi(context)
	const [methods, identity] = await Promise.all([activeTwoStepMethods(api), api.call('getIdentityConfirmation')])
	const t = getT(context)
	return {
		twoStepOn: methods.length > 0,
		identityConfirmed: identity.data.confirmed,
		...pageMeta(t, t('passkeys:new.title')),
	}
}

/** Decision 0041: the options after the identity step (0022) in one post, then the browser's new passkey. */
export async function action(args: Route.ActionArgs) {
	const { context, request } = args
	const api = getApi(context)
	const t = getT(context)
	if (getFormData(context).get('intent') === PASSKEY_INTENT.options) {
		const { submission } = parseForm(context, passkeyOptionsSchema)
		if (submission.status !== 'success') return invalid(submission)
		const { password } = submission.value
		try {
			if (password) await api.call('confirmIdentity', { body: { password } })
			return { passkeyOptions: (await api.call('createPasskeyRegistrationOptions')).data, result: undefined }
		} catch (error) {
			if (needsIdentityConfirmation(error))
				return invalid(submission, { fieldErrors: { password: [t('identity:ended')] } }, 403)
			return replyWithApiError(submission, error, context, { fields: ['password'], request })
		}
	}
	const { submission } = parseForm(context, newPasskeySchema)
	if (submission.status !== 'success') return invalid(submission)
	const agent = readUserAgent(request.headers.get('user-agent'))
	const name =
		submission.value.name ??
		agentName(agent, (browser, system) => t('common:browserOnSystem', { browser, system })) ??
		t('passkeys:defaultName')
	return confirmChange(
		args,
		() => api.call('createPasskey', { body: { name, credential: submission.value.credential } }),
		() => ({ flash: { tone: 'success', key: 'passkeys:addedFlash', values: { name } }, to: TWO_STEP_PAGE }),
	)
}

export default function NewPasskey({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation(['passkeys', 'identity'])
	const fields: CeremonyField[] = [
		{ name: 'name', label: t('new.name'), hint: t('new.nameHint'), maxLength: passkeyRules.nameMax },
	]
	if (!loaderData.identityConfirmed) {
		fields.push({
			name: 'password',
			label: t('identity:password'),
			hint: t('new.passwordHint'),
			type: 'password',
			autoComplete: 'current-password',
		})
	}
	return (
		<section className="stack-lg" aria-labelledby="page-heading">
			<div className="stack">
				<h1 id="page-heading">{t('new.title')}</h1>
				<p>{t('intro')}</p>
			</div>
			{loaderData.twoStepOn ? (
				<>
					<p>{t('new.how')}</p>
					<PasskeyCeremony
						ceremony="create"
						optionsIntent={PASSKEY_INTENT.options}
						submitIntent={PASSKEY_INTENT.create}
						label={t('new.submit')}
						lastResult={actionData?.result}
						fields={fields}
						fallback={<Notice tone="warning" title={t('new.needsJavaScript')} />}
					/>
				</>
			) : (
				<Notice title={t('needsMethod')} />
			)}
			<p>
				<Link to={TWO_STEP_PAGE}>{t('back')}</Link>
			</p>
		</section>
	)
}
