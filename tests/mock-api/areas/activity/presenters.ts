import type { ActivityEntry } from '../../../../app/api/contract/index'
import type { MockStore } from '../../store'
import { kindOf, type ActivityRecord } from './state'

export function presentActivity(store: MockStore, record: ActivityRecord): ActivityEntry {
	return {
		id: record.id,
		kind: kindOf(record.action),
		action: record.action,
		occurred_at: store.clock.iso(record.at),
		age_seconds: Math.max(0, Math.floor((store.now() - record.at) / 1000)),
		actor: record.actor,
		origin: record.origin,
		details: record.details,
	}
}
