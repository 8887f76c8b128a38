/** The activity log of a service: newest first, a cursor that marks a position, filtered by kind. */
import { activityListQuery, limits } from '../../../../app/api/contract/index'
import type { activityEndpoints } from '../../../../app/api/contract/activity.endpoints'
import { decodeSeqCursor, encodeSeqCursor, parseQuery, reply, type Handlers } from '../../http'
import { serviceOf } from '../services/state'
import { presentActivity } from './presenters'
import { kindOf, pruneActivity } from './state'

export const activityHandlers = {
	listServiceActivity: (ctx) => {
		const service = serviceOf(ctx)
		const query = parseQuery(ctx, activityListQuery)
		const before = query.cursor === undefined ? Number.POSITIVE_INFINITY : decodeSeqCursor(query.cursor)
		pruneActivity(ctx.store)
		const perPage = query.per_page ?? limits.perPageDefault
		const matching = ctx.store.data.service_activity
			.filter((entry) => entry.service_id === service.id && entry.seq < before)
			.filter((entry) => query.kind === undefined || kindOf(entry.action) === query.kind)
			.reverse()
		const page = matching.slice(0, perPage)
		return reply(200, {
			data: page.map((entry) => presentActivity(ctx.store, entry)),
			meta: { next_cursor: matching.length > perPage ? encodeSeqCursor(page.at(-1)!.seq) : null },
		})
	},
} satisfies Handlers<keyof typeof activityEndpoints>
