import { z, type ZodType } from 'zod'
import type { ApiClient, Auth } from './client.server'

/** Page size of "all pages" reads (spec point 9). */
export const ALL_PAGES_SIZE = 100
/** A safety stop: a broken cursor must not loop forever. */
const MAX_PAGES = 50

/**
 * Reads every page of a list (spec point 7, "all pages"): follows
 * `meta.next_cursor` with a page size of 100 and merges `data`.
 */
export async function allPages<T extends ZodType>(
	client: ApiClient,
	path: string,
	item: T,
	{ query = {}, auth = 'access' }: { query?: Record<string, string>; auth?: Auth } = {},
): Promise<Array<z.output<T>>> {
	const page = z.object({ data: z.array(item), meta: z.object({ next_cursor: z.string().nullable() }) })
	const items: Array<z.output<T>> = []
	let cursor: string | null = null
	for (let i = 0; i < MAX_PAGES; i++) {
		const result: z.output<typeof page> = await client.get(path, {
			schema: page,
			auth,
			query: { ...query, per_page: ALL_PAGES_SIZE, cursor: cursor ?? undefined },
		})
		items.push(...result.data)
		cursor = result.meta.next_cursor
		if (!cursor) return items
	}
	throw new Error(`${path}: more than ${MAX_PAGES} pages`)
}
