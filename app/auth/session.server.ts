import { createCookie, type Cookie } from 'react-router'
import type { TokenPair, TokenStore } from '#app/api/client.server'
import type { RecoveryCodeSet } from '#app/api/contract/index'
import { getConfig, sessionSecrets, usesSecureCookies, type Config } from '#app/config.server'
import type { EmailCodeState } from './email-code.server'
import type { Flash } from './flash'
import { seal, unseal } from './sealed.server'

// Names fixed by the spec (point 9).
export const ACCESS_COOKIE = 'user.access-token'
export const REFRESH_COOKIE = 'user.refresh-token'

export type PendingSignIn = {
	access: string
	refresh: string
	methods: Array<'totp' | 'email'>
	/** Unused recovery codes of the account (decision 0039). */
	recoveryCodes?: number
	/** The account's passkeys (decision 0041). */
	passkeys?: number
	email: string
	redirectTo: string
	emailCode?: EmailCodeState
}

// Decision 0005: the name is also the seal's purpose, so a value is refused under any other name.
export const SEALED_COOKIES = {
	// The restricted token pair between the two sign-in steps (spec point 4).
	pendingSignIn: { name: 'user.pending-sign-in', maxAgeSeconds: 10 * 60, withTokens: false },
	totp: { name: 'user.totp-setup', maxAgeSeconds: 15 * 60, withTokens: true },
	emailCode: { name: 'user.email-code-setup', maxAgeSeconds: 15 * 60, withTokens: true },
	serviceSecret: { name: 'user.service-secret', maxAgeSeconds: 5 * 60, withTokens: true },
	// New recovery codes, until the partner says they kept them (decision 0039).
	recoveryCodes: { name: 'user.recovery-codes', maxAgeSeconds: 15 * 60, withTokens: true },
	// Sealed for that partner, so nobody else who signs in on the browser gets it.
	draft: { name: 'user.form-draft', maxAgeSeconds: 10 * 60, withTokens: false },
	// Still known once the API refused an ended session: a draft's owner (decision 0010).
	subject: { name: 'user.subject', maxAgeSeconds: 31 * 24 * 60 * 60, withTokens: false },
} as const satisfies Record<string, { name: string; maxAgeSeconds: number; withTokens: boolean }>

export type SealedValues = {
	pendingSignIn: PendingSignIn
	totp: { secret: string; uri: string; digits: number }
	emailCode: EmailCodeState
	serviceSecret: { serviceId: string; secret: string }
	recoveryCodes: RecoveryCodeSet
	draft: FormDraft
	subject: { id: string }
}

export type FormDraft = { page: string; form: string | null; values: Record<string, string> }
export type SealedKind = keyof typeof SEALED_COOKIES
const SEALED_KINDS = Object.keys(SEALED_COOKIES) as SealedKind[]

const FLASH_COOKIE = 'user.flash'
const FLASH_MAX_AGE_SECONDS = 60

// `__Host-` needs Secure; over plain http the browser would reject it.
function cookieName(name: string, config: Config = getConfig()) {
	return usesSecureCookies(config) ? `__Host-${name}` : name
}

type Cookies = { config: Config; access: Cookie; refresh: Cookie; flash: Cookie; sealed: Record<SealedKind, Cookie> }
let cookies: Cookies | undefined

function getCookies(): Cookies {
	const config = getConfig()
	if (cookies?.config === config) return cookies
	const hostOnly = { httpOnly: true, sameSite: 'lax' as const, secure: usesSecureCookies(config), path: '/' }
	const tokens = {
		...hostOnly,
		path: config.COOKIE_PATH,
		domain: config.COOKIE_DOMAIN,
		maxAge: config.COOKIE_MAX_AGE_DAYS * 24 * 60 * 60,
	}
	const flashOptions = { ...hostOnly, maxAge: FLASH_MAX_AGE_SECONDS, secrets: sessionSecrets(config) }
	cookies = {
		config,
		access: createCookie(ACCESS_COOKIE, tokens),
		refresh: createCookie(REFRESH_COOKIE, tokens),
		flash: createCookie(cookieName(FLASH_COOKIE, config), flashOptions),
		sealed: Object.fromEntries(
			SEALED_KINDS.map((kind) => {
				const { name, maxAgeSeconds } = SEALED_COOKIES[kind]
				return [kind, createCookie(cookieName(name, config), { ...hostOnly, maxAge: maxAgeSeconds })]
			}),
		) as Record<SealedKind, Cookie>,
	}
	return cookies
}

async function read(cookie: Cookie, header: string | null): Promise<string | null> {
	const value: unknown = await cookie.parse(header)
	return typeof value === 'string' && value.length > 0 ? value : null
}

const expired = { maxAge: 0, expires: new Date(0) }

export async function hasSessionCookie(request: Request) {
	const header = request.headers.get('cookie')
	const c = getCookies()
	return Boolean((await read(c.access, header)) ?? (await read(c.refresh, header)))
}

// Everything the portal knows about a user lives in these cookies: replicas share nothing.
export class RequestSession implements TokenStore {
	private outgoing = new Map<string, string>()

	private constructor(
		public access: string | null,
		public refresh: string | null,
		private flash: Flash | null,
		private sealed: Record<SealedKind, string | null>,
	) {}

	static async fromRequest(request: Request) {
		const header = request.headers.get('cookie')
		const c = getCookies()
		const flash: unknown = await c.flash.parse(header)
		const sealed = {} as Record<SealedKind, string | null>
		for (const kind of SEALED_KINDS) sealed[kind] = await read(c.sealed[kind], header)
		return new RequestSession(
			await read(c.access, header),
			await read(c.refresh, header),
			flash && typeof flash === 'object' && 'key' in flash ? (flash as Flash) : null,
			sealed,
		)
	}

	getSealed<K extends SealedKind>(kind: K, subject?: string): SealedValues[K] | null {
		return unseal<SealedValues[K]>(this.sealed[kind], sessionSecrets(), { purpose: SEALED_COOKIES[kind].name, subject })
	}

	/** With `maxBytes`, a larger sealed value is not kept (false). */
	async setSealed<K extends SealedKind>(
		kind: K,
		value: SealedValues[K],
		subject?: string,
		{ maxBytes }: { maxBytes?: number } = {},
	) {
		const { name, maxAgeSeconds } = SEALED_COOKIES[kind]
		const sealed = seal(value, sessionSecrets(), { purpose: name, maxAgeSeconds, subject })
		if (maxBytes !== undefined && sealed.length > maxBytes) return false
		this.sealed[kind] = sealed
		this.outgoing.set(name, await getCookies().sealed[kind].serialize(sealed))
		return true
	}

	hasSealed(kind: SealedKind) {
		return this.sealed[kind] !== null
	}

	async clearSealed(kind: SealedKind) {
		this.sealed[kind] = null
		this.outgoing.set(SEALED_COOKIES[kind].name, await getCookies().sealed[kind].serialize('', expired))
	}

	// Sealed without a subject: nobody is known yet.
	getPending() {
		return this.getSealed('pendingSignIn')
	}
	setPending(pending: PendingSignIn) {
		return this.setSealed('pendingSignIn', pending)
	}
	clearPending() {
		return this.clearSealed('pendingSignIn')
	}

	async takeFlash(): Promise<Flash | null> {
		const flash = this.flash
		if (flash && !this.outgoing.has(FLASH_COOKIE)) {
			this.outgoing.set(FLASH_COOKIE, await getCookies().flash.serialize('', expired))
		}
		return flash
	}

	async setFlash(flash: Flash) {
		this.flash = null
		this.outgoing.set(FLASH_COOKIE, await getCookies().flash.serialize(flash))
	}

	get hasTokens() {
		return Boolean(this.access || this.refresh)
	}

	async setTokens(pair: TokenPair) {
		const c = getCookies()
		this.access = pair.access
		this.refresh = pair.refresh
		this.outgoing.set(ACCESS_COOKIE, await c.access.serialize(pair.access))
		this.outgoing.set(REFRESH_COOKIE, await c.refresh.serialize(pair.refresh))
	}

	async clearTokens() {
		const c = getCookies()
		this.access = null
		this.refresh = null
		for (const kind of SEALED_KINDS) {
			if (SEALED_COOKIES[kind].withTokens && this.sealed[kind]) await this.clearSealed(kind)
		}
		this.outgoing.set(ACCESS_COOKIE, await c.access.serialize('', expired))
		this.outgoing.set(REFRESH_COOKIE, await c.refresh.serialize('', expired))
	}

	applyTo(headers: Headers) {
		for (const value of this.outgoing.values()) headers.append('Set-Cookie', value)
	}
}
