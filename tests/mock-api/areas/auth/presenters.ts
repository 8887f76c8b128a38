/** A token as the contract shows it: the raw value exists only in the answer that issues it. */
import type { AuthenticationToken } from '../../../../app/api/contract/index'
import type { MockStore } from '../../store'
import type { TokenRecord } from './state'

export function presentToken(store: MockStore, raw: string, token: TokenRecord): AuthenticationToken {
	return {
		token_raw: raw,
		authentication_token_type: { key: token.kind },
		expires_at: store.clock.iso(token.expires_at),
	}
}
