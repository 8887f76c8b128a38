// Decision 0031.
import type { ApiClient } from './client.server'
import { activityKindEnum, type ActivityKind } from './contract/index'
import { pageSearch } from './pagination.server'
import { readUserAgent } from '#app/utils/user-agent.server'

/** An unknown kind is dropped: the whole log, not an error. */
export const activityKindOf = (search: URLSearchParams) => activityKindEnum.safeParse(search.get('kind')).data

export const activitySearch = (kind: ActivityKind | undefined, cursor?: string | null) => pageSearch({ kind, cursor })

export async function activityPage(api: ApiClient, id: string, kind: ActivityKind | undefined, cursor?: string) {
	const { data, meta } = await api.call('listServiceActivity', { params: { id }, query: { kind, cursor } })
	// Read here, once: the page's script never parses a User-Agent.
	const entries = data.map((entry) => ({ ...entry, client: readUserAgent(entry.origin?.user_agent) }))
	return { entries, nextCursor: meta.next_cursor }
}
