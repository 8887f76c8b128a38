import { useTranslation } from 'react-i18next'
import { metaOf, pageMeta } from '#app/utils/meta'
import { href, Link, redirect } from 'react-router'
import type { Route } from './+types/webhook-delivery'
import { getT } from '#app/i18n.server'
import stylesHref from '#app/styles/webhooks.css?url'
import type { WebhookDelivery } from '#app/api/contract/webhook-deliveries'
import { redeliverSchema as schema } from './schemas'
import { newIdempotencyKey } from '#app/api/services.server'
import { deliveryPage } from '#app/services/pages'
import { changeFailed, rethrowNotFound } from '#app/services/load.server'
import { WebhookBody, WebhookExchange } from '#app/components/services/webhook-exchange'
import {
	DeliveryOutcome,
	DeliveryStatus,
	EventName,
	NoWebhookUrl,
	signedWith,
} from '#app/components/services/webhook-parts'
import { SummaryRow, TimeRow } from '#app/components/services/summary-row'
import { ButtonForm } from '#app/components/services/button-form'
import { invalid, parseForm } from '#app/forms/forms.server'
import type { I18nHandle } from '#app/i18n'
import { getApi, getService, getSession } from '#app/context.server'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesHref }]

export const handle = { i18n: ['webhooks'] } satisfies I18nHandle

export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)

export async function loader({ params, context }: Route.LoaderArgs) {
	const [service, delivery] = await Promise.all([
		getService(context),
		// Anyone else's delivery or a malformed id is a 404.
		getApi(context)
			.call('getWebhookDelivery', { params: { id: params.serviceId, deliveryId: params.deliveryId } })
			.then(({ data }) => data, rethrowNotFound),
	])
	const t = getT(context)
	return {
		service: { id: service.id, name: service.name, webhookUrl: service.webhook_url },
		delivery,
		// Rendered into redeliver's form, so a double submit or a resubmitted page delivers once.
		idempotencyKey: newIdempotencyKey(),
		// The event alone: with the service's name a long event's title passes the 70 characters a title may have.
		...pageMeta(t, t('webhooks:delivery.pageTitle', { event: t(`webhooks:events.${delivery.event_type}`) })),
	}
}

export async function action({ params, request, context }: Route.ActionArgs) {
	const { submission } = parseForm(context, schema)
	if (submission.status !== 'success') return invalid(submission)
	try {
		const { data: redelivery } = await getApi(context).call('redeliverWebhookDelivery', {
			params: { id: params.serviceId, deliveryId: params.deliveryId },
			body: { idempotency_key: submission.value.idempotency_key },
		})
		await getSession(context).setFlash({ tone: 'success', key: 'webhooks:delivery.redelivered' })
		return redirect(deliveryPage(params.serviceId, redelivery.id))
	} catch (error) {
		return changeFailed(null, error, context, { request })
	}
}

export default function WebhookDeliveryPage({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation('webhooks')
	const { service, delivery, idempotencyKey } = loaderData
	const log = href('/services/:serviceId/webhooks', { serviceId: service.id })
	const refusedAddress =
		delivery.url === service.webhookUrl && delivery.attempts.at(-1)?.error?.code === 'refused_address'
	return (
		<section className="stack-lg" aria-labelledby="page-heading">
			<p>
				<Link to={log}>{t('delivery.back')}</Link>
			</p>
			<h1 id="page-heading">{t('delivery.title', { event: t(`events.${delivery.event_type}`) })}</h1>
			{/* The answer first: a partner opens a failed delivery to learn what went wrong. */}
			<DeliveryOutcome serviceId={service.id} delivery={delivery} />
			<Summary serviceId={service.id} delivery={delivery} />
			<section className="stack" aria-labelledby="redeliver-heading">
				<h2 id="redeliver-heading">{t('delivery.redeliverTitle')}</h2>
				{service.webhookUrl === null ? (
					<NoWebhookUrl serviceId={service.id} />
				) : refusedAddress ? (
					// The address rule refuses this URL every time: only a new URL can be delivered to.
					<p>
						{t('delivery.redeliverRefused')}{' '}
						<Link to={href('/services/:serviceId/manage', { serviceId: service.id })}>
							{t('delivery.redeliverRefusedLink')}
						</Link>
					</p>
				) : (
					<>
						<p>{t('delivery.redeliverIntro', { url: service.webhookUrl })}</p>
						<ButtonForm
							key={delivery.id}
							schema={() => import('./schemas').then((m) => m.redeliverSchema)}
							id="redeliver"
							values={{ idempotency_key: idempotencyKey }}
							lastResult={actionData?.result}
							label={t('delivery.redeliver')}
							pendingLabel={t('delivery.redeliverPending')}
							// Delivered already: sending again is the exception, not the next step.
							variant={delivery.status === 'delivered' ? 'secondary' : 'primary'}
						/>
					</>
				)}
			</section>
			<section className="stack" aria-labelledby="payload-heading">
				<h2 id="payload-heading">{t('delivery.payload')}</h2>
				<p>{t('delivery.payloadIntro')}</p>
				<WebhookBody
					body={delivery.payload}
					label={t('delivery.payloadLabel', { event: t(`events.${delivery.event_type}`) })}
					showRaw
				/>
			</section>
			<section className="stack" aria-labelledby="attempts-heading">
				<h2 id="attempts-heading">{t('delivery.attempts')}</h2>
				{delivery.attempts.length ? (
					// Newest first, and only the newest open: the older ones are history.
					<ol className="webhook-attempts" reversed>
						{[...delivery.attempts].reverse().map((attempt, index) => {
							const label = t('delivery.attempt', { number: attempt.number })
							return (
								<li key={`${delivery.id}-${attempt.number}`} className="card stack">
									<h3>
										{label}:{' '}
										<span className={`tag ${attempt.succeeded ? 'tag--ok' : 'tag--attention'}`}>
											{attempt.succeeded ? t('delivery.succeeded') : t('delivery.failedAttempt')}
										</span>
									</h3>
									<p>{signedWith(t, attempt.signed_with)}</p>
									<WebhookExchange exchange={attempt} label={label} headingLevel={4} open={index === 0} />
								</li>
							)
						})}
					</ol>
				) : (
					<p>{t('delivery.noAttempts')}</p>
				)}
			</section>
		</section>
	)
}

function Summary({ serviceId, delivery }: { serviceId: string; delivery: WebhookDelivery }) {
	const { t } = useTranslation('webhooks')
	return (
		<dl className="summary-list">
			<SummaryRow term={t('delivery.status')}>
				<DeliveryStatus status={delivery.status} t={t} />
			</SummaryRow>
			<SummaryRow term={t('delivery.event')}>
				<EventName type={delivery.event_type} t={t} /> <code>{delivery.event_id}</code>
			</SummaryRow>
			<SummaryRow term={t('delivery.trigger')}>
				{t(`triggerLong.${delivery.trigger}`)}
				{delivery.redelivery_of ? (
					<>
						{' '}
						<Link to={deliveryPage(serviceId, delivery.redelivery_of)}>{t('delivery.original')}</Link>
					</>
				) : null}
			</SummaryRow>
			<SummaryRow term={t('delivery.url')}>
				<code>{delivery.url}</code>
			</SummaryRow>
			<TimeRow term={t('delivery.created')} at={delivery.created_at} />
			<SummaryRow term={t('delivery.signed')}>{signedWith(t, delivery.signed_with)}</SummaryRow>
			<TimeRow
				term={t('delivery.nextRetry')}
				at={delivery.next_retry_at}
				otherwise={
					delivery.event_type === 'ping'
						? t('delivery.testNoRetry')
						: delivery.status === 'failed'
							? t('delivery.gaveUp')
							: t('delivery.noRetry')
				}
			/>
		</dl>
	)
}
