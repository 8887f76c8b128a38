import { useTranslation } from 'react-i18next'
import { href, Link } from 'react-router'
import type { ServiceLogo as Logo, ServiceReviewStatus } from '#app/api/contract/services'

const TONES: Partial<Record<ServiceReviewStatus, string>> = { verified: 'tag--ok', dismissed: 'tag--attention' }

/** The class of a review badge: verified and dismissed stand out. */
export const reviewBadgeClass = (status: ServiceReviewStatus) => `tag ${TONES[status] ?? ''}`.trim()

/** The review state as a badge; verified and dismissed stand out. */
export function ReviewBadge({ status }: { status: ServiceReviewStatus }) {
	const { t } = useTranslation('services')
	return <span className={reviewBadgeClass(status)}>{t(`review.${status}`)}</span>
}

/**
 * The logo next to the service's name, so it adds nothing to read out; without
 * one, the name's first letter in its place, the same size.
 */
export function ServiceLogo({
	logo,
	name,
	size = 48,
	alt = '',
}: {
	logo: Logo | null
	name: string
	size?: 48 | 64 | 128
	/** The image's text where it is the point (the logo form); beside the name it repeats, so none. */
	alt?: string
}) {
	if (!logo) {
		return (
			<span className={`service-logo service-logo--placeholder service-logo--${size}`} aria-hidden="true">
				{Array.from(name.trim())[0]?.toUpperCase() ?? '?'}
			</span>
		)
	}
	return <img className={`service-logo service-logo--${size}`} src={logo.url} alt={alt} width={size} height={size} />
}

/** A field of the service left blank at creation: "Not set", and the way to the settings where it is set. */
export function NotSet({ serviceId }: { serviceId: string }) {
	const { t } = useTranslation('services')
	return (
		<>
			{t('notSet')} <Link to={href('/services/:serviceId/manage', { serviceId })}>{t('notSetLink')}</Link>
		</>
	)
}
