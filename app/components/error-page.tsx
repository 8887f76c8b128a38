import { useTranslation } from 'react-i18next'
import { href, Link } from 'react-router'

export function NotFoundPage() {
	const { t } = useTranslation()
	return (
		<section className="stack" aria-labelledby="page-heading">
			<h1 id="page-heading">{t('errors.notFound')}</h1>
			<p>{t('errors.notFoundHelp')}</p>
			<p>
				<Link to={href('/')}>{t('errors.goHome')}</Link>
			</p>
		</section>
	)
}

/** The generic failure text (spec point 8): no stack traces, no internals. */
export function GenericErrorPage({ requestId, message }: { requestId?: string; message?: string }) {
	const { t } = useTranslation()
	return (
		<section className="stack" aria-labelledby="page-heading">
			<h1 id="page-heading">{t('errors.generic')}</h1>
			<p>{message ?? t('errors.genericHelp')}</p>
			{requestId ? <p className="muted">{t('errors.reference', { requestId })}</p> : null}
			<p>
				<Link to={href('/')}>{t('errors.goHome')}</Link>
			</p>
		</section>
	)
}
