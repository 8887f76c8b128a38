import type { ApiClient, CallInput, CallOutput } from './client.server'
import { endpoints, type EndpointName } from './contract/endpoints'

// Spec point 9.
export const ALL_PAGES_SIZE = 100
/** A safety stop: a broken cursor must not loop forever. */
const MAX_PAGES = 50

type Page = { data: unknown[]; meta: { next_cursor: string | null } }
type Endpoints = typeof endpoints

export type ListName = { [N in EndpointName]: CallOutput<Endpoints[N]> extends Page ? N : never }[EndpointName]

type Item<N extends ListName> = CallOutput<Endpoints[N]> extends { data: Array<infer I> } ? I : never

/** A list page's query string: the values set, in their order; '' when none is. */
export function pageSearch(values: Record<string, string | null | undefined>) {
	const search = new URLSearchParams()
	for (const [key, value] of Object.entries(values)) {
		if (value) search.set(key, value)
	}
	const text = search.toString()
	return text ? `?${text}` : ''
}

/** Spec point 7, "all pages". */
export async function allPages<N extends ListName>(
	client: ApiClient,
	name: N,
	{ query = {} }: Pick<CallInput<Endpoints[N]>, 'query'> = {},
): Promise<Array<Item<N>>> {
	const items: Array<Item<N>> = []
	let cursor: string | null = null
	for (let i = 0; i < MAX_PAGES; i++) {
		const page = (await client.send(name, {
			query: { ...query, per_page: ALL_PAGES_SIZE, cursor: cursor ?? undefined },
		})) as Page
		items.push(...(page.data as Array<Item<N>>))
		cursor = page.meta.next_cursor
		if (!cursor) return items
	}
	throw new Error(`${endpoints[name].path}: more than ${MAX_PAGES} pages`)
}
