import { useTranslation } from 'react-i18next'
import { metaOf, pageMeta } from '#app/utils/meta'
import { href, Link } from 'react-router'
import type { I18nHandle } from '#app/i18n'
import type { Route } from './+types/details'
import { getT } from '#app/i18n.server'
import { serviceCategories } from '#app/api/services.server'
import { takeSecretOnce } from '#app/services/secrets.server'
import { SecretOnce } from '#app/components/services/secret-once'
import { ServiceLogo } from '#app/components/services/service-logo'
import { ReviewBadge } from '#app/components/services/service-summary'
import { StatisticsSection } from '#app/components/services/statistics-section'
import { loadStatistics } from '#app/services/statistics.server'
import { rethrowNotFound } from '#app/services/load.server'
import { healthForBanner } from '#app/services/webhooks.server'
import { EndpointFailing } from '#app/components/services/endpoint-failing'
import { Notice } from '#app/components/ui/notice'
import { verificationsPage } from '#app/services/pages'
import { getApi, getService } from '#app/context.server'
import { activityLimits } from '#app/api/contract/constants'
import { SERVICE_LOCALE } from '#app/api/contract/index'

export const handle = { i18n: ['services', 'statistics'] } satisfies I18nHandle

export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)

export async function loader({ params, context, request }: Route.LoaderArgs) {
	const api = getApi(context)
	const [service, categories, statistics, failing] = await Promise.all([
		getService(context),
		serviceCategories(api),
		loadStatistics(context, params.serviceId, request.url).catch(rethrowNotFound),
		healthForBanner(context, params.serviceId),
	])
	const t = getT(context)
	return {
		// What the page shows of the service, not the whole record (less to send, and to encode on every request).
		service: {
			id: service.id,
			clientId: service.client_id,
			name: service.name,
			logo: service.logo,
			environment: service.environment,
			review: { status: service.review.status, reason: service.review.reason },
			website_url: service.website_url,
			// No website, no domain to verify: said so, rather than "not verified".
			verification:
				service.domain_verification.domain === null ? ('noWebsite' as const) : service.domain_verification.status,
			// en-GB is the service's own name and description, not a translation of them.
			translations: service.translations.filter(({ locale }) => locale !== SERVICE_LOCALE).length,
			protectionsEnabled: service.security_protections.filter((protection) => protection.enabled).length,
		},
		failing,
		statistics,
		categoryName: categories.find((category) => category.key === service.category)?.name ?? service.category,
		// The secret of a service just created: read once, then gone (a reload shows none).
		secret: await takeSecretOnce(context, service.id),
		...pageMeta(t, service.name, t('services:details.metaDescription')),
	}
}

export default function ServiceDetails({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation('services')
	const { service, categoryName, secret, failing, statistics } = loaderData
	const serviceId = service.id
	// Each link is named by its section (links read as a table of contents); its state is the link's description.
	const sections = [
		{
			key: 'settings',
			to: href('/services/:serviceId/manage', { serviceId }),
			status: service.website_url
				? t('details.settingsSummary', { category: categoryName, website: service.website_url })
				: t('details.settingsSummaryNoWebsite', { category: categoryName }),
		},
		{
			key: 'verifications',
			to: href('/services/:serviceId/verifications', { serviceId }),
			status: t('details.verificationsStatus', {
				domain: t(`details.verificationsSummary.${service.verification}`),
				review: t(`review.${service.review.status}`),
			}),
		},
		{
			key: 'translations',
			to: href('/services/:serviceId/translations', { serviceId }),
			status: t('details.translationsSummary', { count: service.translations }),
		},
		{
			key: 'developers',
			to: href('/services/:serviceId/developers', { serviceId }),
			status: t('details.developersSummary'),
		},
		{ key: 'webhooks', to: href('/services/:serviceId/webhooks', { serviceId }), status: t('details.webhooksSummary') },
		{
			key: 'protections',
			to: href('/services/:serviceId/protections', { serviceId }),
			status: t('details.protectionsSummary', { count: service.protectionsEnabled }),
		},
		{
			key: 'activity',
			to: href('/services/:serviceId/activity', { serviceId }),
			status: t('details.activitySummary', { days: activityLimits.retentionDays }),
		},
	] as const
	return (
		<section className="stack-lg" aria-labelledby="page-heading">
			<p>
				<Link to={href('/services/manage')}>{t('details.back')}</Link>
			</p>
			<header className="service-header">
				<ServiceLogo logo={service.logo} name={service.name} size={64} />
				<div className="stack">
					<h1 id="page-heading">{service.name}</h1>
					<p className="button-row">
						<span>{t('details.environment', { environment: t(`environment.${service.environment}`) })}</span>
						<span>
							{t('details.review')} <ReviewBadge status={service.review.status} />
						</span>
					</p>
					{service.review.status === 'dismissed' && service.review.reason ? (
						<p>{t('details.dismissedReason', { reason: service.review.reason })}</p>
					) : null}
				</div>
			</header>
			{secret ? <SecretOnce secret={secret} clientId={service.clientId} /> : null}
			{service.review.status === 'not_submitted' ? (
				<Notice tone="info" title={t('details.nextStepTitle')}>
					<p>{t('details.nextStepBody')}</p>
					<p>
						<Link to={verificationsPage(service.id, 'review')}>{t('details.nextStepLink')}</Link>
					</p>
				</Notice>
			) : null}
			{failing ? <EndpointFailing serviceId={service.id} health={failing} /> : null}
			<section className="stack" aria-labelledby="sections-heading">
				<h2 id="sections-heading">{t('details.sections')}</h2>
				<ul className="section-links">
					{sections.map(({ key, to, status }) => (
						<li key={key}>
							<Link to={to} aria-describedby={`section-${key}-status`}>
								{t(`details.${key}`)}
							</Link>
							<span id={`section-${key}-status`} className="muted">
								{status}
							</span>
						</li>
					))}
				</ul>
			</section>
			<StatisticsSection serviceId={service.id} statistics={statistics} />
		</section>
	)
}
