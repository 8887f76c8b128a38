/** Sign-ins ("families") and the access and refresh tokens issued by them. */
import type { AuthenticationToken } from '../../../../app/api/contract/index'
import { table } from '../../collections'
import { newId, randomToken, sha256 } from '../../crypto'
import { POLICY } from '../../policy'
import type { Ctx } from '../../http'
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
	/** Where it was signed in from (complete sign-ins; absent in snapshots from before sessions). */
	device?: string | null
	user_agent?: string | null
	ip?: string | null
	last_active_at?: number
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
	{ restricted = false, familyId, client }: { restricted?: boolean; familyId?: string; client?: Ctx['client'] } = {},
) {
	const now = store.now()
	let family = familyId ? store.data.families[familyId] : undefined
	if (!family) {
		family = { id: newId(), user_id: user.id, restricted, created_at: now, revoked_at: null }
		if (client) Object.assign(family, deviceOf(client), { last_active_at: now })
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

/** Revokes every sign-in of the user except `keepFamilyId`; how many it ended. */
export function revokeUserFamilies(store: MockStore, userId: string, keepFamilyId?: string) {
	const ended = Object.values(store.data.families).filter(
		(family) => family.user_id === userId && family.id !== keepFamilyId && family.revoked_at === null,
	)
	for (const family of ended) revokeFamily(store, family.id)
	return ended.length
}

/** The browser as the API tells it apart: the portal's device id, else a hash of the User-Agent. */
function deviceOf(client: Ctx['client']) {
	const device = client.device ?? (client.userAgent ? `ua:${sha256(client.userAgent).slice(0, 40)}` : null)
	return { device, user_agent: client.userAgent, ip: client.ip }
}

/** Whether `family` is the first complete sign-in of its user from its browser, after some other one. */
export function isNewBrowser(store: MockStore, family: FamilyRecord) {
	const others = Object.values(store.data.families).filter(
		(other) => other.user_id === family.user_id && !other.restricted && other.id !== family.id,
	)
	return others.length > 0 && !others.some((other) => other.device === family.device)
}

/** The user's sessions: complete sign-ins with a live refresh token, most recently active first. */
export function liveSessions(store: MockStore, userId: string) {
	const now = store.now()
	const live = new Set(
		Object.values(store.data.tokens)
			.filter((token) => token.kind === 'refresh' && token.user_id === userId && token.revoked_at === null)
			.filter((token) => token.expires_at > now && token.rotated_at === null)
			.map((token) => token.family_id),
	)
	return Object.values(store.data.families)
		.filter((family) => !family.restricted && family.revoked_at === null && live.has(family.id))
		.sort((a, b) => activeAt(b) - activeAt(a))
}

export const activeAt = (family: FamilyRecord) => family.last_active_at ?? family.created_at

/** A request of the session: its last activity (to the minute, so reads do not rewrite the state) and address. */
export function touchFamily(store: MockStore, family: FamilyRecord, client: Ctx['client']) {
	const now = store.now()
	if (now - activeAt(family) < 60_000 && family.ip === client.ip) return
	family.last_active_at = now
	family.ip = client.ip
	store.changed()
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
