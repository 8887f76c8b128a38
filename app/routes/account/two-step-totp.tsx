import QRCode from 'qrcode'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, redirect } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { z } from 'zod'
import type { Route } from './+types/two-step-totp'
import { getApi, getSession } from '#app/api/context.server'
import { CODE_DIGITS, codeField } from '#app/auth/schemas'
import { CodeField } from '#app/components/code-field'
import { AppForm } from '#app/components/ui/app-form'
import { Button, SubmitButton } from '#app/components/ui/button'
import { useAppForm } from '#app/components/ui/use-app-form'
import { invalid, parseForm, replyWithApiError } from '#app/utils/forms.server'
import { pageTitle } from '#app/utils/meta'
import { groupKey } from '#app/utils/setup-key'

export const meta: Route.MetaFunction = () => pageTitle('Turn on the authenticator app')

const schema = z.object({ code: codeField })
const OVERVIEW = '/me/manage/security/multi-factor-authentication'

export async function loader({ context }: Route.LoaderArgs) {
	const api = getApi(context)
	const session = getSession(context)
	const active = (await api.userAuthentications()).some((a) => a.authentication_type.key === 'totp' && a.active)
	if (active) {
		await session.clearSetup('totp')
		throw redirect(OVERVIEW)
	}
	// Keep one secret while the partner scans it, across wrong codes and reloads.
	let setup = session.getSetup('totp')
	if (!setup) {
		const secret = await api.createTotpSecret()
		setup = { secret: secret.secret, uri: secret.otpauth_uri, digits: secret.digits }
		await session.setSetup('totp', setup)
	}
	// Rendered on the server as inline SVG: works without JS, allowed by the CSP.
	const qrSvg = await QRCode.toString(setup.uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' })
	return { qrSvg, key: groupKey(setup.secret), digits: setup.digits }
}

export async function action({ request, context }: Route.ActionArgs) {
	const { submission } = parseForm(context, schema)
	if (submission.status !== 'success') return invalid(submission)
	try {
		await getApi(context).activateTwoStep('totp', submission.value.code)
	} catch (error) {
		return replyWithApiError(submission, error, context, { fields: ['code'], request })
	}
	const session = getSession(context)
	await session.clearSetup('totp')
	await session.setFlash({ tone: 'success', key: 'account:twoStep.enabled', values: { method: 'Authenticator app' } })
	return redirect(OVERVIEW)
}

function CopyKey({ value }: { value: string }) {
	const { t } = useTranslation('account')
	const hydrated = useHydrated()
	const [copied, setCopied] = useState(false)
	if (!hydrated) return null
	return (
		<>
			<Button
				variant="secondary"
				onClick={() => {
					void navigator.clipboard?.writeText(value.replace(/\s/g, '')).then(() => setCopied(true))
				}}
			>
				{t('totp.copy')}
			</Button>
			<span role="status">{copied ? t('totp.copied') : ''}</span>
		</>
	)
}

export default function EnableTotp({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation(['account', 'auth'])
	const [form, fields] = useAppForm(schema, { id: 'enable-totp', lastResult: actionData?.result })
	return (
		<section className="stack-lg" aria-labelledby="page-heading">
			<h1 id="page-heading">{t('totp.title')}</h1>
			<div className="stack">
				<p>{t('totp.step1')}</p>
				<div className="qr" role="img" aria-label={t('totp.qrLabel')} dangerouslySetInnerHTML={{ __html: loaderData.qrSvg }} />
				<p>{t('totp.manual')}</p>
				<div className="button-row">
					<code className="setup-key" aria-label={t('totp.manualLabel')}>
						{loaderData.key}
					</code>
					<CopyKey value={loaderData.key} />
				</div>
			</div>
			<div className="stack">
				<p>{t('totp.step2', { digits: loaderData.digits ?? CODE_DIGITS })}</p>
				<AppForm form={form} labels={{ code: t('auth:fields.code') }}>
					<CodeField meta={fields.code} label={t('auth:fields.code')} digits={loaderData.digits ?? CODE_DIGITS} />
					<div className="button-row">
						<SubmitButton pendingLabel={t('totp.pending')}>{t('totp.submit')}</SubmitButton>
						<Link to={OVERVIEW}>{t('twoStep.back')}</Link>
					</div>
				</AppForm>
			</div>
		</section>
	)
}
