/** Recovery codes (decision 0039): ten one-time codes per set, kept as keyed hashes, checked in constant time. */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { recoveryCodeRules, type RecoveryCodeSet, type RecoveryCodeStatus } from '../../../../app/api/contract/index'
import { list } from '../../collections'
import type { MockStore } from '../../store'

export type RecoveryCodeSetRecord = {
	user_id: string
	/** A set's own key: an HMAC-SHA256 of each code under it; null once the code is used. */
	salt: string
	hashes: Array<string | null>
	generated_at: number
}

export const recoveryCodeCollections = { recovery_codes: list<RecoveryCodeSetRecord>() }

// No 0/o, 1/l/i: a code read off paper is typed right.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'
const HALF = 5

const normalised = (code: string) => code.toLowerCase().replaceAll(/[\s-]/g, '')
const hashOf = (salt: string, code: string) => createHmac('sha256', salt).update(normalised(code)).digest()

function newCode() {
	let code = ''
	for (let index = 0; index < HALF * 2; index++) code += ALPHABET[randomInt(ALPHABET.length)]
	return `${code.slice(0, HALF)}-${code.slice(HALF)}`
}

function setOf(store: MockStore, userId: string) {
	return store.data.recovery_codes.find((set) => set.user_id === userId)
}

/** A new set for the user; the old one stops working. The codes are answered once and never kept. */
export function generateRecoveryCodes(store: MockStore, userId: string): RecoveryCodeSet {
	endRecoveryCodes(store, userId)
	const codes = Array.from({ length: recoveryCodeRules.count }, newCode)
	const salt = randomBytes(32).toString('base64url')
	const set = {
		user_id: userId,
		salt,
		hashes: codes.map((code) => hashOf(salt, code).toString('hex')),
		generated_at: store.now(),
	}
	store.data.recovery_codes.push(set)
	store.changed()
	return { codes, generated_at: store.clock.iso(set.generated_at) }
}

export function hasRecoveryCodes(store: MockStore, userId: string) {
	return !!setOf(store, userId)
}

export function endRecoveryCodes(store: MockStore, userId: string) {
	store.data.recovery_codes = store.data.recovery_codes.filter((set) => set.user_id !== userId)
	store.changed()
}

export function remainingRecoveryCodes(store: MockStore, userId: string) {
	return setOf(store, userId)?.hashes.filter((hash) => hash !== null).length ?? 0
}

export function presentRecoveryCodes(store: MockStore, userId: string): RecoveryCodeStatus | null {
	const set = setOf(store, userId)
	return set
		? { remaining: remainingRecoveryCodes(store, userId), generated_at: store.clock.iso(set.generated_at) }
		: null
}

/** Compares with every unused code (no early exit), and spends the one that matches. */
export function consumeRecoveryCode(store: MockStore, userId: string, typed: string): boolean {
	const set = setOf(store, userId)
	if (!set) return false
	const typedHash = hashOf(set.salt, typed)
	let match = -1
	set.hashes.forEach((hash, index) => {
		if (hash !== null && timingSafeEqual(Buffer.from(hash, 'hex'), typedHash)) match = index
	})
	if (match === -1) return false
	set.hashes[match] = null
	store.changed()
	return true
}
