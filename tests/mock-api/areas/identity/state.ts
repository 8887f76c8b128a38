/**
 * Identity confirmations ("sudo mode"): one per sign-in (family), until when
 * it lets that sign-in make the changes that need one (docs/decisions/0022).
 */
import { identityConfirmationSeconds, type IdentityConfirmation } from '../../../../app/api/contract/index'
import { table } from '../../collections'
import { fail, type AuthContext } from '../../http'
import type { MockStore } from '../../store'
import { twoStep } from '../two-step/state'

export type IdentityConfirmationRecord = { family_id: string; user_id: string; expires_at: number }

export const identityCollections = { identity_confirmations: table<IdentityConfirmationRecord>() }

/** Until when the caller's sign-in is confirmed, or null. */
function confirmedUntil(store: MockStore, auth: AuthContext): number | null {
	const entry = store.data.identity_confirmations[auth.token.family_id]
	return entry && entry.user_id === auth.user.id && entry.expires_at > store.now() ? entry.expires_at : null
}

/** Confirms the caller's sign-in (its refreshes too) for `identityConfirmationSeconds` from now. */
export function confirmIdentity(store: MockStore, auth: AuthContext) {
	const familyId = auth.token.family_id
	store.data.identity_confirmations[familyId] = {
		family_id: familyId,
		user_id: auth.user.id,
		expires_at: store.now() + identityConfirmationSeconds * 1000,
	}
	store.changed()
}

/** The resource: confirmed or not, for how long, and how it may be confirmed. */
export function presentIdentityConfirmation(store: MockStore, auth: AuthContext): IdentityConfirmation {
	const until = confirmedUntil(store, auth)
	return {
		confirmed: until !== null,
		expires_at: until === null ? null : store.clock.iso(until),
		expires_in_seconds: until === null ? 0 : Math.ceil((until - store.now()) / 1000),
		methods: twoStep(store, auth.user.id, 'totp')?.active ? ['password', 'totp'] : ['password'],
	}
}

/** Throws the 403 `identity_confirmation_required` unless the caller's sign-in is confirmed now. */
export function requireConfirmedIdentity(store: MockStore, auth: AuthContext) {
	if (confirmedUntil(store, auth) === null) {
		throw fail(403, { message: 'Confirm your identity first.', code: 'identity_confirmation_required' })
	}
}

/** Drops ended confirmations. */
export function pruneIdentityConfirmations(store: MockStore) {
	const now = store.now()
	for (const [key, entry] of Object.entries(store.data.identity_confirmations)) {
		if (entry.expires_at <= now) delete store.data.identity_confirmations[key]
	}
}
