import { useTranslation } from 'react-i18next'
import { href, Link } from 'react-router'
import { loadService } from '#app/services/load.server'
import type { Route } from './+types/developers'
import { webhookSignature } from '#app/api/contract/webhooks'
import { getConfig } from '#app/config.server'
import { fixedT } from '#app/i18n'
import { CopyButton } from '#app/components/ui/copy-button'

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{
		title: fixedT('common:pageTitle', {
			title: fixedT('services:developers.pageTitle', { name: loaderData?.service.name }),
		}),
	},
]

export async function loader({ params, context }: Route.LoaderArgs) {
	const service = await loadService(context, params.serviceId)
	return {
		service,
		examplesUrl: `${getConfig().SOURCE_REPOSITORY_URL.replace(/\/+$/, '')}/tree/main/examples/webhooks`,
	}
}

export default function ServiceDevelopers({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation('services')
	const { service, examplesUrl } = loaderData
	const { header, algorithm, toleranceSeconds } = webhookSignature
	return (
		<section className="stack-lg" aria-labelledby="page-heading">
			<p>
				<Link to={href('/services/:serviceId', { serviceId: service.id })}>
					{t('developers.back', { name: service.name })}
				</Link>
			</p>
			<h1 id="page-heading">{t('developers.pageTitle', { name: service.name })}</h1>
			<section className="stack" aria-labelledby="credentials-heading">
				<h2 id="credentials-heading">{t('developers.credentials')}</h2>
				<dl className="summary-list developer-values">
					<div>
						<dt>{t('developers.clientId')}</dt>
						<dd className="button-row">
							<code>{service.client_id}</code>
							<CopyButton value={service.client_id} label={t('developers.copy')} copiedLabel={t('developers.copied')} />
						</dd>
					</div>
					<div>
						<dt>{t('developers.environment')}</dt>
						<dd>{t(`environment.${service.environment}`)}</dd>
					</div>
					<div>
						<dt>{t('developers.webhookUrl')}</dt>
						<dd>
							<code>{service.webhook_url}</code>
						</dd>
					</div>
					<div>
						<dt>{t('developers.authorizationUrl')}</dt>
						<dd>
							<code>{service.authorization_url}</code>
						</dd>
					</div>
				</dl>
			</section>
			<section className="stack" aria-labelledby="signing-heading">
				<h2 id="signing-heading">{t('developers.signing')}</h2>
				<p>{t('developers.signingIntro')}</p>
				<p>
					<code>{`${header}: ${t('developers.headerFormat')}`}</code>
				</p>
				<p>{t('developers.signingScheme', { algorithm })}</p>
				<p>{t('developers.twoSecrets')}</p>
				<p>{t('developers.tolerance', { minutes: toleranceSeconds / 60, seconds: toleranceSeconds })}</p>
				<h3>{t('developers.verify')}</h3>
				<ol>
					<li>{t('developers.stepParse', { header })}</li>
					<li>{t('developers.stepTolerance', { seconds: toleranceSeconds })}</li>
					<li>{t('developers.stepCompute', { algorithm })}</li>
					<li>{t('developers.stepCompare')}</li>
				</ol>
				<p>
					<a href={examplesUrl}>{t('developers.examples')}</a>
				</p>
			</section>
		</section>
	)
}
