import { useTranslation } from 'react-i18next'
import { href, Link } from 'react-router'

/** The way from the delivery log to "Send again every delivery that failed since …" (decision 0032). */
export function WebhookRecoveryLink({ serviceId }: { serviceId: string }) {
	const { t } = useTranslation('recovery')
	return (
		<p>
			<Link to={href('/services/:serviceId/webhooks/recover', { serviceId })}>{t('webhooksLink')}</Link>
		</p>
	)
}
