import { useTranslation } from 'react-i18next'
import { href, Link, redirect } from 'react-router'
import type { Route } from './+types/activity'
import type { ServicePageHandle } from './service'
import { activityKindOf, activityPage, activitySearch } from '#app/api/activity.server'
import { activityLimits } from '#app/api/contract/constants'
import { ApiError } from '#app/api/errors'
import { ActivityFilter } from '#app/components/services/activity-filter'
import { ActivityList } from '#app/components/services/activity-list'
import { getApi, getService } from '#app/context.server'
import { getT } from '#app/i18n.server'
import { metaOf, pageMeta } from '#app/utils/meta'
import stylesHref from '#app/styles/activity.css?url'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesHref }]

export const handle = {
	i18n: ['activity'],
	serviceHeader: { back: 'activity:back', title: 'activity:pageTitle' },
} satisfies ServicePageHandle

export const meta: Route.MetaFunction = ({ loaderData }) => metaOf(loaderData)

export async function loader({ params, request, context }: Route.LoaderArgs) {
	const search = new URL(request.url).searchParams
	const kind = activityKindOf(search)
	const cursor = search.get('cursor') || undefined
	const self = href('/services/:serviceId/activity', { serviceId: params.serviceId })
	const [service, page] = await Promise.all([
		getService(context),
		activityPage(getApi(context), params.serviceId, kind, cursor).catch((error: unknown) => {
			// A stale or hand-edited cursor: the first page with the same filter (never an error page).
			if (cursor && error instanceof ApiError && error.kind === 'bad_request' && error.status === 422) {
				throw redirect(`${self}${activitySearch(kind)}`)
			}
			// loadService answers the 404 of someone else's service; this call would say the same.
			if (error instanceof ApiError && error.status === 404) return null
			throw error
		}),
	])
	const nextCursor = page?.nextCursor ?? null
	const t = getT(context)
	return {
		serviceId: service.id,
		kind,
		entries: page?.entries ?? [],
		isFirstPage: !cursor,
		// Plain links (JS off): the filter stays in the URL, the cursor only on the way to older entries.
		links: {
			older: nextCursor ? `${self}${activitySearch(kind, nextCursor)}` : null,
			newest: cursor ? `${self}${activitySearch(kind)}` : null,
		},
		...pageMeta(t, t('activity:pageTitle', { name: service.name })),
	}
}

export default function ServiceActivity({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation('activity')
	const { serviceId, kind, entries, isFirstPage, links } = loaderData
	const days = activityLimits.retentionDays
	return (
		<>
			<p>{t('intro', { days })}</p>
			<ActivityFilter action={href('/services/:serviceId/activity', { serviceId })} kind={kind} />
			{entries.length ? (
				<ActivityList serviceId={serviceId} entries={entries} label={kind ? t('listLabelFiltered') : t('listLabel')} />
			) : !isFirstPage ? (
				<p>{t('noMore')}</p>
			) : kind ? (
				<p>{t('noMatch', { days })}</p>
			) : (
				<p>{t('empty', { days })}</p>
			)}
			{links.older || links.newest ? (
				<p className="button-row">
					{links.newest ? <Link to={links.newest}>{t('newest')}</Link> : null}
					{links.older ? <Link to={links.older}>{t('older')}</Link> : null}
				</p>
			) : null}
		</>
	)
}
