import { useTranslation } from 'react-i18next'
import { href, Link, redirect } from 'react-router'
import type { Route } from './+types/logo'
import { logoSchema } from './schemas'
import type { ServicePageHandle } from './service'
import { decodeLogo } from '#app/utils/images.server'
import { uploadServiceLogo } from '#app/api/service-logos.server'
import { REDIRECT_PARAM, safeRedirect } from '#app/auth/redirect'
import { LogoForm } from '#app/components/services/logo-form'
import { largeBodyMiddleware } from '#app/middleware/form-body.server'
import { getT } from '#app/i18n.server'
import { LOGO_API_FIELDS, LOGO_FIELD, LOGO_REDIRECT_FIELD, logoRuleMessage } from '#app/services/logo'
import { getApi, getService, getSession } from '#app/context.server'
import { invalid, parseForm, replyWithApiError } from '#app/forms/forms.server'
import { metaOf, pageMeta } from '#app/utils/meta'

export const handle = {
	i18n: ['settings'],
	serviceHeader: { back: 'settings:logo.back', title: 'settings:logo.pageTitle' },
} satisfies ServicePageHandle

/** Below the service's: the file is read only once the partner is known to be verified and to own the service. */
export const middleware: Route.MiddlewareFunction[] = [largeBodyMiddleware]

export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)

const detailsOf = (serviceId: string) => href('/services/:serviceId', { serviceId })

export async function loader({ request, context }: Route.LoaderArgs) {
	const { id, name, logo } = await getService(context)
	const asked = new URL(request.url).searchParams.get(REDIRECT_PARAM)
	const t = getT(context)
	return {
		service: { id, name, logo },
		redirectTo: safeRedirect(asked, detailsOf(id)),
		...pageMeta(t, t('settings:logo.pageTitle', { name })),
	}
}

export async function action({ request, context }: Route.ActionArgs) {
	const service = await getService(context)
	const { formData, submission } = parseForm(context, logoSchema)
	if (submission.status !== 'success') return invalid(submission, {}, 422)
	const redirectTo = safeRedirect(formData.get(LOGO_REDIRECT_FIELD), detailsOf(service.id))
	// Only the bytes decide, never the name or declared type; the API re-encodes them (decision 0024).
	const bytes = new Uint8Array(await submission.value[LOGO_FIELD].arrayBuffer())
	const decoded = decodeLogo(bytes)
	if (!decoded.ok) {
		const message = logoRuleMessage(decoded.rule, getT(context), decoded.dimensions)
		return invalid(submission, { fieldErrors: { [LOGO_FIELD]: [message] } }, 422)
	}
	try {
		await uploadServiceLogo(getApi(context), service.id, { bytes, contentType: decoded.image.contentType })
	} catch (error) {
		return replyWithApiError(submission, error, context, { fields: LOGO_API_FIELDS, request })
	}
	await getSession(context).setFlash({ tone: 'success', key: 'settings:logo.uploaded' })
	return redirect(redirectTo)
}

export default function ServiceLogoPage({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation('settings')
	const { service, redirectTo } = loaderData
	return (
		<>
			<p>{t('logo.intro')}</p>
			<LogoForm service={service} redirectTo={redirectTo} lastResult={actionData?.result} />
			<p>
				<Link to={href('/services/:serviceId/manage', { serviceId: service.id })}>{t('logo.settings')}</Link>
			</p>
		</>
	)
}
