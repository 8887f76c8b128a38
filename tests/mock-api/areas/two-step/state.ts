/** Two-step methods per user (TOTP and emailed codes) and the codes they accept. */
import { timingSafeEqual } from 'node:crypto'
import type { TwoStepMethodKey } from '../../../../app/api/contract/index'
import { list } from '../../collections'
import { newId, sha256 } from '../../crypto'
import type { MockStore } from '../../store'
import { verifyTotp } from '../../totp'

export type TwoStepRecord = {
	id: string
	user_id: string
	method: TwoStepMethodKey
	active: boolean
	activated_at: number | null
	created_at: number
	/** totp: base32 secret (pending or active). */
	secret: string | null
	/** totp: the last time step used; steps at or before it are rejected. */
	last_used_step: number | null
	/** email: the last code sent (SHA-256), when, until when, and whether it was used. */
	code_hash: string | null
	code_sent_at: number | null
	code_expires_at: number | null
	code_used: boolean
}

export const twoStepCollections = { two_step: list<TwoStepRecord>() }

export function twoStep(store: MockStore, userId: string, method: TwoStepMethodKey) {
	return store.data.two_step.find((entry) => entry.user_id === userId && entry.method === method)
}

export function activeTwoStepMethods(store: MockStore, userId: string): TwoStepMethodKey[] {
	return (['totp', 'email'] as const).filter((method) => twoStep(store, userId, method)?.active)
}

export function ensureTwoStep(store: MockStore, userId: string, method: TwoStepMethodKey): TwoStepRecord {
	let entry = twoStep(store, userId, method)
	if (!entry) {
		entry = {
			id: newId(),
			user_id: userId,
			method,
			active: false,
			activated_at: null,
			created_at: store.now(),
			secret: null,
			last_used_step: null,
			code_hash: null,
			code_sent_at: null,
			code_expires_at: null,
			code_used: false,
		}
		store.data.two_step.push(entry)
		store.changed()
	}
	return entry
}

/** True when the last emailed code, still unused, has expired: no code can work until a new one is sent. */
export function emailCodeExpired(store: MockStore, entry: TwoStepRecord): boolean {
	return !!entry.code_hash && !entry.code_used && entry.code_expires_at !== null && entry.code_expires_at <= store.now()
}

/**
 * What became of a code: `ok` (now spent), `invalid`, or — a TOTP code only — `reused`: right for the window but of a
 * time step at or before the last one used (the code still on the app's screen after a sign-in).
 */
export type CodeCheck = 'ok' | 'reused' | 'invalid'

/** An unused, unexpired emailed code; marks it used. */
function consumeEmailCode(store: MockStore, entry: TwoStepRecord, code: string): CodeCheck {
	if (!entry.code_hash || entry.code_used || entry.code_expires_at === null || emailCodeExpired(store, entry))
		return 'invalid'
	if (!timingSafeEqual(Buffer.from(sha256(code)), Buffer.from(entry.code_hash))) return 'invalid'
	entry.code_used = true
	store.changed()
	return 'ok'
}

/** Checks a code of the entry's method and, when it is good, spends it. */
export function consumeCode(store: MockStore, entry: TwoStepRecord, code: string): CodeCheck {
	return entry.method === 'totp' ? consumeTotpCode(store, entry, code) : consumeEmailCode(store, entry, code)
}

/** Checks a TOTP code of the entry's secret and, when it is good, spends its step. */
export function consumeTotpCode(store: MockStore, entry: TwoStepRecord, code: string): CodeCheck {
	if (!entry.secret) return 'invalid'
	const step = verifyTotp(entry.secret, code, store.now(), { afterStep: entry.last_used_step ?? -Infinity })
	if (step === null) return verifyTotp(entry.secret, code, store.now()) === null ? 'invalid' : 'reused'
	entry.last_used_step = step
	store.changed()
	return 'ok'
}
