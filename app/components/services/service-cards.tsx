import { href, Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Service } from '#app/api/contract/services'
import { ServiceLogo } from './service-logo'
import { reviewBadgeClass } from './service-summary'

/** What a card of the services list shows (the list loader sends no more). */
export type ServiceCard = Pick<Service, 'id' | 'name' | 'logo' | 'category' | 'environment'> & {
	review: Pick<Service['review'], 'status'>
}

export function ServiceCards({
	services,
	categoryName,
	labelledBy,
}: {
	services: readonly ServiceCard[]
	categoryName: (key: ServiceCard['category']) => string
	labelledBy: string
}) {
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
							<div>
								<dt>{t('list.category')}</dt>
								<dd>{categoryName(service.category)}</dd>
							</div>
							<div>
								<dt>{t('list.environment')}</dt>
								<dd>{t(`environment.${service.environment}`)}</dd>
							</div>
							<div>
								<dt>{t('list.review')}</dt>
								<dd>
									{/* ReviewBadge's markup with the list's `t`: one useTranslation per list, not per card. */}
									<span className={reviewBadgeClass(service.review.status)}>
										{t(`review.${service.review.status}`)}
									</span>
								</dd>
							</div>
						</dl>
					</div>
				</li>
			))}
		</ul>
	)
}
