import { useTranslation } from 'react-i18next'
import { href, Link } from 'react-router'
import type {
	WebhookDeliveryStatus,
	WebhookEventType,
	WebhookHealth,
	WebhookSigningSecret,
} from '#app/api/contract/webhook-deliveries'
import { Notice } from '#app/components/ui/notice'
import { formatDateTime } from '#app/utils/date-time'

/** A delivery's status in words (the colour only repeats it). */
export function DeliveryStatus({ status }: { status: WebhookDeliveryStatus }) {
	const { t } = useTranslation('webhooks')
	const tone = status === 'delivered' ? ' tag--ok' : status === 'failed' ? ' tag--attention' : ''
	return <span className={`tag${tone}`}>{t(`webhooks.status.${status}`)}</span>
}

/** A verdict of an endpoint check in a word: yes, no, or cannot tell (null); the colour only repeats it. */
export function CheckVerdict({ verdict }: { verdict: boolean | null }) {
	const { t } = useTranslation('webhooks')
	return (
		<span className={`tag ${verdict === true ? 'tag--ok' : 'tag--attention'}`}>
			{verdict === true
				? t('webhooks.check.pass')
				: verdict === false
					? t('webhooks.check.fail')
					: t('webhooks.check.unknown')}
		</span>
	)
}

/** An event type: what it means, and its `type` as the endpoint sees it. */
export function EventName({ type }: { type: WebhookEventType }) {
	const { t } = useTranslation('webhooks')
	return (
		<>
			{t(`webhooks.events.${type}`)} (<code>{type}</code>)
		</>
	)
}

/** The secrets that signed a request, by hint; two while rotating, said in words. */
export function SignedWith({ secrets }: { secrets: WebhookSigningSecret[] }) {
	const { t } = useTranslation(['webhooks', 'services'])
	const hints = secrets.map((secret) => t('services:secrets.hint', { hint: secret.hint }))
	if (!secrets.length) return <>{t('webhooks.signedWith.none')}</>
	if (secrets.length === 1) return <>{t('webhooks.signedWith.one', { hint: hints[0] })}</>
	return <>{t('webhooks.signedWith.two', { hints: hints.join(t('webhooks.signedWith.and')) })}</>
}

/** No webhook URL to send to: say so, and where to set one (no dead end). */
export function NoWebhookUrl({ serviceId }: { serviceId: string }) {
	const { t } = useTranslation('webhooks')
	return (
		<Notice tone="warning" title={t('webhooks.noUrl.title')}>
			<p>
				{t('webhooks.noUrl.body')}{' '}
				<Link to={href('/services/:serviceId/manage', { serviceId })}>{t('webhooks.noUrl.link')}</Link>
			</p>
		</Notice>
	)
}

/** The details page's banner after three failed attempts in a row: the last error and the way to the failures. */
export function EndpointFailing({ serviceId, health }: { serviceId: string; health: WebhookHealth }) {
	const { t } = useTranslation('services')
	const error = health.last_error
	const failed = `${href('/services/:serviceId/webhooks', { serviceId })}?status=failed`
	return (
		<Notice tone="warning" role="status" title={t('webhooks.failing.title')}>
			<p>{t('webhooks.failing.count', { count: health.consecutive_failures })}</p>
			{error ? (
				<p>
					{t('webhooks.failing.lastError', {
						date: formatDateTime(error.at),
						message: error.message,
					})}
				</p>
			) : null}
			<p>
				<Link to={failed}>{t('webhooks.failing.link')}</Link>
			</p>
		</Notice>
	)
}
