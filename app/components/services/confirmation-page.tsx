import type { FieldMetadata, SubmissionResult } from '@conform-to/react'
import type { ParseKeys } from 'i18next'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { CODE_DIGITS } from '#app/auth/code'
import { CodeField } from '#app/components/code-field'
import { TextField } from '#app/components/ui/field'
import { IDENTITY_FIELD, IDENTITY_METHOD_PARAM, type IdentityCheck } from '#app/services/identity'
import { AppForm } from '#app/components/ui/app-form'
import { SubmitButton } from '#app/components/ui/button'
import { Notice } from '#app/components/ui/notice'
import { useAppForm } from '#app/components/ui/use-app-form'
import type { Namespace } from '#app/locales/index'

/** What `confirmationLoader` returns: where the page came from, its heading, refusals, and the identity step's state. */
type ConfirmationData = { back: string; heading: string; refusals?: readonly string[] | null; identity?: IdentityCheck }

type Keys<NS extends Namespace> = ParseKeys<NS> & string

/** A change's keys: `<verb>.confirm` is the button, `<verb>.pending` it while the change is sent. */
type Verb<NS extends Namespace> = {
	[K in Keys<NS>]: K extends `${infer V}.pending` ? (`${V}.confirm` extends Keys<NS> ? V : never) : never
}[Keys<NS>]

/** A confirm-then-post route's page (decision 0018; works without JS); refusals replace its button. */
export function confirmationPage<NS extends Namespace, D extends ConfirmationData>({
	ns,
	id,
	verb,
	backLabel,
	refusedBackLabel,
	warning = false,
	body,
}: {
	ns: NS
	id: string
	verb: Verb<NS>
	/** The link's text beside the button, and when the change is refused. */
	backLabel: Keys<NS>
	refusedBackLabel: Keys<NS>
	warning?: boolean
	body: (t: ReturnType<typeof useTranslation<NS>>['t'], data: D) => ReactNode
}) {
	return function Confirmation({ loaderData: data, actionData }: { loaderData: D; actionData?: ActionData }) {
		const { t } = useTranslation(ns)
		const { t: identityT } = useTranslation('identity')
		// The keys are checked where the route names them (`Keys<NS>`, `Verb<NS>`).
		const label = t as unknown as (key: string) => string
		const { back, refusals, identity } = data
		const lastResult = actionData?.result
		const [form, fields] = useAppForm(
			() => import('#app/auth/schemas').then((m) => (identity ? m.confirmIdentitySchema : m.confirmSchema)),
			{ id, lastResult },
		)
		return (
			<section className="stack-lg" aria-labelledby="page-heading">
				<h1 id="page-heading">{data.heading}</h1>
				<div className="stack">{body(t, data)}</div>
				{refusals?.length && !lastResult ? (
					<>
						{refusals.length === 1 ? (
							<Notice tone="error" title={refusals[0]} />
						) : (
							<Notice tone="error">
								<ul>
									{refusals.map((refusal) => (
										<li key={refusal}>{refusal}</li>
									))}
								</ul>
							</Notice>
						)}
						<p>
							<Link to={back}>{label(refusedBackLabel)}</Link>
						</p>
					</>
				) : (
					<AppForm form={form} labels={{ password: identityT('password'), code: identityT('code') }}>
						{identity ? <IdentityStep identity={identity} fields={fields} /> : null}
						<div className="button-row">
							<SubmitButton variant={warning ? 'warning' : 'primary'} pendingLabel={label(`${verb}.pending`)}>
								{label(`${verb}.confirm`)}
							</SubmitButton>
							<Link to={back}>{label(backLabel)}</Link>
						</div>
					</AppForm>
				)}
			</section>
		)
	}
}

type ActionData = { result?: SubmissionResult<string[]> }

type IdentityStepProps = {
	identity: IdentityCheck
	fields: { password?: FieldMetadata<unknown>; code?: FieldMetadata<unknown> }
}

/** Not asked again within minutes of a confirmation. */
function IdentityStep({ identity, fields }: IdentityStepProps) {
	const { t } = useTranslation('identity')
	if (identity.confirmed) {
		return (
			<>
				<input type="hidden" name={IDENTITY_FIELD} value="confirmed" />
				<p className="muted">{t('remembered', { count: identity.minutesLeft })}</p>
			</>
		)
	}
	const { use, alternative, minutes } = identity
	return (
		<>
			<input type="hidden" name={IDENTITY_FIELD} value={use} />
			<fieldset className="stack">
				<legend>
					<h2>{t('title')}</h2>
				</legend>
				<p>{t(`why.${use}`, { count: minutes })}</p>
				{use === 'totp' && fields.code ? (
					<CodeField meta={fields.code} label={t('code')} digits={CODE_DIGITS} />
				) : fields.password ? (
					<TextField meta={fields.password} label={t('password')} type="password" autoComplete="current-password" />
				) : null}
				{alternative ? (
					<p>
						<Link to={{ search: alternative === 'password' ? '' : `?${IDENTITY_METHOD_PARAM}=${alternative}` }} replace>
							{alternative === 'totp' ? t('useTotp') : t('usePassword')}
						</Link>
					</p>
				) : null}
			</fieldset>
		</>
	)
}
