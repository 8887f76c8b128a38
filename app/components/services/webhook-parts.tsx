import { Fragment } from 'react'
import type { TFunction } from 'i18next'
import { Trans, useTranslation } from 'react-i18next'
import { href, Link } from 'react-router'
import type {
	WebhookDelivery,
	WebhookDeliveryStatus,
	WebhookEventType,
	WebhookSigningSecret,
} from '#app/api/contract/webhook-deliveries'
import { Notice } from '#app/components/ui/notice'
import { signingSecretSection } from '#app/services/pages'
import { formatDateTime } from '#app/utils/date-time'

/** These small pieces take the page's `t`: a `useTranslation` per row costs a hook and an instance copy (issue 42). */
export function DeliveryStatus({ status, t }: { status: WebhookDeliveryStatus; t: TFunction<'webhooks'> }) {
	const tone = status === 'delivered' ? ' tag--ok' : status === 'failed' ? ' tag--attention' : ''
	return <span className={`tag${tone}`}>{t(`status.${status}`)}</span>
}

/** Yes, no, or cannot tell (null); the colour only repeats it. */
export function CheckVerdict({ verdict, t }: { verdict: boolean | null; t: TFunction<'webhooks'> }) {
	return (
		<span className={`tag ${verdict === true ? 'tag--ok' : 'tag--attention'}`}>
			{verdict === true ? t('check.pass') : verdict === false ? t('check.fail') : t('check.unknown')}
		</span>
	)
}

export function EventName({ type, t }: { type: WebhookEventType; t: TFunction<'webhooks'> }) {
	return (
		<>
			{t(`events.${type}`)} (<EventType type={type} />)
		</>
	)
}

/** A narrow line breaks it after an underscore, never inside a word. */
function EventType({ type }: { type: WebhookEventType }) {
	return (
		<code className="event-type">
			{type.split(/(?<=_)/).map((part, index) => (
				<Fragment key={index}>
					{index ? <wbr /> : null}
					{part}
				</Fragment>
			))}
		</code>
	)
}

const FIRST_LINE_MAX = 200

/** The endpoint's own words: the first non-blank line of the body, cut short. */
export function firstLine(body: string): string {
	const line = body
		.split(/\r?\n/)
		.map((text) => text.trim())
		.find(Boolean)
	if (!line) return ''
	return line.length > FIRST_LINE_MAX ? `${line.slice(0, FIRST_LINE_MAX)}…` : line
}

export function looksLikeSignatureRefusal(response: { status: number; body: string } | null): boolean {
	return (
		response !== null &&
		response.status >= 400 &&
		response.status < 500 &&
		/signature|signed|signing|hmac/i.test(response.body)
	)
}

/** What happened to a delivery: status, first line of the answer, a signing hint, and what comes next. */
export function DeliveryOutcome({ serviceId, delivery }: { serviceId: string; delivery: WebhookDelivery }) {
	const { t } = useTranslation('webhooks')
	const last = delivery.attempts.at(-1)
	if (!last) return null
	const { response, error } = last
	const failed = !last.succeeded
	const said = response ? firstLine(response.body) : ''
	const title = response
		? t(failed ? 'outcome.failedAnswer' : 'outcome.deliveredAnswer', { status: response.status })
		: t('outcome.noAnswer', { reason: error ? t(`errors.${error.code}`) : '' })
	return (
		<Notice tone={failed ? 'warning' : 'success'} role="status" title={title}>
			<div className="stack">
				{response ? (
					said ? (
						<p>
							{t('outcome.said')} <samp className="outcome-answer">{said}</samp>
						</p>
					) : (
						<p>{t('outcome.emptyBody')}</p>
					)
				) : error ? (
					<p>
						<samp className="outcome-answer">{error.message}</samp>
					</p>
				) : null}
				{failed && looksLikeSignatureRefusal(response) ? (
					<p>
						{t('outcome.signature')} {signedWith(t, last.signed_with)}. {t('outcome.signatureCheck')}{' '}
						<Link to={signingSecretSection(serviceId)}>{t('outcome.signatureLink')}</Link>
					</p>
				) : null}
				{failed ? <NextAttempt serviceId={serviceId} delivery={delivery} /> : null}
			</div>
		</Notice>
	)
}

function NextAttempt({ serviceId, delivery }: { serviceId: string; delivery: WebhookDelivery }) {
	const { t } = useTranslation('webhooks')
	if (delivery.next_retry_at)
		return (
			<p>
				{t('outcome.nextAttempt')}{' '}
				<time dateTime={delivery.next_retry_at}>{formatDateTime(delivery.next_retry_at)}</time>
			</p>
		)
	if (delivery.event_type === 'ping')
		return (
			<p>
				<Trans
					t={t}
					i18nKey="outcome.testOnce"
					components={{ test: <Link to={href('/services/:serviceId/webhooks', { serviceId })} /> }}
				/>
			</p>
		)
	return <p>{t('delivery.gaveUp')}</p>
}

/** Two while rotating. */
export function signedWith(t: TFunction<'webhooks'>, secrets: WebhookSigningSecret[]): string {
	const hints = secrets.map((secret) => t('signedWith.hint', { hint: secret.hint }))
	if (!secrets.length) return t('signedWith.none')
	if (secrets.length === 1) return t('signedWith.one', { hint: hints[0] })
	return t('signedWith.two', { hints: hints.join(t('signedWith.and')) })
}

/** No webhook URL: say so, and where to set one (no dead end). */
export function NoWebhookUrl({ serviceId }: { serviceId: string }) {
	const { t } = useTranslation('webhooks')
	return (
		<Notice tone="warning" title={t('noUrl.title')}>
			<p>
				{t('noUrl.body')} <Link to={href('/services/:serviceId/manage', { serviceId })}>{t('noUrl.link')}</Link>
			</p>
		</Notice>
	)
}
