/**
 * The activity log of each service (docs/decisions/0031-activity-log.md): `recordActivity` is the one way an entry
 * is written, called by a handler in the same step as the change it records (after the change succeeded, before
 * the answer), so a refused or failed change leaves none. Kept 90 days.
 */
import {
	activityActionKinds,
	activityLimits,
	activityUrlChange,
	type ActivityAction,
	type ActivityEntry,
} from '../../../../app/api/contract/index'
import { list } from '../../collections'
import { newId } from '../../crypto'
import { caller, type Ctx } from '../../http'
import type { MockStore } from '../../store'
import { servicesOf, type ServiceRecord } from '../services/state'

const DAY_MS = 24 * 60 * 60 * 1000

export type ActivityRecord = {
	id: string
	/** Increases with every entry: the list's order and its cursor. */
	seq: number
	service_id: string
	action: ActivityAction
	at: number
	actor: ActivityEntry['actor']
	origin: ActivityEntry['origin']
	details: ActivityEntry['details']
}

export const activityCollections = { service_activity: list<ActivityRecord>() }

/** Who did it: the signed-in partner of a request (with where the request came from), or the platform's side. */
export type ActivityBy = Ctx | 'review_team' | 'platform'

/** Writes one entry for `serviceId`. */
export function recordActivity(
	store: MockStore,
	serviceId: string,
	action: ActivityAction,
	by: ActivityBy,
	details: ActivityEntry['details'] = {},
) {
	pruneActivity(store)
	const entries = store.data.service_activity
	let actor: ActivityEntry['actor'] = {
		type: by === 'review_team' ? 'review_team' : 'platform',
		name: null,
		email: null,
	}
	let origin: ActivityEntry['origin'] = null
	if (typeof by !== 'string') {
		const { user } = caller(by)
		actor = { type: 'partner', name: `${user.first_name} ${user.last_name}`.trim(), email: user.email }
		origin = { ip: by.client.ip, user_agent: by.client.userAgent }
	}
	entries.push({
		id: newId(),
		seq: (entries.at(-1)?.seq ?? 0) + 1,
		service_id: serviceId,
		action,
		at: store.now(),
		actor,
		origin,
		details,
	})
	store.changed()
}

/** Drops entries older than the retention. */
export function pruneActivity(store: MockStore) {
	const cutoff = store.now() - activityLimits.retentionDays * DAY_MS
	const kept = store.data.service_activity.filter((entry) => entry.at > cutoff)
	if (kept.length !== store.data.service_activity.length) {
		store.data.service_activity = kept
		store.changed()
	}
}

const URL_FIELDS = activityUrlChange.shape.field.options

/** A settings change: the fields that changed, and old → new of the URLs among them (nothing else's values). */
export function settingsChanges<F extends string>(
	before: Record<F, unknown>,
	after: Record<F, unknown>,
	fields: readonly F[],
): ActivityEntry['details'] {
	const changed = fields.filter((field) => before[field] !== after[field])
	const urls = URL_FIELDS.flatMap((field) =>
		(changed as readonly string[]).includes(field)
			? [{ field, from: String(before[field as F]), to: String(after[field as F]) }]
			: [],
	)
	return { fields: changed, urls }
}

/** Protections turned on and off since `before` (none changed: no entry). */
export function protectionChanges(ctx: Ctx, service: ServiceRecord, before: ServiceRecord['security_protections']) {
	const was = new Map(before.map((entry) => [entry.key, entry.enabled]))
	const changed = service.security_protections.filter((entry) => (was.get(entry.key) ?? false) !== entry.enabled)
	if (!changed.length) return
	recordActivity(ctx.store, service.id, 'protections_changed', ctx, {
		enabled: changed.filter((entry) => entry.enabled).map((entry) => entry.key),
		disabled: changed.filter((entry) => !entry.enabled).map((entry) => entry.key),
	})
}

/**
 * An identity confirmation, or a refused one (a wrong password or code), is entered in the log of every service of
 * the partner: a confirmation opens the changes of all of them, and a stranger trying shows on each.
 */
export function recordIdentityConfirmation(ctx: Ctx, method: 'password' | 'totp', confirmed: boolean) {
	const action = confirmed ? 'identity_confirmed' : 'identity_confirmation_refused'
	for (const service of servicesOf(ctx.store, caller(ctx).user.id)) {
		recordActivity(ctx.store, service.id, action, ctx, { method })
	}
}

export const kindOf = (action: ActivityAction) => activityActionKinds[action]
