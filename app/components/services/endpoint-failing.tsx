import { useTranslation } from 'react-i18next'
import { href, Link } from 'react-router'
import type { WebhookHealth } from '#app/api/contract/webhook-deliveries'
import { Notice } from '#app/components/ui/notice'
import { formatDateTime } from '#app/utils/date-time'

/** After three failed attempts in a row, or while deliveries are paused. */
export function EndpointFailing({ serviceId, health }: { serviceId: string; health: WebhookHealth }) {
	const { t } = useTranslation('services')
	const error = health.last_error
	const failed = `${href('/services/:serviceId/webhooks', { serviceId })}?status=failed`
	return (
		<Notice tone="warning" role="status" title={t('webhooks.failing.title')}>
			{health.paused_at ? (
				<p>
					{t('webhooks.failing.paused', { date: formatDateTime(health.paused_at) })}{' '}
					<Link to={href('/services/:serviceId/webhooks', { serviceId })}>{t('webhooks.failing.resumeLink')}</Link>
				</p>
			) : null}
			<p>{t('webhooks.failing.count', { count: health.consecutive_failures })}</p>
			{error ? (
				<p>{t('webhooks.failing.lastError', { date: formatDateTime(error.at), message: error.message })}</p>
			) : null}
			<p>
				<Link to={failed}>{t('webhooks.failing.link')}</Link>
			</p>
		</Notice>
	)
}
