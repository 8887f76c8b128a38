/** Users, their email verifications and the tokens emailed to them (verification, email change, reset). */
import {
	fillEmailTemplate,
	partnerEmails,
	type Country,
	type Locale,
	type UserTokenTypeKey,
} from '../../../../app/api/contract/index'
import { list } from '../../collections'
import { newId, randomToken, sha256 } from '../../crypto'
import { freshLockout, type LockoutState } from '../../lockout'
import { hashPassword } from '../../passwords'
import { POLICY } from '../../policy'
import type { MockStore } from '../../store'
import { emailSubject, hello, portalLink, sendEmail } from '../emails/state'

export type UserRecord = {
	id: string
	first_name: string
	last_name: string
	email: string
	pending_email: string | null
	email_verified_at: number | null
	company_name: string
	country: Country
	locale: Locale
	created_at: number
	password_hash: string
	/** An external account is connected (the "user relation" of the lockout policy). */
	has_relation: boolean
	lockout: LockoutState
}

export type VerificationRecord = {
	id: string
	user_id: string
	purpose: 'registration' | 'email_change'
	value: string
	status: 'pending' | 'verified'
	verified_at: number | null
	last_sent_at: number | null
	created_at: number
}

export type UserTokenRecord = {
	hash: string
	type: UserTokenTypeKey
	user_id: string
	verification_id: string | null
	/** The address the token was sent to / verifies. */
	email: string
	created_at: number
	expires_at: number
	used_at: number | null
}

export const userCollections = {
	users: list<UserRecord>(),
	verifications: list<VerificationRecord>(),
	user_tokens: list<UserTokenRecord>(),
}

export type NewUserInput = {
	email: string
	password: string
	first_name?: string | undefined
	last_name?: string | undefined
	company_name?: string | undefined
	country?: Country | undefined
	locale?: Locale | undefined
	verified?: boolean | undefined
	has_relation?: boolean | undefined
}

export function userByEmail(store: MockStore, email: string) {
	const wanted = email.toLowerCase()
	return store.data.users.find((user) => user.email.toLowerCase() === wanted)
}

export function userById(store: MockStore, id: string) {
	return store.data.users.find((user) => user.id === id)
}

/** Creates a user directly (no email). Registration adds the email on top. */
export async function createUser(store: MockStore, input: NewUserInput): Promise<UserRecord> {
	const now = store.now()
	const user: UserRecord = {
		id: newId(),
		first_name: input.first_name ?? 'Test',
		last_name: input.last_name ?? 'Partner',
		email: input.email,
		pending_email: null,
		email_verified_at: input.verified === false ? null : now,
		company_name: input.company_name ?? 'Test Company Ltd',
		country: input.country ?? 'GB',
		locale: input.locale ?? 'en-GB',
		created_at: now,
		password_hash: await hashPassword(input.password, store.config.scryptCost),
		has_relation: input.has_relation ?? false,
		lockout: freshLockout(),
	}
	store.data.users.push(user)
	store.data.verifications.push({
		id: newId(),
		user_id: user.id,
		purpose: 'registration',
		value: user.email,
		status: user.email_verified_at === null ? 'pending' : 'verified',
		verified_at: user.email_verified_at,
		// An unverified user is treated as just registered: its email counts as sent now
		// (so a resend is throttled for a minute), though the hook records no email.
		last_sent_at: user.email_verified_at === null ? now : null,
		created_at: now,
	})
	store.changed()
	return user
}

export function issueUserToken(
	store: MockStore,
	type: UserTokenTypeKey,
	user: UserRecord,
	email: string,
	verificationId: string | null,
): string {
	const now = store.now()
	const ttl = type === 'reset_password' ? POLICY.resetTokenTtlSeconds : POLICY.emailTokenTtlSeconds
	// A new link replaces the older unused ones of the same purpose.
	for (const token of store.data.user_tokens) {
		if (
			token.user_id === user.id &&
			token.type === type &&
			token.verification_id === verificationId &&
			token.used_at === null
		) {
			token.used_at = now
		}
	}
	const raw = randomToken()
	store.data.user_tokens.push({
		hash: sha256(raw),
		type,
		user_id: user.id,
		verification_id: verificationId,
		email,
		created_at: now,
		expires_at: now + ttl * 1000,
		used_at: null,
	})
	store.changed()
	return raw
}

/** The usable (unused, unexpired) emailed token of `type`, if any. */
export function usableUserToken(store: MockStore, raw: string, type?: UserTokenTypeKey) {
	const hash = sha256(raw)
	const token = store.data.user_tokens.find((candidate) => candidate.hash === hash)
	if (!token || token.used_at !== null || token.expires_at <= store.now()) return undefined
	if (type && token.type !== type) return undefined
	return token
}

/** The emailed link of a token: the catalogue's link of the email of that type. */
export function tokenLink(store: MockStore, type: UserTokenTypeKey, raw: string) {
	return portalLink(store, fillEmailTemplate(partnerEmails[type].link, { token: raw }))
}

/** Sends the verification email of `verification` (registration or email change). */
export function sendVerificationEmail(store: MockStore, user: UserRecord, verification: VerificationRecord) {
	const type = verification.purpose === 'registration' ? 'email_verification' : 'email_change'
	const raw = issueUserToken(store, type, user, verification.value, verification.id)
	const link = tokenLink(store, type, raw)
	verification.last_sent_at = store.now()
	if (type === 'email_verification') {
		sendEmail(
			store,
			verification.value,
			emailSubject('email_verification'),
			`${hello(user, verification.value)}Please confirm your email address by opening this link:\n${link}\n\n` +
				'The link works once and expires in 24 hours.\n',
		)
	} else {
		sendEmail(
			store,
			verification.value,
			emailSubject('email_change'),
			`${hello(user, verification.value)}To use this address for your Partner Portal account, open this link:\n${link}\n\n` +
				'The link works once and expires in 24 hours. If you did not ask for this, ignore this email.\n',
		)
	}
}
