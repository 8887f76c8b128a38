import QRCode from 'qrcode'
import { useTranslation } from 'react-i18next'
import { Form, href, redirect, Link, type RouterContextProvider } from 'react-router'
import { AuthenticityTokenInput } from 'remix-utils/csrf/react'
import type { Route } from './+types/two-step-totp'
import { activateTwoStep, activeTwoStepMethods, createTotpSecret } from '#app/api/two-step.server'
import { ApiError } from '#app/api/errors'
import { twoStepTurnedOn } from '#app/auth/recovery-codes.server'
import { totpSchema as schema } from './schemas'
import { CodeForm } from '#app/components/code-field'
import { Notice } from '#app/components/ui/notice'
import { SubmitButton } from '#app/components/ui/button'
import { CopyableValue } from '#app/components/ui/copy-button'
import { getT } from '#app/i18n.server'
import { invalid, parseForm, replyWithApiError } from '#app/forms/forms.server'
import { metaOf, pageMeta } from '#app/utils/meta'
import { groupKey } from '#app/utils/setup-key'
import { getApi, getFormData, getSession, getUser } from '#app/context.server'

export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)

const OVERVIEW = href('/me/manage/security/multi-factor-authentication')
const SELF = href('/me/manage/security/multi-factor-authentication/totp')

export async function loader({ request, context }: Route.LoaderArgs) {
	const session = getSession(context)
	const t = getT(context)
	const meta = pageMeta(t, t('account:totp.title'))
	const [methods, user] = await Promise.all([activeTwoStepMethods(getApi(context)), getUser(context)])
	if (methods.includes('totp')) {
		await session.clearSealed('totp')
		throw redirect(OVERVIEW)
	}
	// A request another site made the browser send creates no secret: the start button remains.
	const setup =
		session.getSealed('totp', user.id) ??
		// Should the API refuse now, the start button remains, and its post says why.
		(fromThePortal(request) ? await startSetup(context).catch(() => null) : null)
	if (!setup) return { setup: null, ...meta }
	// A data: image (works without JS; the CSP allows it), with the quiet zone scanners expect (ISO/IEC 18004).
	const qrCode = await QRCode.toDataURL(setup.uri, { margin: 4, errorCorrectionLevel: 'M', width: 240 })
	return { setup: { qrCode, uri: setup.uri, key: groupKey(setup.secret), digits: setup.digits }, ...meta }
}

/** A navigation within the portal, or one the partner typed (`Sec-Fetch-Site`); never another site's. */
const fromThePortal = (request: Request) =>
	['same-origin', 'none'].includes(request.headers.get('sec-fetch-site') ?? '')

/** A new pending secret, kept (sealed) while the partner scans it, across wrong codes and reloads. */
async function startSetup(context: Readonly<RouterContextProvider>) {
	const secret = await createTotpSecret(getApi(context))
	const setup = { secret: secret.secret, uri: secret.otpauth_uri, digits: secret.digits }
	await getSession(context).setSealed('totp', setup, (await getUser(context)).id)
	return setup
}

export async function action({ request, context }: Route.ActionArgs) {
	if (getFormData(context).get('intent') === 'start') {
		try {
			await startSetup(context)
		} catch (error) {
			if (error instanceof ApiError && error.code === 'already_active') return redirect(OVERVIEW)
			return replyWithApiError(null, error, context, { request })
		}
		return redirect(SELF)
	}
	const { submission } = parseForm(context, schema)
	if (submission.status !== 'success') return invalid(submission)
	try {
		const codes = await activateTwoStep(getApi(context), 'totp', submission.value.code)
		await getSession(context).clearSealed('totp')
		return twoStepTurnedOn(context, 'totp', codes)
	} catch (error) {
		return replyWithApiError(submission, error, context, { fields: ['code'], request })
	}
}

export default function EnableTotp({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation(['account', 'auth'])
	const { setup } = loaderData
	return (
		<section className="stack-lg" aria-labelledby="page-heading">
			<h1 id="page-heading">{t('totp.title')}</h1>
			{setup ? (
				<>
					<div className="stack">
						<p>{t('totp.step1')}</p>
						<img className="qr" src={setup.qrCode} alt={t('totp.qrLabel')} width={240} height={240} />
						{/* The key URI itself: the phone hands it to the authenticator app (not a page of the portal). */}
						<p className="qr-app-link">
							<a href={setup.uri}>{t('totp.openApp')}</a>
						</p>
						<p>{t('totp.manual')}</p>
						<CopyableValue
							caption={t('totp.manualLabel')}
							value={setup.key}
							copyValue={setup.key.replace(/\s/g, '')}
							label={t('totp.copy')}
							copiedLabel={t('totp.copied')}
						/>
					</div>
					<div className="stack">
						<p>{t('totp.step2', { digits: setup.digits })}</p>
						<CodeForm
							id="enable-totp"
							schema={() => import('./schemas').then((m) => m.totpSchema)}
							lastResult={actionData?.result}
							digits={setup.digits}
							submit={t('totp.submit')}
							pendingLabel={t('totp.pending')}
						>
							<Link to={OVERVIEW}>{t('twoStep.back')}</Link>
						</CodeForm>
					</div>
				</>
			) : (
				<Form method="post" className="stack">
					<AuthenticityTokenInput />
					{actionData?.result?.error?.['']?.length ? (
						<Notice tone="error" title={actionData.result.error[''].join(' ')} />
					) : null}
					<p>{t('totp.intro')}</p>
					<div className="button-row">
						<SubmitButton name="intent" value="start" pendingLabel={t('totp.starting')}>
							{t('totp.start')}
						</SubmitButton>
						<Link to={OVERVIEW}>{t('twoStep.back')}</Link>
					</div>
				</Form>
			)}
		</section>
	)
}
