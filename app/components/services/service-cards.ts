import { href } from 'react-router'
import type { TFunction } from '#app/i18n'
import type { Service } from '#app/api/contract/services'
import { fragment, h, type Markup } from '#app/utils/markup'
import { reviewBadgeClass } from './service-summary'

/** What a card of the services list shows (the list loader sends no more). */
export type ServiceCard = Pick<Service, 'id' | 'name' | 'logo' | 'category' | 'environment'> & {
	review: Pick<Service['review'], 'status'>
}

/**
 * The cards of the services list as markup built as a string (decision 0017):
 * a page holds up to 15 cards of about 15 elements each, the same markup the
 * `ServiceLogo` and `ReviewBadge` components write. The name is an in-app link
 * (`data-discover`: it navigates in the app once the page is hydrated, see
 * `app/components/ui/link.tsx`). `t` is of the services namespace.
 */
export function serviceCards(
	services: readonly ServiceCard[],
	categoryName: (key: ServiceCard['category']) => string,
	t: TFunction,
) {
	const fact = (term: string, value: Markup | string) => h('div', null, h('dt', null, term), h('dd', null, value))
	return fragment(
		services.map((service) =>
			h(
				'li',
				{ class: 'card service-card' },
				service.logo
					? h('img', { class: 'service-logo', src: service.logo.url, alt: '', width: 48, height: 48 })
					: null,
				h(
					'div',
					{ class: 'stack' },
					h(
						'h2',
						{ class: 'service-card__name' },
						h(
							'a',
							{ href: href('/services/:serviceId', { serviceId: service.id }), 'data-discover': 'true' },
							service.name,
						),
					),
					h(
						'dl',
						{ class: 'service-card__facts' },
						fact(t('list.category'), categoryName(service.category)),
						fact(t('list.environment'), t(`environment.${service.environment}`)),
						fact(
							t('list.review'),
							h('span', { class: reviewBadgeClass(service.review.status) }, t(`review.${service.review.status}`)),
						),
					),
				),
			),
		),
	)
}
