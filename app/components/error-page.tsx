import { useTranslation } from 'react-i18next'
import { href, Link } from 'react-router'

export function NotFoundPage() {
	const { t } = useTranslation()
	return <GenericErrorPage title={t('errors.notFound')} message={t('errors.notFoundHelp')} />
}

type ErrorPageProps = { requestId?: string; message?: string; title?: string; back?: { href: string; label: string } }

/** No stack traces, no internals (spec point 8); a refusal the partner can fix has its own `title` and `back`. */
export function GenericErrorPage({ requestId, message, title, back }: ErrorPageProps) {
	const { t } = useTranslation()
	return (
		<section className="stack" aria-labelledby="page-heading">
			<h1 id="page-heading">{title ?? t('errors.generic')}</h1>
			<p>{message ?? t('errors.genericHelp')}</p>
			{requestId ? <p className="muted">{t('errors.reference', { requestId })}</p> : null}
			{back ? (
				<p>
					{/* A document navigation: the page is re-rendered whole, as after any refusal. */}
					<a href={back.href}>{back.label}</a>
				</p>
			) : null}
			<p>
				<Link to={href('/')}>{t('errors.goHome')}</Link>
			</p>
		</section>
	)
}
