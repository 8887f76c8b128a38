/** A two-step method as the contract shows it. */
import type { UserAuthentication } from '../../../../app/api/contract/index'
import type { MockStore } from '../../store'
import { authenticationTypeId } from '../reference/data'
import type { TwoStepRecord } from './state'

export function presentTwoStep(store: MockStore, entry: TwoStepRecord): UserAuthentication {
	return {
		id: entry.id,
		authentication_type: { id: authenticationTypeId(entry.method), key: entry.method },
		active: entry.active,
		activated_at: entry.activated_at === null ? null : store.clock.iso(entry.activated_at),
	}
}
