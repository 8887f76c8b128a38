/**
 * The mock's state: plain JSON (so a snapshot is `JSON.stringify`), and the
 * store that owns it together with the clock, the request log and the faults.
 * Times are epoch milliseconds of the mock clock.
 */
import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto'
import type {
	AuthenticationToken,
	Country,
	Locale,
	TwoStepMethodKey,
	User,
	UserAuthentication,
	UserTokenTypeKey,
	UserVerification,
} from '../../app/api/contract/index'
import { MockClock } from './clock'
import { freshLockout, type LockoutState } from './lockout'
import { hashPassword } from './passwords'
import { POLICY } from './policy'
import { AUTHENTICATION_TYPES } from './seed-data'

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

export type EmailRecord = { to: string; subject: string; text: string; sent_at: number }

export type ContactMessageRecord = { id: string; user_id: string; subject: string; message: string; created_at: number }

export type MockData = {
	version: 1
	clock_offset_ms: number
	users: UserRecord[]
	families: Record<string, FamilyRecord>
	tokens: Record<string, TokenRecord>
	user_tokens: UserTokenRecord[]
	verifications: VerificationRecord[]
	two_step: TwoStepRecord[]
	emails: EmailRecord[]
	contact_messages: ContactMessageRecord[]
}

export type RequestLogEntry = {
	method: string
	path: string
	query: string
	status: number
	auth: 'none' | 'access' | 'restricted'
}

export type Fault = {
	method: string
	path: string
	status: number | null
	delay_ms: number
	remaining: number
}

export type StoreConfig = {
	portalUrl: string
	contactEmail: string
	accessTtlSeconds: number
	scryptCost: number
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')
export const randomToken = () => randomBytes(32).toString('base64url')
export const randomCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0')
export const newId = () => randomUUID()

export function emptyData(): MockData {
	return {
		version: 1,
		clock_offset_ms: 0,
		users: [],
		families: {},
		tokens: {},
		user_tokens: [],
		verifications: [],
		two_step: [],
		emails: [],
		contact_messages: [],
	}
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

export class MockStore {
	data: MockData
	readonly clock: MockClock
	requests: RequestLogEntry[] = []
	faults: Fault[] = []
	/** Called after every change worth persisting (the snapshot writer). */
	onChange: () => void = () => {}
	/** A hash of a random password: verified against for unknown emails, so timing matches. */
	dummyHash = ''

	constructor(
		readonly config: StoreConfig,
		private readonly seed: MockData,
		data?: MockData,
	) {
		this.data = structuredClone(data ?? seed)
		this.clock = new MockClock(this.data.clock_offset_ms)
	}

	now() {
		return this.clock.now()
	}

	/** Back to the seed: data, clock, request log and faults. */
	reset() {
		this.data = structuredClone(this.seed)
		this.clock.offsetMs = this.seed.clock_offset_ms
		this.requests = []
		this.faults = []
		this.changed()
	}

	changed() {
		this.data.clock_offset_ms = this.clock.offsetMs
		this.onChange()
	}

	// -- users ---------------------------------------------------------------

	userByEmail(email: string) {
		const wanted = email.toLowerCase()
		return this.data.users.find((user) => user.email.toLowerCase() === wanted)
	}

	userById(id: string) {
		return this.data.users.find((user) => user.id === id)
	}

	/** Creates a user directly (no email). Registration adds the email on top. */
	async createUser(input: NewUserInput): Promise<UserRecord> {
		const now = this.now()
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
			password_hash: await hashPassword(input.password, this.config.scryptCost),
			has_relation: input.has_relation ?? false,
			lockout: freshLockout(),
		}
		this.data.users.push(user)
		this.data.verifications.push({
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
		this.changed()
		return user
	}

	// -- tokens --------------------------------------------------------------

	/** Issues an access + refresh pair in `family` (a new family when omitted). */
	issuePair(user: UserRecord, { restricted = false, familyId }: { restricted?: boolean; familyId?: string } = {}) {
		const now = this.now()
		let family = familyId ? this.data.families[familyId] : undefined
		if (!family) {
			family = { id: newId(), user_id: user.id, restricted, created_at: now, revoked_at: null }
			this.data.families[family.id] = family
		}
		const accessTtl = restricted ? POLICY.restrictedTtlSeconds : this.config.accessTtlSeconds
		const refreshTtl = restricted ? POLICY.restrictedTtlSeconds : POLICY.refreshTtlSeconds
		const make = (kind: 'access' | 'refresh', ttlSeconds: number): AuthenticationToken => {
			const raw = randomToken()
			const expires = now + ttlSeconds * 1000
			this.data.tokens[sha256(raw)] = {
				hash: sha256(raw),
				kind,
				family_id: family.id,
				user_id: user.id,
				restricted,
				created_at: now,
				expires_at: expires,
				revoked_at: null,
				rotated_at: null,
				successor: null,
			}
			return { token_raw: raw, authentication_token_type: { key: kind }, expires_at: this.clock.iso(expires) }
		}
		const pair = [make('access', accessTtl), make('refresh', refreshTtl)]
		this.changed()
		return { family, pair }
	}

	token(raw: string) {
		return this.data.tokens[sha256(raw)]
	}

	familyOf(token: TokenRecord) {
		return this.data.families[token.family_id]
	}

	/** Not expired, not revoked, family not revoked. */
	tokenIsLive(token: TokenRecord) {
		const family = this.familyOf(token)
		return token.revoked_at === null && token.expires_at > this.now() && !!family && family.revoked_at === null
	}

	revokeFamily(familyId: string) {
		const now = this.now()
		const family = this.data.families[familyId]
		if (family && family.revoked_at === null) family.revoked_at = now
		for (const token of Object.values(this.data.tokens)) {
			if (token.family_id === familyId && token.revoked_at === null) {
				token.revoked_at = now
				token.successor = null
			}
		}
		this.changed()
	}

	/** Revokes every sign-in of the user except `keepFamilyId`. */
	revokeUserFamilies(userId: string, keepFamilyId?: string) {
		for (const family of Object.values(this.data.families)) {
			if (family.user_id === userId && family.id !== keepFamilyId && family.revoked_at === null)
				this.revokeFamily(family.id)
		}
	}

	/** Drops tokens that are long dead, so long-running demos do not grow without bound. */
	prune() {
		const cutoff = this.now() - 24 * 60 * 60 * 1000
		for (const [hash, token] of Object.entries(this.data.tokens)) {
			if (token.expires_at < cutoff || (token.revoked_at !== null && token.revoked_at < cutoff))
				delete this.data.tokens[hash]
			else if (
				token.successor &&
				token.rotated_at !== null &&
				token.rotated_at < this.now() - POLICY.refreshGraceSeconds * 1000
			) {
				token.successor = null
			}
		}
	}

	// -- emailed tokens ------------------------------------------------------

	issueUserToken(type: UserTokenTypeKey, user: UserRecord, email: string, verificationId: string | null): string {
		const now = this.now()
		const ttl = type === 'reset_password' ? POLICY.resetTokenTtlSeconds : POLICY.emailTokenTtlSeconds
		// A new link replaces the older unused ones of the same purpose.
		for (const token of this.data.user_tokens) {
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
		this.data.user_tokens.push({
			hash: sha256(raw),
			type,
			user_id: user.id,
			verification_id: verificationId,
			email,
			created_at: now,
			expires_at: now + ttl * 1000,
			used_at: null,
		})
		this.changed()
		return raw
	}

	/** The usable (unused, unexpired) emailed token of `type`, if any. */
	usableUserToken(raw: string, type?: UserTokenTypeKey) {
		const hash = sha256(raw)
		const token = this.data.user_tokens.find((candidate) => candidate.hash === hash)
		if (!token || token.used_at !== null || token.expires_at <= this.now()) return undefined
		if (type && token.type !== type) return undefined
		return token
	}

	tokenLink(type: UserTokenTypeKey, raw: string) {
		const base = this.config.portalUrl.replace(/\/+$/, '')
		return type === 'reset_password' ? `${base}/auth/reset-password/token/${raw}` : `${base}/tokens/${type}/${raw}`
	}

	// -- email ---------------------------------------------------------------

	sendEmail(to: string, subject: string, text: string) {
		this.data.emails.push({ to, subject, text, sent_at: this.now() })
		this.changed()
	}

	/** Sends the verification email of `verification` (registration or email change). */
	sendVerificationEmail(user: UserRecord, verification: VerificationRecord) {
		const type = verification.purpose === 'registration' ? 'email_verification' : 'email_change'
		const raw = this.issueUserToken(type, user, verification.value, verification.id)
		const link = this.tokenLink(type, raw)
		verification.last_sent_at = this.now()
		if (type === 'email_verification') {
			this.sendEmail(
				verification.value,
				'Verify your email address',
				`Hello ${user.first_name},\n\nPlease confirm your email address by opening this link:\n${link}\n\n` +
					'The link works once and expires in 24 hours.\n',
			)
		} else {
			this.sendEmail(
				verification.value,
				'Confirm your new email address',
				`Hello ${user.first_name},\n\nTo use this address for your Partner Portal account, open this link:\n${link}\n\n` +
					'The link works once and expires in 24 hours. If you did not ask for this, ignore this email.\n',
			)
		}
	}

	// -- two-step ------------------------------------------------------------

	twoStep(userId: string, method: TwoStepMethodKey) {
		return this.data.two_step.find((entry) => entry.user_id === userId && entry.method === method)
	}

	activeTwoStepMethods(userId: string): TwoStepMethodKey[] {
		return (['totp', 'email'] as const).filter((method) => this.twoStep(userId, method)?.active)
	}

	ensureTwoStep(userId: string, method: TwoStepMethodKey): TwoStepRecord {
		let entry = this.twoStep(userId, method)
		if (!entry) {
			entry = {
				id: newId(),
				user_id: userId,
				method,
				active: false,
				activated_at: null,
				created_at: this.now(),
				secret: null,
				last_used_step: null,
				code_hash: null,
				code_sent_at: null,
				code_expires_at: null,
				code_used: false,
			}
			this.data.two_step.push(entry)
			this.changed()
		}
		return entry
	}

	// -- presenters (state → contract resources) ------------------------------

	presentUser(user: UserRecord): User {
		return {
			id: user.id,
			first_name: user.first_name,
			last_name: user.last_name,
			email: user.email,
			pending_email: user.pending_email,
			email_verified_at: user.email_verified_at === null ? null : this.clock.iso(user.email_verified_at),
			company_name: user.company_name,
			country: user.country,
			locale: user.locale,
			user_type: { key: 'partner' },
			created_at: this.clock.iso(user.created_at),
		}
	}

	presentVerification(verification: VerificationRecord): UserVerification {
		const available =
			verification.last_sent_at === null ? null : verification.last_sent_at + POLICY.resendIntervalSeconds * 1000
		const waiting = verification.status === 'pending' && available !== null && available > this.now()
		return {
			id: verification.id,
			type: 'email',
			value: verification.value,
			status: verification.status,
			verified_at: verification.verified_at === null ? null : this.clock.iso(verification.verified_at),
			resend_available_at: waiting ? this.clock.iso(available!) : null,
			resend_available_in_seconds: waiting ? Math.ceil((available! - this.now()) / 1000) : 0,
		}
	}

	presentTwoStep(entry: TwoStepRecord): UserAuthentication {
		const type = AUTHENTICATION_TYPES.find((candidate) => candidate.key === entry.method)!
		return {
			id: entry.id,
			authentication_type: { id: type.id, key: entry.method },
			active: entry.active,
			activated_at: entry.activated_at === null ? null : this.clock.iso(entry.activated_at),
		}
	}
}
