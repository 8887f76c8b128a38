import { useTranslation } from 'react-i18next'
import { href, Link } from 'react-router'
import type { ServiceReviewStatus } from '#app/api/contract/services'

const TONES: Partial<Record<ServiceReviewStatus, string>> = { verified: 'tag--ok', dismissed: 'tag--attention' }

export const reviewBadgeClass = (status: ServiceReviewStatus) => `tag ${TONES[status] ?? ''}`.trim()

/** The review state as a badge; verified and dismissed stand out. */
export function ReviewBadge({ status }: { status: ServiceReviewStatus }) {
	const { t } = useTranslation('services')
	return <span className={reviewBadgeClass(status)}>{t(`review.${status}`)}</span>
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
