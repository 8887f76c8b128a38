import { useTranslation } from 'react-i18next'
import { data, href, Link, redirect } from 'react-router'
import type { Route } from './+types/tokens'
import { followEmailLink } from '#app/api/users.server'
import { getT } from '#app/i18n.server'
import { metaOf, pageMeta } from '#app/utils/meta'
import type { I18nHandle } from '#app/i18n'
import { getApi, getSession } from '#app/context.server'

/** Emailed links land here: /tokens/{type}/{token} (public, spec point 2). */
const EMAIL_TYPES = ['email_verification', 'email_change'] as const
const isEmailType = (type: string): type is (typeof EMAIL_TYPES)[number] =>
	(EMAIL_TYPES as readonly string[]).includes(type)

export const handle = { i18n: ['auth'] } satisfies I18nHandle

export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)

/** A valid link confirms the address; the one-time message survives the redirect, also through sign-in. */
export async function loader({ params, context }: Route.LoaderArgs) {
	const t = getT(context)
	const description = t('common:meta.descriptions.tokens')
	const invalid = () =>
		data({ status: 'invalid' as const, ...pageMeta(t, t('auth:verification.invalidLinkTitle'), description) }, 404)
	if (!isEmailType(params.type)) return invalid()
	const outcome = await followEmailLink(getApi(context), params.type, params.token)
	if (outcome === 'invalid') return invalid()
	if (outcome === 'already')
		return { status: 'already' as const, ...pageMeta(t, t('auth:verification.alreadyTitle'), description) }
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
