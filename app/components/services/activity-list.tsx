import { Trans, useTranslation } from 'react-i18next'
import { href, Link } from 'react-router'
import type { ActivityEntry } from '#app/api/contract/activity'
import { serviceFieldNames } from '#app/api/contract/constants'
import { defaultLanguage, type Resources } from '#app/locales/index'
import { formatAge, formatDateTime } from '#app/utils/date-time'
import { useAgentName, type ReadableUserAgent } from '#app/utils/user-agent'
import { checkPage, deliveryPage } from '#app/services/pages'

/** An entry with its client as the server read it from the User-Agent (`readUserAgent`). */
type Entry = ActivityEntry & { client: ReadableUserAgent | null }

const languageNames = new Intl.DisplayNames([defaultLanguage], { type: 'language' })

export function ActivityList({ serviceId, entries, label }: { serviceId: string; entries: Entry[]; label: string }) {
	return (
		<ol className="activity-list" aria-label={label}>
			{entries.map((entry) => (
				<ActivityItem key={entry.id} serviceId={serviceId} entry={entry} />
			))}
		</ol>
	)
}

function ActivityItem({ serviceId, entry }: { serviceId: string; entry: Entry }) {
	const { t } = useTranslation('activity')
	const agentName = useAgentName()
	const page = pageOf(serviceId, entry)
	return (
		<li className="activity-entry stack">
			<h3 className="activity-entry__title">{t(`actions.${entry.action}`)}</h3>
			<ActivityDetails entry={entry} />
			<p className="muted">
				<Trans
					t={t}
					i18nKey="when"
					values={{ date: formatDateTime(entry.occurred_at), age: formatAge(entry.age_seconds) }}
					components={{ time: <time dateTime={entry.occurred_at} /> }}
				/>
			</p>
			<p>
				{entry.actor.type === 'partner'
					? t('by', { name: entry.actor.name, email: entry.actor.email })
					: entry.actor.type === 'review_team'
						? t('byReviewTeam')
						: t('byPlatform')}
			</p>
			{entry.origin ? <p className="muted">{originText(t, entry.origin, agentName(entry.client))}</p> : null}
			{page ? (
				<p>
					<Link to={page.to}>{t('open', { page: t(`pages.${page.name}`) })}</Link>
				</p>
			) : null}
		</li>
	)
}

type T = ReturnType<typeof useTranslation<'activity'>>['t']

function originText(t: T, origin: NonNullable<ActivityEntry['origin']>, client: string | null) {
	if (origin.ip && client) return t('from', { ip: origin.ip, client })
	if (client) return t('fromClient', { client })
	return t('fromIp', { ip: origin.ip ?? t('unknown') })
}

/** What changed: only the details its action has (never a secret, only its hint). */
function ActivityDetails({ entry }: { entry: ActivityEntry }) {
	const { t } = useTranslation('activity')
	const { details } = entry
	const lines: string[] = []
	if (details.fields?.length)
		lines.push(t('details.fields', { fields: details.fields.map((field) => fieldName(t, field)).join(', ') }))
	for (const { field, from, to } of details.urls ?? []) {
		const empty = t('details.emptyUrl')
		lines.push(t('details.url', { field: fieldName(t, field), from: from || empty, to: to || empty }))
	}
	if (details.secret_hint) {
		const key = entry.action === 'client_secret_reset' ? 'details.secretHintReset' : 'details.secretHint'
		lines.push(t(key, { hint: details.secret_hint }))
	}
	for (const turned of ['enabled', 'disabled'] as const) {
		const keys = details[turned]
		if (keys?.length)
			lines.push(t(`details.${turned}`, { names: keys.map((key) => t(`protections.${key}`)).join(', ') }))
	}
	if (details.locales?.length)
		lines.push(t('details.locales', { locales: details.locales.map((locale) => languageNames.of(locale)).join(', ') }))
	if (details.since && details.count !== undefined) {
		const key = entry.action === 'webhook_endpoint_resumed' ? 'details.resumed' : 'details.recovery'
		lines.push(t(key, { count: details.count, since: formatDateTime(details.since) }))
	}
	if (details.reason) lines.push(t('details.reason', { reason: details.reason }))
	if (details.method) {
		const refused = entry.action === 'identity_confirmation_refused'
		lines.push(t(refused ? `details.${details.method}Refused` : `details.${details.method}`))
	}
	if (!lines.length) return null
	return (
		<ul className="activity-entry__details">
			{lines.map((line) => (
				<li key={line}>{line}</li>
			))}
		</ul>
	)
}

type FieldName = (typeof serviceFieldNames)[number]
const fieldName = (t: T, field: string) =>
	serviceFieldNames.includes(field as FieldName) ? t(`fields.${field as FieldName}`) : field

type PageName = keyof Resources['activity']['pages']

function pageOf(serviceId: string, entry: ActivityEntry): { name: PageName; to: string } | null {
	const { details } = entry
	switch (entry.kind) {
		case 'settings':
			return entry.action === 'settings_updated'
				? { name: 'settings', to: href('/services/:serviceId/manage', { serviceId }) }
				: { name: 'logo', to: href('/services/:serviceId/manage/logo', { serviceId }) }
		case 'client_secrets':
		case 'identity':
			return { name: 'developers', to: href('/services/:serviceId/developers', { serviceId }) }
		case 'signing_secret':
			return { name: 'signing', to: `${href('/services/:serviceId/developers', { serviceId })}#signing` }
		case 'protections':
			return { name: 'protections', to: href('/services/:serviceId/protections', { serviceId }) }
		case 'translations':
			return { name: 'translations', to: href('/services/:serviceId/translations', { serviceId }) }
		case 'domain':
		case 'review':
			return { name: 'verifications', to: href('/services/:serviceId/verifications', { serviceId }) }
		case 'webhooks':
			if (details.delivery_id) return { name: 'delivery', to: deliveryPage(serviceId, details.delivery_id) }
			if (details.check_id) return { name: 'check', to: checkPage(serviceId, details.check_id) }
			return { name: 'webhooks', to: href('/services/:serviceId/webhooks', { serviceId }) }
	}
}
