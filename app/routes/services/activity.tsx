import { useTranslation } from 'react-i18next'
import { href, redirect } from 'react-router'
import type { Route } from './+types/activity'
import type { ServicePageHandle } from './service'
import { activityKindOf, activityPage, activitySearch } from '#app/api/activity.server'
import { activityKinds, activityLimits } from '#app/api/contract/constants'
import { ApiError } from '#app/api/errors'
import { ActivityList } from '#app/components/services/activity-list'
import { FilterForm, PageLinks } from '#app/components/services/log-navigation'
import { rethrowNotFound } from '#app/services/load.server'
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
			return rethrowNotFound(error)
		}),
	])
	const t = getT(context)
	return {
		serviceId: service.id,
		kind,
		entries: page.entries,
		isFirstPage: !cursor,
		links: {
			older: page.nextCursor ? `${self}${activitySearch(kind, page.nextCursor)}` : null,
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
			<FilterForm
				action={href('/services/:serviceId/activity', { serviceId })}
				label={t('filterForm')}
				className="activity-filter-form"
				idPrefix="activity"
				filters={[
					{
						name: 'kind',
						label: t('kind'),
						all: t('allKinds'),
						value: kind,
						options: activityKinds.map((value) => ({ value, label: t(`kinds.${value}`) })),
					},
				]}
				apply={t('apply')}
				clear={t('clear')}
			/>
			{entries.length ? (
				<ActivityList serviceId={serviceId} entries={entries} label={kind ? t('listLabelFiltered') : t('listLabel')} />
			) : !isFirstPage ? (
				<p>{t('noMore')}</p>
			) : kind ? (
				<p>{t('noMatch', { days })}</p>
			) : (
				<p>{t('empty', { days })}</p>
			)}
			<PageLinks links={links} newest={t('newest')} older={t('older')} />
		</>
	)
}
