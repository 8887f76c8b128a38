/** Sign-ins ("families") and the access and refresh tokens issued by them. */
import type { AuthenticationToken } from '../../../../app/api/contract/index'
import { table } from '../../collections'
import { newId, randomToken, sha256 } from '../../crypto'
import { POLICY } from '../../policy'
import type { MockStore } from '../../store'
import type { UserRecord } from '../users/state'
import { presentToken } from './presenters'

/** One sign-in: every token issued by it and by its refreshes. */
export type FamilyRecord = {
	id: string
	user_id: string
	restricted: boolean
	created_at: number
	revoked_at: number | null
}

export type TokenRecord = {
	/** SHA-256 of token_raw (the raw token is never stored, except a rotation's successor during its grace). */
	hash: string
	kind: 'access' | 'refresh'
	family_id: string
	user_id: string
	restricted: boolean
	created_at: number
	expires_at: number
	revoked_at: number | null
	/** Refresh tokens: when they were exchanged, and the pair they were exchanged for. */
	rotated_at: number | null
	successor: AuthenticationToken[] | null
}

export const authCollections = {
	families: table<FamilyRecord>(),
	tokens: table<TokenRecord>(),
}

/** Issues an access + refresh pair in `familyId` (a new family when omitted). */
export function issuePair(
	store: MockStore,
	user: UserRecord,
	{ restricted = false, familyId }: { restricted?: boolean; familyId?: string } = {},
) {
	const now = store.now()
	let family = familyId ? store.data.families[familyId] : undefined
	if (!family) {
		family = { id: newId(), user_id: user.id, restricted, created_at: now, revoked_at: null }
		store.data.families[family.id] = family
	}
	const accessTtl = restricted ? POLICY.restrictedTtlSeconds : store.config.accessTtlSeconds
	const refreshTtl = restricted ? POLICY.restrictedTtlSeconds : POLICY.refreshTtlSeconds
	const make = (kind: 'access' | 'refresh', ttlSeconds: number): AuthenticationToken => {
		const raw = randomToken()
		const token: TokenRecord = {
			hash: sha256(raw),
			kind,
			family_id: family.id,
			user_id: user.id,
			restricted,
			created_at: now,
			expires_at: now + ttlSeconds * 1000,
			revoked_at: null,
			rotated_at: null,
			successor: null,
		}
		store.data.tokens[token.hash] = token
		return presentToken(store, raw, token)
	}
	const pair = [make('access', accessTtl), make('refresh', refreshTtl)]
	store.changed()
	return { family, pair }
}

export function tokenByRaw(store: MockStore, raw: string) {
	return store.data.tokens[sha256(raw)]
}

export function familyOf(store: MockStore, token: TokenRecord) {
	return store.data.families[token.family_id]
}

/** Not expired, not revoked, family not revoked. */
export function tokenIsLive(store: MockStore, token: TokenRecord) {
	const family = familyOf(store, token)
	return token.revoked_at === null && token.expires_at > store.now() && !!family && family.revoked_at === null
}

export function revokeFamily(store: MockStore, familyId: string) {
	const now = store.now()
	const family = store.data.families[familyId]
	if (family && family.revoked_at === null) family.revoked_at = now
	for (const token of Object.values(store.data.tokens)) {
		if (token.family_id === familyId && token.revoked_at === null) {
			token.revoked_at = now
			token.successor = null
		}
	}
	store.changed()
}

/** Revokes every sign-in of the user except `keepFamilyId`. */
export function revokeUserFamilies(store: MockStore, userId: string, keepFamilyId?: string) {
	for (const family of Object.values(store.data.families)) {
		if (family.user_id === userId && family.id !== keepFamilyId && family.revoked_at === null)
			revokeFamily(store, family.id)
	}
}

/** Drops tokens that are long dead, so long-running demos do not grow without bound. */
export function pruneTokens(store: MockStore) {
	const now = store.now()
	const cutoff = now - 24 * 60 * 60 * 1000
	for (const [hash, token] of Object.entries(store.data.tokens)) {
		if (token.expires_at < cutoff || (token.revoked_at !== null && token.revoked_at < cutoff))
			delete store.data.tokens[hash]
		else if (
			token.successor &&
			token.rotated_at !== null &&
			token.rotated_at < now - POLICY.refreshGraceSeconds * 1000
		) {
			token.successor = null
		}
	}
}
