import { useTranslation } from 'react-i18next'
import { data, href, Link, redirect } from 'react-router'
import type { Route } from './+types/tokens'
import { followEmailLink } from '#app/api/users.server'
import { pageTitle } from '#app/utils/meta'
import { getApi, getSession } from '#app/context.server'

/** Emailed links land here: /tokens/{type}/{token} (public, spec point 2). */
const EMAIL_TYPES = ['email_verification', 'email_change'] as const
const isEmailType = (type: string): type is (typeof EMAIL_TYPES)[number] =>
	(EMAIL_TYPES as readonly string[]).includes(type)

/** The translation namespaces the browser loads before it hydrates the emailed links' pages (remix-i18next). */
export const handle = { i18n: ['auth'] }

export const meta: Route.MetaFunction = ({ loaderData }) =>
	loaderData?.status === 'already'
		? pageTitle('auth:verification.alreadyTitle', 'common:meta.descriptions.tokens')
		: pageTitle('auth:verification.invalidLinkTitle', 'common:meta.descriptions.tokens')

/**
 * A valid link confirms the address and sends the partner home, where
 * "Email address confirmed." is shown (a one-time message that survives the
 * redirect, also through sign-in). A second click says the address is
 * confirmed already; an unknown type, or an unknown, replaced or expired token,
 * is a 404 page that says so.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
	if (!isEmailType(params.type)) return data({ status: 'invalid' as const }, { status: 404 })
	const outcome = await followEmailLink(getApi(context), params.type, params.token)
	if (outcome === 'invalid') return data({ status: 'invalid' as const }, { status: 404 })
	if (outcome === 'already') return { status: 'already' as const }
	await getSession(context).setFlash({ tone: 'success', key: 'common:success.emailConfirmed' })
	return redirect(href('/'), 303)
}

export default function Tokens({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation('auth')
	const already = loaderData.status === 'already'
	return (
		<section className="stack" aria-labelledby="page-heading">
			<h1 id="page-heading">{already ? t('verification.alreadyTitle') : t('verification.invalidTitle')}</h1>
			<p>{already ? t('verification.alreadyBody') : t('verification.invalidBody')}</p>
			<p>
				<Link to={href('/')}>{t('verification.continue')}</Link>
			</p>
		</section>
	)
}
