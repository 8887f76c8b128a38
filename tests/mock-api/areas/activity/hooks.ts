/**
 * The /__mock hook of the activity log (README.md): older entries for a service, to page through without making
 * dozens of changes. Each is a `settings_updated` of the description by the service's partner, one minute apart,
 * the newest one minute before now, from a documentation address (203.0.113.7).
 */
import { z } from 'zod'
import { notFound, parseBody, reply, withoutTrailingSlashes, type Ctx, type Reply } from '../../http'
import { userById } from '../users/state'
import { pruneActivity } from './state'
import { newId } from '../../crypto'

export const mockActivityBody = z.object({ count: z.number().int().min(1).max(500) })
export type MockActivityInput = z.input<typeof mockActivityBody>

/** Answers the activity hook, or null when it does not match. */
export function handleActivityHook(ctx: Ctx): Reply | null {
	const { store } = ctx
	const match = /^\/__mock\/services\/([^/]+)\/activity$/.exec(withoutTrailingSlashes(ctx.path))
	if (!match || ctx.method !== 'POST') return null
	const service = store.data.services.find((candidate) => candidate.id === decodeURIComponent(match[1]!))
	const user = service && userById(store, service.user_id)
	if (!service || !user) throw notFound()
	const { count } = parseBody(ctx, mockActivityBody)
	pruneActivity(store)
	const entries = store.data.service_activity
	const now = store.now()
	// Older than anything written so far: the sequence of the log is its order, so they go first.
	const seeded = Array.from({ length: count }, (_, index) => ({
		id: newId(),
		seq: 0,
		service_id: service.id,
		action: 'settings_updated' as const,
		at: now - (count - index) * 60_000,
		actor: { type: 'partner' as const, name: `${user.first_name} ${user.last_name}`.trim(), email: user.email },
		origin: { ip: '203.0.113.7', user_agent: null },
		details: { fields: ['description'], urls: [] },
	}))
	store.data.service_activity = [...seeded, ...entries].map((entry, index) => ({ ...entry, seq: index + 1 }))
	store.changed()
	return reply(201, { data: { count } })
}
