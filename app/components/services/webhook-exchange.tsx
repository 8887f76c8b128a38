import { useTranslation } from 'react-i18next'
import type { WebhookExchange as Exchange } from '#app/api/contract/webhook-deliveries'
import { prettyJson } from '#app/utils/pretty-json'
import { SummaryRow, TimeRow } from './summary-row'
import { TableHead } from './table-head'

type WebhookExchangeProps = {
	exchange: Exchange
	label: string
	headingLevel?: 3 | 4
	open?: boolean
}

/** One webhook request and its answer or error (decision 0015); the body is shown once per page (`WebhookBody`). */
export function WebhookExchange({ exchange, label, headingLevel = 3, open = false }: WebhookExchangeProps) {
	const { t } = useTranslation('webhooks')
	const Heading = `h${headingLevel}` as const
	const { request, response, error } = exchange
	return (
		<div className="stack webhook-exchange">
			<dl className="summary-list">
				<TimeRow term={t('exchange.startedAt')} at={exchange.started_at} />
				<SummaryRow term={t('exchange.outcome')}>
					{response ? (
						<strong>{t('exchange.answered', { status: response.status })}</strong>
					) : error?.code === 'refused_address' ? (
						// The API's words name which rule (the port or the address), and what to do about it.
						<strong>{t('exchange.notSent', { message: error.message })}</strong>
					) : error ? (
						<strong>{t('exchange.noAnswer', { reason: t(`errors.${error.code}`) })}</strong>
					) : (
						t('exchange.inFlight')
					)}
				</SummaryRow>
				<SummaryRow term={t('exchange.latency')}>
					{t('exchange.milliseconds', { count: exchange.latency_ms })}
				</SummaryRow>
			</dl>

			<details className="webhook-details" open={open}>
				<summary>{t('exchange.details', { label })}</summary>
				<div className="stack">
					<Heading>{t('exchange.request')}</Heading>
					<p>
						<code>{`${request.method} ${request.url}`}</code>
					</p>
					<Headers headers={request.headers} caption={t('exchange.requestHeaders', { label })} />
					<p className="muted">{t('exchange.bodyAbove')}</p>

					<Heading>{t('exchange.response')}</Heading>
					{response ? (
						<>
							<p>{t('exchange.status', { status: response.status })}</p>
							<Headers headers={response.headers} caption={t('exchange.responseHeaders', { label })} />
							{response.body ? (
								<WebhookBody body={response.body} label={t('exchange.responseBody', { label })} />
							) : (
								<p>{t('exchange.emptyBody')}</p>
							)}
							{response.body_truncated ? <p className="muted">{t('exchange.truncated')}</p> : null}
						</>
					) : error ? (
						<dl className="summary-list">
							<SummaryRow term={t('exchange.error')}>{t(`errors.${error.code}`)}</SummaryRow>
							<SummaryRow term={t('exchange.errorMessage')}>{error.message}</SummaryRow>
						</dl>
					) : (
						<p>{t('exchange.inFlight')}</p>
					)}
				</div>
			</details>
		</div>
	)
}

function Headers({ headers, caption }: { headers: Record<string, string>; caption: string }) {
	const { t } = useTranslation('webhooks')
	const entries = Object.entries(headers)
	return (
		<table className="webhook-table webhook-headers">
			<caption>{caption}</caption>
			<TableHead columns={[t('exchange.headerName'), t('exchange.headerValue')]} />
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
						<td colSpan={2}>{t('exchange.noHeaders')}</td>
					</tr>
				)}
			</tbody>
		</table>
	)
}

/** JSON is laid out (whitespace only); `showRaw` adds the exact text, the bytes a signature covers. */
export function WebhookBody({ body, label, showRaw = false }: { body: string; label: string; showRaw?: boolean }) {
	const { t } = useTranslation('webhooks')
	const pretty = prettyJson(body)
	const laidOut = pretty !== null && pretty !== body
	return (
		<>
			<figure className="webhook-body">
				<figcaption>{label}</figcaption>
				{/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- scrollable: keyboard users must reach it */}
				<pre tabIndex={0} className={pretty === null ? undefined : 'webhook-body__json'}>
					<code>{pretty ?? body}</code>
				</pre>
				{laidOut ? <p className="muted">{t('exchange.laidOut')}</p> : null}
			</figure>
			{showRaw && laidOut ? (
				<details className="webhook-details">
					<summary>{t('exchange.rawBody')}</summary>
					<figure className="webhook-body">
						<figcaption className="visually-hidden">{t('exchange.rawBodyLabel', { label })}</figcaption>
						{/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- scrollable: keyboard users must reach it */}
						<pre tabIndex={0}>
							<code>{body}</code>
						</pre>
					</figure>
				</details>
			) : null}
		</>
	)
}
