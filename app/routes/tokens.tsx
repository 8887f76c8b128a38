import { useTranslation } from 'react-i18next'
import { data, href, Link } from 'react-router'
import type { Route } from './+types/tokens'
import { getApi, getSession } from '#app/middleware/session.server'
import { ApiError } from '#app/api/errors'
import { verifyUserToken } from '#app/api/users.server'
import { getT } from '#app/middleware/i18n.server'
import { pageTitle } from '#app/utils/meta'

/** Emailed links land here: /tokens/{type}/{token} (public, spec point 2). */
const EMAIL_TYPES = new Set(['email_verification', 'email_change'])

/** The translation namespaces the browser loads before it hydrates the emailed links' pages (remix-i18next). */
export const handle = { i18n: ['auth'] }

export const meta: Route.MetaFunction = () =>
	pageTitle('auth:verification.invalidLinkTitle', 'common:meta.descriptions.tokens')

/** An unknown type, or an unknown, used or expired token: a 404 page that says so. */
const invalid = () => data({ status: 'invalid' as const }, { status: 404 })

/**
 * A valid link confirms the address and sends the partner home, where
 * "Email address confirmed." is shown (a one-time message that survives the
 * redirect, also through sign-in). The redirect response carries a fallback
 * link for clients that do not follow it.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
	if (!EMAIL_TYPES.has(params.type)) return invalid()
	try {
		await verifyUserToken(getApi(context), params.type, params.token)
	} catch (error) {
		if (error instanceof ApiError && error.kind === 'bad_request') return invalid()
		throw error
	}
	await getSession(context).setFlash({ tone: 'success', key: 'common:success.emailConfirmed' })
	const t = getT(context)
	const confirmed = t('common:success.emailConfirmed')
	const home = href('/')
	return new Response(
		`<!doctype html><html lang="en-GB"><title>${confirmed}</title><p>${confirmed} <a href="${home}">${t('auth:verification.continue')}</a></p></html>`,
		{ status: 303, headers: { Location: home, 'Content-Type': 'text/html; charset=utf-8' } },
	)
}

export default function Tokens() {
	const { t } = useTranslation('auth')
	return (
		<section className="stack" aria-labelledby="page-heading">
			<h1 id="page-heading">{t('verification.invalidTitle')}</h1>
			<p>{t('verification.invalidBody')}</p>
			<p>
				<Link to={href('/')}>{t('verification.continue')}</Link>
			</p>
		</section>
	)
}
