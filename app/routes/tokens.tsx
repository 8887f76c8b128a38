import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import type { Route } from './+types/tokens'
import { getApi } from '#app/api/context.server'
import { ApiError } from '#app/api/errors'
import { Notice } from '#app/components/ui/app-form'
import { pageTitle } from '#app/utils/meta'

/** Emailed links land here: /tokens/{type}/{token} (public, spec point 2). */
const EMAIL_TYPES = new Set(['email_verification', 'email_change'])
const REDIRECT_SECONDS = 3

export const meta: Route.MetaFunction = ({ data }) => [
	...pageTitle(data?.status === 'confirmed' ? 'Email address confirmed' : 'Link not valid'),
	// Without JS the browser still goes home after a moment (spec point 2).
	...(data?.status === 'confirmed' ? [{ httpEquiv: 'refresh', content: `${REDIRECT_SECONDS};url=/` }] : []),
]

export async function loader({ params, context }: Route.LoaderArgs) {
	if (!EMAIL_TYPES.has(params.type)) return { status: 'invalid' as const }
	try {
		await getApi(context).verifyUserToken(params.type, params.token)
		return { status: 'confirmed' as const }
	} catch (error) {
		if (error instanceof ApiError && error.kind === 'bad_request') return { status: 'invalid' as const }
		throw error
	}
}

export default function Tokens({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation('auth')
	const navigate = useNavigate()
	const confirmed = loaderData.status === 'confirmed'
	useEffect(() => {
		if (!confirmed) return
		const timer = setTimeout(() => navigate('/', { replace: true }), REDIRECT_SECONDS * 1000)
		return () => clearTimeout(timer)
	}, [confirmed, navigate])
	if (confirmed) {
		return (
			<section className="stack" aria-labelledby="page-heading">
				<h1 id="page-heading">{t('verification.confirmedTitle')}</h1>
				<Notice tone="success" title={t('verification.redirecting')}>
					<Link to="/">{t('verification.continue')}</Link>
				</Notice>
			</section>
		)
	}
	return (
		<section className="stack" aria-labelledby="page-heading">
			<h1 id="page-heading">{t('verification.invalidTitle')}</h1>
			<p>{t('verification.invalidBody')}</p>
			<p>
				<Link to="/">{t('verification.continue')}</Link>
			</p>
		</section>
	)
}
