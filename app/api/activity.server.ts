/**
 * The activity log of a service (docs/decisions/0031-activity-log.md) on top of `api.call`: its filter from the page
 * URL and one page of entries.
 */
import type { ApiClient } from './client.server'
import { activityKindEnum, type ActivityKind } from './contract/index'
import { readUserAgent } from '#app/utils/user-agent.server'

/** The log's filter from the page URL (`?kind=review`); an unknown kind is dropped (the whole log, not an error). */
export function activityKindOf(search: URLSearchParams): ActivityKind | undefined {
	const kind = activityKindEnum.safeParse(search.get('kind'))
	return kind.success ? kind.data : undefined
}

/** The query string of a log page: the filter, and the cursor of the next page when given (plain links, JS off). */
export function activitySearch(kind: ActivityKind | undefined, cursor?: string | null) {
	const search = new URLSearchParams()
	if (kind) search.set('kind', kind)
	if (cursor) search.set('cursor', cursor)
	const text = search.toString()
	return text ? `?${text}` : ''
}

/** One page of the log, newest first. */
export async function activityPage(api: ApiClient, id: string, kind: ActivityKind | undefined, cursor?: string) {
	const { data, meta } = await api.call('listServiceActivity', { params: { id }, query: { kind, cursor } })
	// Read here, once: the page's script never parses a User-Agent.
	const entries = data.map((entry) => ({ ...entry, client: readUserAgent(entry.origin?.user_agent) }))
	return { entries, nextCursor: meta.next_cursor }
}
