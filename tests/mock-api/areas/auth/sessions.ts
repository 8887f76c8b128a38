/** Sessions: the complete sign-ins ("families") of the caller's account, listed and ended (decision 0040). */
import type { Session } from '../../../../app/api/contract/index'
import { caller, notFound, paginate, reply, type Ctx, type Handlers } from '../../http'
import type { MockStore } from '../../store'
import { emailSessionsEnded } from '../emails/notices'
import { activeAt, liveSessions, revokeFamily, type FamilyRecord } from './state'

function presentSession(store: MockStore, family: FamilyRecord, current: string): Session {
	return {
		id: family.id,
		ip: family.ip ?? null,
		user_agent: family.user_agent ?? null,
		signed_in_at: store.clock.iso(family.created_at),
		last_active_at: store.clock.iso(activeAt(family)),
		current: family.id === current,
	}
}

function endSessions(ctx: Ctx, ended: FamilyRecord[]) {
	const { user } = caller(ctx)
	for (const family of ended) revokeFamily(ctx.store, family.id)
	if (ended.length > 0) emailSessionsEnded(ctx.store, user, ended)
}

export const sessionHandlers: Handlers<'listSessions' | 'deleteSession' | 'endOtherSessions'> = {
	listSessions: (ctx) => {
		const { user, token } = caller(ctx)
		const sessions = liveSessions(ctx.store, user.id)
		return paginate(
			ctx,
			sessions.map((family) => presentSession(ctx.store, family, token.family_id)),
		)
	},

	deleteSession: (ctx) => {
		const { user } = caller(ctx)
		const family = liveSessions(ctx.store, user.id).find((candidate) => candidate.id === ctx.params.id)
		if (!family) throw notFound()
		endSessions(ctx, [family])
		return reply(204)
	},

	endOtherSessions: (ctx) => {
		const { user, token } = caller(ctx)
		const others = liveSessions(ctx.store, user.id).filter((family) => family.id !== token.family_id)
		endSessions(ctx, others)
		return reply(200, { data: { ended: others.length } })
	},
}
