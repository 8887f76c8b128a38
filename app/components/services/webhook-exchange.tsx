import { useTranslation } from 'react-i18next'
import type { WebhookExchange as Exchange } from '#app/api/contract/webhook-deliveries'
import { formatDateTime } from '#app/utils/date-time'

/**
 * One webhook request and what came back, in full (docs/decisions/0015): when
 * it started and how long it took, the request (method, URL, headers, body
 * exactly as signed), then the HTTP answer (status, headers, the first 1 KB of
 * the body) or the network, TLS or address error. Used by the delivery page
 * (one per attempt) and the check page (the signed and the wrongly signed
 * request). `label` names the exchange in the tables' captions; `headingLevel`
 * fits it under the page's own headings.
 */
export function WebhookExchange({
	exchange,
	label,
	headingLevel = 3,
}: {
	exchange: Exchange
	label: string
	headingLevel?: 3 | 4
}) {
	const { t } = useTranslation('services')
	const Heading = `h${headingLevel}` as const
	const { request, response, error } = exchange
	return (
		<div className="stack webhook-exchange">
			<dl className="summary-list">
				<div>
					<dt>{t('webhooks.exchange.startedAt')}</dt>
					<dd>
						<time dateTime={exchange.started_at}>{formatDateTime(exchange.started_at)}</time>
					</dd>
				</div>
				<div>
					<dt>{t('webhooks.exchange.outcome')}</dt>
					<dd>
						{response ? (
							<strong>{t('webhooks.exchange.answered', { status: response.status })}</strong>
						) : error ? (
							<strong>{t('webhooks.exchange.noAnswer', { reason: t(`webhooks.errors.${error.code}`) })}</strong>
						) : (
							t('webhooks.exchange.inFlight')
						)}
					</dd>
				</div>
				<div>
					<dt>{t('webhooks.exchange.latency')}</dt>
					<dd>{t('webhooks.exchange.milliseconds', { count: exchange.latency_ms })}</dd>
				</div>
			</dl>

			<Heading>{t('webhooks.exchange.request')}</Heading>
			<p>
				<code>{`${request.method} ${request.url}`}</code>
			</p>
			<Headers headers={request.headers} caption={t('webhooks.exchange.requestHeaders', { label })} />
			<Body body={request.body} label={t('webhooks.exchange.requestBody', { label })} />

			<Heading>{t('webhooks.exchange.response')}</Heading>
			{response ? (
				<>
					<p>{t('webhooks.exchange.status', { status: response.status })}</p>
					<Headers headers={response.headers} caption={t('webhooks.exchange.responseHeaders', { label })} />
					{response.body ? (
						<Body body={response.body} label={t('webhooks.exchange.responseBody', { label })} />
					) : (
						<p>{t('webhooks.exchange.emptyBody')}</p>
					)}
					{response.body_truncated ? <p className="muted">{t('webhooks.exchange.truncated')}</p> : null}
				</>
			) : error ? (
				<dl className="summary-list">
					<div>
						<dt>{t('webhooks.exchange.error')}</dt>
						<dd>{t(`webhooks.errors.${error.code}`)}</dd>
					</div>
					<div>
						<dt>{t('webhooks.exchange.errorMessage')}</dt>
						<dd>{error.message}</dd>
					</div>
				</dl>
			) : (
				<p>{t('webhooks.exchange.inFlight')}</p>
			)}
		</div>
	)
}

function Headers({ headers, caption }: { headers: Record<string, string>; caption: string }) {
	const { t } = useTranslation('services')
	const entries = Object.entries(headers)
	return (
		<table className="webhook-table">
			<caption>{caption}</caption>
			<thead>
				<tr>
					<th scope="col">{t('webhooks.exchange.headerName')}</th>
					<th scope="col">{t('webhooks.exchange.headerValue')}</th>
				</tr>
			</thead>
			<tbody>
				{entries.length ? (
					entries.map(([name, value]) => (
						<tr key={name}>
							<th scope="row">
								<code>{name}</code>
							</th>
							<td>
								<code>{value}</code>
							</td>
						</tr>
					))
				) : (
					<tr>
						<td colSpan={2}>{t('webhooks.exchange.noHeaders')}</td>
					</tr>
				)}
			</tbody>
		</table>
	)
}

/** A body as sent or received, in a scrollable block a keyboard can reach. */
function Body({ body, label }: { body: string; label: string }) {
	return (
		<figure className="webhook-body">
			<figcaption>{label}</figcaption>
			{/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- scrollable: keyboard users must reach it */}
			<pre tabIndex={0}>
				<code>{body}</code>
			</pre>
		</figure>
	)
}
