import { href, Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Service } from '#app/api/contract/services'
import { ServiceLogo } from './service-logo'
import { reviewBadgeClass } from './service-summary'
import { SummaryRow } from './summary-row'

/** What a card of the services list shows (the list loader sends no more). */
export type ServiceCard = Pick<Service, 'id' | 'name' | 'logo' | 'category' | 'environment'> & {
	review: Pick<Service['review'], 'status'>
}

type ServiceCardsProps = {
	services: readonly ServiceCard[]
	categoryName: (key: ServiceCard['category']) => string
	labelledBy: string
}

export function ServiceCards({ services, categoryName, labelledBy }: ServiceCardsProps) {
	const { t } = useTranslation('services')
	return (
		<ul className="service-list" aria-labelledby={labelledBy}>
			{services.map((service) => (
				<li key={service.id} className="card service-card">
					<ServiceLogo logo={service.logo} name={service.name} />
					<div className="stack">
						<h2 className="service-card__name">
							<Link to={href('/services/:serviceId', { serviceId: service.id })}>{service.name}</Link>
						</h2>
						<dl className="service-card__facts">
							<SummaryRow term={t('list.category')}>{categoryName(service.category)}</SummaryRow>
							<SummaryRow term={t('list.environment')}>{t(`environment.${service.environment}`)}</SummaryRow>
							<SummaryRow term={t('list.review')}>
								{/* ReviewBadge's markup with the list's `t`: one useTranslation per list, not per card. */}
								<span className={reviewBadgeClass(service.review.status)}>{t(`review.${service.review.status}`)}</span>
							</SummaryRow>
						</dl>
					</div>
				</li>
			))}
		</ul>
	)
}
