import type { SubmissionResult } from '@conform-to/react'
import type { TFunction } from 'i18next'
import { Trans, useTranslation } from 'react-i18next'
import { metaOf, pageMeta } from '#app/utils/meta'
import { href, redirect, Link } from 'react-router'
import type { Route } from './+types/webhooks'
import { getT } from '#app/i18n.server'
import type { ServicePageHandle } from './service'
import stylesHref from '#app/styles/webhooks.css?url'
import { webhookDeliveryStatuses, webhookEventTypes, webhookLimits } from '#app/api/contract/constants'
import type { WebhookDeliverySummary, WebhookHealth } from '#app/api/contract/webhook-deliveries'
import { WEBHOOK_INTENT as INTENT } from './intents'
import { webhookActionSchema as schema } from './schemas'
import { ApiError } from '#app/api/errors'
import { deliveriesPage, deliveryFilters, deliveryLogSearch, recentChecks } from '#app/api/webhook-deliveries.server'
import { resumeDeliveries } from '#app/api/webhook-recovery.server'
import { healthForBanner } from '#app/services/webhooks.server'
import { changeFailed, rethrowNotFound } from '#app/services/load.server'
import { CheckVerdict, DeliveryStatus, EventName, NoWebhookUrl } from '#app/components/services/webhook-parts'
import { ButtonForm } from '#app/components/services/button-form'
import { FilterForm, PageLinks } from '#app/components/services/log-navigation'
import { SummaryRow } from '#app/components/services/summary-row'
import { ScrollTable } from '#app/components/ui/scroll-table'
import { Notice } from '#app/components/ui/notice'
import { formatDateTime, formatTimeNear, toUtcDateTimeLocal } from '#app/utils/date-time'
import { invalid, parseForm } from '#app/forms/forms.server'
import { getApi, getService } from '#app/context.server'
import { checkPage, deliveryPage, developersPage } from '#app/services/pages'
import { TableHead } from '#app/components/services/table-head'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesHref }]

export const handle = {
	i18n: ['webhooks'],
	serviceHeader: { back: 'webhooks:back', title: 'webhooks:pageTitle' },
} satisfies ServicePageHandle

export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)

export async function loader({ params, request, context }: Route.LoaderArgs) {
	const search = new URL(request.url).searchParams
	const filters = deliveryFilters(search)
	const cursor = search.get('cursor') || undefined
	const self = href('/services/:serviceId/webhooks', { serviceId: params.serviceId })
	const [service, page, recent, health] = await Promise.all([
		getService(context),
		deliveriesPage(getApi(context), params.serviceId, filters, cursor).catch((error: unknown) => {
			// A stale or hand-edited cursor: the first page with the same filters (never an error page).
			if (cursor && error instanceof ApiError && error.kind === 'bad_request') {
				throw redirect(`${self}${deliveryLogSearch(filters)}`)
			}
			return rethrowNotFound(error)
		}),
		recentChecks(getApi(context), params.serviceId).catch(rethrowNotFound),
		healthForBanner(context, params.serviceId),
	])
	const t = getT(context)
	return {
		service: { id: service.id, name: service.name, webhookUrl: service.webhook_url },
		health,
		filters,
		deliveries: page.deliveries,
		checks: recent.checks,
		moreChecks: recent.more,
		isFirstPage: !cursor,
		links: {
			older: page.nextCursor ? `${self}${deliveryLogSearch(filters, page.nextCursor)}` : null,
			newest: cursor ? `${self}${deliveryLogSearch(filters)}` : null,
		},
		...pageMeta(t, t('webhooks:pageTitle', { name: service.name })),
	}
}

export async function action({ params, request, context }: Route.ActionArgs) {
	const { submission } = parseForm(context, schema)
	if (submission.status !== 'success') return invalid(submission)
	const api = getApi(context)
	const id = params.serviceId
	try {
		if (submission.value.intent === INTENT.test) {
			const { data } = await api.call('sendWebhookTestEvent', { params: { id } })
			return redirect(deliveryPage(id, data.id))
		}
		if (submission.value.intent === INTENT.resume) {
			// On to the recovery from the pause's start (already resumed: the page as it is now).
			const resumed = await resumeDeliveries(api, id)
			if (!resumed) return redirect(href('/services/:serviceId/webhooks', { serviceId: id }))
			const since = encodeURIComponent(toUtcDateTimeLocal(resumed.paused_at))
			return redirect(`${href('/services/:serviceId/webhooks/recover', { serviceId: id })}?since=${since}`)
		}
		const { data } = await api.call('checkWebhookEndpoint', { params: { id } })
		return redirect(checkPage(id, data.id))
	} catch (error) {
		return changeFailed(null, error, context, { request })
	}
}

export default function ServiceWebhooks({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation('webhooks')
	const { service, health } = loaderData
	const lastResult = actionData?.result
	return (
		<>
			{service.webhookUrl === null ? (
				<NoWebhookUrl serviceId={service.id} />
			) : (
				<>
					<dl className="summary-list developer-values">
						<SummaryRow term={t('url')} className="stack">
							<p>
								<code>{service.webhookUrl}</code>
							</p>
							<p>
								<Link to={href('/services/:serviceId/manage', { serviceId: service.id })}>{t('changeUrl')}</Link>
							</p>
						</SummaryRow>
					</dl>
					{health?.paused_at ? (
						<Notice tone="warning" role="status" title={t('paused.title', { date: formatDateTime(health.paused_at) })}>
							<p>{t('paused.body', { days: webhookLimits.pauseAfterDays })}</p>
							<HealthFacts serviceId={service.id} health={health} />
							<ActionForm intent={INTENT.resume} lastResult={lastResult} />
						</Notice>
					) : health ? (
						<Notice tone="warning" role="status" title={t('health.title')}>
							<HealthFacts serviceId={service.id} health={health} />
							{health.pauses_after ? (
								<p>
									{t('health.pausesAfter', {
										days: webhookLimits.pauseAfterDays,
										date: formatDateTime(health.pauses_after),
									})}
								</p>
							) : null}
						</Notice>
					) : null}
					<section className="stack" aria-labelledby="try-heading">
						<h2 id="try-heading">{t('try.title')}</h2>
						<p>{t('try.test')}</p>
						<ActionForm intent={INTENT.test} lastResult={lastResult} />
						<p>{t('try.check')}</p>
						<ActionForm intent={INTENT.check} lastResult={lastResult} />
						<p>
							<Link to={`${developersPage(service.id)}#signing`}>{t('recipeLink')}</Link>
						</p>
					</section>
				</>
			)}
			<RecentChecks {...loaderData} />
			<DeliveryLog {...loaderData} />
		</>
	)
}

type LoaderData = Route.ComponentProps['loaderData']
type Intent = (typeof INTENT)[keyof typeof INTENT]

/** A failure comes back to the form that was pressed. */
function ActionForm({ intent, lastResult }: { intent: Intent; lastResult?: SubmissionResult }) {
	const { t } = useTranslation('webhooks')
	return (
		<ButtonForm
			schema={() => import('./schemas').then((m) => m.webhookActionSchema)}
			id={`webhook-${intent}`}
			values={{ intent }}
			lastResult={lastResult?.initialValue?.intent === intent ? lastResult : undefined}
			label={t(`try.${intent}Button`)}
			pendingLabel={t(`try.${intent}Pending`)}
			variant="secondary"
		/>
	)
}

function RecentChecks({ service, checks, moreChecks }: LoaderData) {
	const { t } = useTranslation('webhooks')
	return (
		<section className="stack" aria-labelledby="checks-heading">
			<h2 id="checks-heading">{t('checks.title')}</h2>
			{checks.length ? (
				<table className="webhook-table table--cards">
					<caption>{moreChecks ? t('checks.captionLatest', { count: checks.length }) : t('checks.caption')}</caption>
					<TableHead columns={[t('checks.colChecked'), t('checks.colChallenge'), t('checks.colSignatures')]} />
					<tbody>
						{checks.map((check) => (
							<tr key={check.id}>
								<th scope="row">
									<Link to={checkPage(service.id, check.id)}>
										{t('checks.link', { date: formatDateTime(check.created_at) })}
									</Link>
									{check.url === service.webhookUrl ? null : (
										<span className="muted"> {t('checks.sentTo', { url: check.url })}</span>
									)}
								</th>
								<td data-label={t('checks.colChallenge')}>
									<CheckVerdict verdict={check.verdicts.answers_challenge} t={t} />
								</td>
								<td data-label={t('checks.colSignatures')}>
									<CheckVerdict verdict={check.verdicts.checks_signatures} t={t} />
								</td>
							</tr>
						))}
					</tbody>
				</table>
			) : (
				<p>{t('checks.empty', { days: webhookLimits.retentionDays })}</p>
			)}
		</section>
	)
}

/** Since when every attempt failed, and the last error with its delivery. */
function HealthFacts({ serviceId, health }: { serviceId: string; health: WebhookHealth }) {
	const { t } = useTranslation('webhooks')
	const error = health.last_error
	return (
		<>
			{health.failing_since ? (
				<p>{t('health.since', { count: health.consecutive_failures, date: formatDateTime(health.failing_since) })}</p>
			) : null}
			{error ? (
				<p>
					{t('health.lastError', { date: formatDateTime(error.at), message: error.message })}{' '}
					<Link to={deliveryPage(serviceId, error.delivery_id)}>{t('health.lastErrorLink')}</Link>
				</p>
			) : null}
		</>
	)
}

type LogStatusProps = {
	serviceId: string
	delivery: WebhookDeliverySummary
	paused: boolean
	t: TFunction<'webhooks'>
}

/**
 * A failed delivery says what comes next: sent again by a redelivery (linked), held while paused, or its retry's
 * time (alone on the delivery's own day).
 */
function LogStatus({ serviceId, delivery, paused, t }: LogStatusProps) {
	const attention = <span className="tag tag--attention" />
	if (delivery.status === 'failed' && delivery.redelivered_by) {
		const redelivery = <Link to={deliveryPage(serviceId, delivery.redelivered_by)} />
		return <Trans t={t} i18nKey="log.failedSentAgain" components={{ status: attention, redelivery }} />
	}
	if (paused && (delivery.status === 'failed' || delivery.status === 'pending'))
		return <Trans t={t} i18nKey="log.held" components={{ status: attention }} />
	if (delivery.status !== 'failed' || !delivery.next_retry_at) return <DeliveryStatus status={delivery.status} t={t} />
	return (
		<Trans
			t={t}
			i18nKey="log.failedRetrying"
			values={{ time: formatTimeNear(delivery.next_retry_at, delivery.created_at) }}
			components={{ status: attention, time: <time dateTime={delivery.next_retry_at} /> }}
		/>
	)
}

const EVENTS = webhookEventTypes.filter((type) => type !== 'url_verification')

function DeliveryLog({ service, health, filters, deliveries, isFirstPage, links }: LoaderData) {
	const { t } = useTranslation('webhooks')
	const self = href('/services/:serviceId/webhooks', { serviceId: service.id })
	const filtered = Boolean(filters.status || filters.event)
	return (
		<section id="log" className="stack" aria-labelledby="log-heading">
			<h2 id="log-heading">{t('log.title')}</h2>
			<p>{t('log.intro', { days: webhookLimits.retentionDays })}</p>
			{/* "Send again every delivery that failed since …" (decision 0032). */}
			<p>
				<Link to={href('/services/:serviceId/webhooks/recover', { serviceId: service.id })}>
					{t('log.recoverLink')}
				</Link>
			</p>
			<FilterForm
				action={self}
				label={t('log.filterForm')}
				className="webhook-filter-form"
				idPrefix="log"
				filters={[
					{
						name: 'status',
						label: t('log.status'),
						all: t('log.allStatuses'),
						value: filters.status,
						options: webhookDeliveryStatuses.map((status) => ({ value: status, label: t(`status.${status}`) })),
					},
					{
						name: 'event',
						label: t('log.event'),
						all: t('log.allEvents'),
						value: filters.event,
						options: EVENTS.map((event) => ({ value: event, label: t(`events.${event}`) })),
					},
				]}
				apply={t('log.apply')}
				clear={t('log.clear')}
			/>
			{deliveries.length ? (
				<ScrollTable
					id="log-caption"
					className="webhook-table webhook-log table--cards"
					caption={filtered ? t('log.captionFiltered') : t('log.caption')}
				>
					<TableHead
						columns={[
							t('log.colStatus'),
							t('log.colEvent'),
							t('log.colLast'),
							t('log.colAttempts'),
							t('log.colCreated'),
						]}
					/>
					<tbody>
						{deliveries.map((delivery) => (
							<tr key={delivery.id}>
								<td>
									<LogStatus serviceId={service.id} delivery={delivery} paused={Boolean(health?.paused_at)} t={t} />
								</td>
								<th scope="row">
									<Link to={deliveryPage(service.id, delivery.id)}>
										<EventName type={delivery.event_type} t={t} />
									</Link>
									{delivery.trigger === 'event' ? null : (
										<span className="muted"> {t(`trigger.${delivery.trigger}`)}</span>
									)}
								</th>
								<td className="webhook-log__answer" data-label={t('log.colLast')}>
									{delivery.last_status_code !== null
										? t('log.httpStatus', { status: delivery.last_status_code })
										: delivery.last_error || t('log.noAttempt')}
								</td>
								<td data-label={t('log.colAttempts')}>{delivery.attempt_count}</td>
								<td data-label={t('log.colCreated')}>
									<time dateTime={delivery.created_at}>{formatDateTime(delivery.created_at)}</time>
								</td>
							</tr>
						))}
					</tbody>
				</ScrollTable>
			) : filtered ? (
				<p>
					{t('log.noMatch')} <Link to={self}>{t('log.clear')}</Link>
				</p>
			) : isFirstPage ? (
				<p>{t('log.empty', { days: webhookLimits.retentionDays })}</p>
			) : (
				<p>{t('log.noMore')}</p>
			)}
			<PageLinks links={links} newest={t('log.newest')} older={t('log.older')} />
		</section>
	)
}
