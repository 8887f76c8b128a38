import { useTranslation } from 'react-i18next'
import { metaOf, pageMeta } from '#app/utils/meta'
import { data, href, redirect, type RouterContextProvider, Link } from 'react-router'
import type { Route } from './+types/logo'
import type { ServicePageHandle } from './service'
import { decodeLogo } from '#app/api/contract/images.server'
import { ApiError, retryAfter } from '#app/api/errors'
import { uploadServiceLogo } from '#app/api/service-logos.server'
import { REDIRECT_PARAM, safeRedirect } from '#app/auth/redirect'
import { LogoForm } from '#app/components/services/logo-form'
import { sendToSignIn } from '#app/middleware/guards.server'
import { getT } from '#app/middleware/i18n.server'
import { formatDuration } from '#app/utils/duration'
import {
	LOGO_FIELD,
	LOGO_INTENT,
	LOGO_REDIRECT_FIELD,
	logoErrorsFromApi,
	logoRuleMessage,
	type LogoFormResult,
} from '#app/services/logo'
import { getApi, getFormData, getRequestId, getService, getSession } from '#app/context.server'

type Context = Readonly<RouterContextProvider>

/** The service layout shows this page's back link and heading (`logo` of its `HEADERS`). */
export const handle = { serviceHeader: 'logo' } satisfies ServicePageHandle

export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)

const detailsOf = (serviceId: string) => href('/services/:serviceId', { serviceId })

export async function loader({ request, context }: Route.LoaderArgs) {
	const { id, name, logo } = await getService(context)
	const asked = new URL(request.url).searchParams.get(REDIRECT_PARAM)
	const t = getT(context)
	return {
		service: { id, name, logo },
		redirectTo: safeRedirect(asked, detailsOf(id)),
		...pageMeta(t, t('services:logo.pageTitle', { name })),
	}
}

/**
 * Upload (decoded whole from the bytes, then sent to the temporary storage
 * and attached) or remove. A success goes back to the form's `redirect_to` with
 * a flash; a failure answers this page with the errors on the `logo` field.
 */
export async function action({ request, context }: Route.ActionArgs) {
	const service = await getService(context)
	const form = getFormData(context)
	const redirectTo = safeRedirect(form.get(LOGO_REDIRECT_FIELD), detailsOf(service.id))
	const t = getT(context)
	const fail = (errors: LogoFormResult['errors'], status = 422) =>
		data({ errors, redirectTo } satisfies LogoFormResult, { status })
	try {
		if (form.get('intent') !== LOGO_INTENT.upload) return fail({ form: [t('services:logo.errors.intent')] }, 400)
		const file = form.get(LOGO_FIELD)
		if (!(file instanceof File) || file.size === 0) return fail({ logo: [t('validation:required')] })
		// Only the bytes decide, decoded whole: never the file's name or the type the browser declared.
		// The API decodes them again and stores its own re-encoding (decision 0024).
		const bytes = new Uint8Array(await file.arrayBuffer())
		const decoded = decodeLogo(bytes)
		if (!decoded.ok) return fail({ logo: [logoRuleMessage(decoded.rule, t)] })
		await uploadServiceLogo(getApi(context), service.id, { bytes, contentType: decoded.image.contentType })
	} catch (error) {
		return apiFailure(error, { request, context, fail })
	}
	await getSession(context).setFlash({ tone: 'success', key: 'services:logo.uploaded' })
	return redirect(redirectTo)
}

/**
 * A partner API failure as this form's answer: the API's 422 on the upload
 * (`file`) or the attach (`upload_id`) is the `logo` field's; an ended session
 * goes to sign-in; too many uploads a 429 that says when to try again; an
 * outage is a 503 with the request's reference.
 */
async function apiFailure(
	error: unknown,
	{
		request,
		context,
		fail,
	}: { request: Request; context: Context; fail: (errors: LogoFormResult['errors'], status?: number) => unknown },
) {
	if (!(error instanceof ApiError)) throw error
	if (error.kind === 'unauthenticated') return sendToSignIn(request, context, { expired: true })
	const t = getT(context)
	if (error.kind !== 'bad_request') {
		const requestId = getRequestId(context)
		return fail({ form: [t('common:errors.notSaved'), t('common:errors.reference', { requestId })] }, 503)
	}
	if (error.status === 429) {
		return fail({ form: [t('common:errors.rateLimited', { time: formatDuration(retryAfter(error), t) })] }, 429)
	}
	const message = (error.body as { message?: unknown } | undefined)?.message
	return fail(logoErrorsFromApi(error.fieldErrors, typeof message === 'string' ? message : t('common:errors.generic')))
}

export default function ServiceLogoPage({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation('services')
	const { service, redirectTo } = loaderData
	return (
		<>
			<p>{t('logo.intro')}</p>
			<LogoForm service={service} redirectTo={redirectTo} result={actionData as LogoFormResult | undefined} />
			<p>
				<Link to={href('/services/:serviceId/manage', { serviceId: service.id })}>{t('logo.settings')}</Link>
			</p>
		</>
	)
}
