import { useTranslation } from 'react-i18next'
import { Form, href, Link, redirect } from 'react-router'
import type { Route } from './+types/webhook-recover'
import { recoverDeliveriesSchema as schema } from './schemas'
import { webhookLimits } from '#app/api/contract/constants'
import { newIdempotencyKey } from '#app/api/services.server'
import { previewRecovery } from '#app/api/webhook-recovery.server'
import { ButtonForm } from '#app/components/services/button-form'
import { getApi, getService, getSession } from '#app/context.server'
import type { I18nHandle } from '#app/i18n'
import { getT } from '#app/i18n.server'
import { changeFailed } from '#app/services/load.server'
import { formatDateTime, fromUtcDateTimeLocal, toUtcDateTimeLocal } from '#app/utils/date-time'
import { invalid, parseForm } from '#app/forms/forms.server'
import { metaOf, pageMeta } from '#app/utils/meta'

export const handle = { i18n: ['recovery', 'webhooks'] } satisfies I18nHandle

export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)

/** Two steps that work without JS: the time (a GET form), then the count and a POST with the key rendered in. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
	const typed = new URL(request.url).searchParams.get('since')
	const since = fromUtcDateTimeLocal(typed)
	const [service, preview] = await Promise.all([
		getService(context),
		since ? previewRecovery(getApi(context), params.serviceId, since) : null,
	])
	const t = getT(context)
	return {
		service: { id: service.id, webhookUrl: service.webhook_url },
		typed: typed ?? '',
		error: typed === null ? null : !since ? ('invalid' as const) : preview?.ok === false ? preview.error : null,
		preview: preview?.ok ? { since: preview.since, count: preview.count } : null,
		idempotencyKey: newIdempotencyKey(),
		...pageMeta(t, t('recovery:pageTitle', { name: service.name })),
	}
}

export async function action({ params, request, context }: Route.ActionArgs) {
	const { submission } = parseForm(context, schema)
	if (submission.status !== 'success') return invalid(submission)
	const { since, idempotency_key } = submission.value
	try {
		// A double submit queues once: the key is rendered into the form.
		const body = { since, idempotency_key }
		const { data } = await getApi(context).call('recoverWebhookDeliveries', { params: { id: params.serviceId }, body })
		await getSession(context).setFlash({ tone: 'success', key: 'recovery:queued', values: { count: data.count } })
	} catch (error) {
		return changeFailed(null, error, context, { request })
	}
	return redirect(`${href('/services/:serviceId/webhooks', { serviceId: params.serviceId })}#log`)
}

export default function WebhookRecover({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation('recovery')
	const { service, typed, error, preview, idempotencyKey } = loaderData
	const self = href('/services/:serviceId/webhooks/recover', { serviceId: service.id })
	const days = webhookLimits.retentionDays
	return (
		<section className="stack-lg" aria-labelledby="page-heading">
			<p>
				<Link to={href('/services/:serviceId/webhooks', { serviceId: service.id })}>{t('back')}</Link>
			</p>
			<h1 id="page-heading">{t('title')}</h1>
			<p>{t('intro', { days })}</p>
			{preview ? (
				<section className="stack" aria-labelledby="confirm-heading">
					<h2 id="confirm-heading">
						{preview.count
							? t('confirm', { count: preview.count, since: formatDateTime(preview.since) })
							: t('none', { since: formatDateTime(preview.since) })}
					</h2>
					{preview.count ? (
						<>
							<p>{t('confirmTo', { url: service.webhookUrl })}</p>
							<ButtonForm
								schema={() => import('./schemas').then((m) => m.recoverDeliveriesSchema)}
								id="webhook-recover"
								values={{ since: preview.since, idempotency_key: idempotencyKey }}
								lastResult={actionData?.result}
								label={t('send', { count: preview.count })}
								pendingLabel={t('sending')}
							/>
						</>
					) : null}
					<p>
						<Link to={`${self}?since=${encodeURIComponent(toUtcDateTimeLocal(preview.since))}#since`}>
							{t('otherTime')}
						</Link>
					</p>
				</section>
			) : (
				<Form method="get" action={self} className="form stack" noValidate>
					<div className={`field${error ? ' field--error' : ''}`}>
						<label className="field__label" htmlFor="since">
							{t('since')}
						</label>
						<div className="field__hint" id="since-hint">
							{t('sinceHint', { days })}
						</div>
						{error ? (
							<p className="field__error" id="since-error">
								{t(`errors.${error}`, { days })}
							</p>
						) : null}
						<input
							id="since"
							name="since"
							type="datetime-local"
							className="field__input"
							defaultValue={typed}
							required
							aria-invalid={error ? true : undefined}
							aria-describedby={error ? 'since-hint since-error' : 'since-hint'}
						/>
					</div>
					<div className="button-row">
						<button type="submit" className="button button--primary" disabled={service.webhookUrl === null}>
							{t('count')}
						</button>
					</div>
				</Form>
			)}
		</section>
	)
}
