import { createCookie, type Cookie } from 'react-router'
import type { TokenPair, TokenStore } from '#app/api/client.server'
import { getConfig, sessionSecrets, usesSecureCookies, type Config } from '#app/config.server'
import type { EmailCodeState } from './email-code.server'
import type { Flash } from './flash'
import { seal, unseal } from './sealed.server'

/** Cookie names fixed by the spec (point 9). */
export const ACCESS_COOKIE = 'user.access-token'
export const REFRESH_COOKIE = 'user.refresh-token'

export type PendingSignIn = {
	access: string
	refresh: string
	methods: Array<'totp' | 'email'>
	email: string
	redirectTo: string
	/** The emailed code to type, once one was asked for. */
	emailCode?: EmailCodeState
}

/**
 * Sealed cookies (see sealed.server.ts), one entry per kind: its name (also
 * the purpose it is sealed for, so a value is refused under any other name)
 * and its lifetime (the cookie's Max-Age and the sealed expiry).
 * `withTokens`: cleared whenever the token cookies are.
 */
export const SEALED_COOKIES = {
	/**
	 * The "temporary store" of spec point 4: the restricted token pair between
	 * the two sign-in steps. Never the two token cookies.
	 */
	pendingSignIn: { name: 'user.pending-sign-in', maxAgeSeconds: 10 * 60, withTokens: false },
	/** The not-yet-active authenticator secret while the partner scans it. */
	totp: { name: 'user.totp-setup', maxAgeSeconds: 15 * 60, withTokens: true },
	/** The email code for enabling the email method: sent, or sent earlier, and when the next may be. */
	emailCode: { name: 'user.email-code-setup', maxAgeSeconds: 15 * 60, withTokens: true },
	/**
	 * A new client secret, from its creation (details page) or a rotate or reset (developers page) until that page
	 * shows it once (app/services/secrets.server.ts).
	 */
	serviceSecret: { name: 'user.service-secret', maxAgeSeconds: 5 * 60, withTokens: true },
	/**
	 * What a partner had typed when their session ended, until they are back on that page (drafts.server.ts);
	 * sealed for that partner, so nobody else who signs in on the browser gets it.
	 */
	draft: { name: 'user.form-draft', maxAgeSeconds: 10 * 60, withTokens: false },
	/**
	 * Who the session's partner is (their id), still known once the API has refused an ended session (which
	 * clears the tokens): a draft's owner. Cleared at sign-out; replaced when another partner signs in.
	 */
	subject: { name: 'user.subject', maxAgeSeconds: 31 * 24 * 60 * 60, withTokens: false },
} as const satisfies Record<string, { name: string; maxAgeSeconds: number; withTokens: boolean }>

export type SealedValues = {
	pendingSignIn: PendingSignIn
	totp: { secret: string; uri: string; digits: number }
	emailCode: EmailCodeState
	serviceSecret: { serviceId: string; secret: string }
	draft: FormDraft
	subject: { id: string }
}

/** A form's fields (never secrets) kept across a sign-in: the page, the form's id, name → value. */
export type FormDraft = { page: string; form: string | null; values: Record<string, string> }
export type SealedKind = keyof typeof SEALED_COOKIES
const SEALED_KINDS = Object.keys(SEALED_COOKIES) as SealedKind[]

/** A one-time message shown after a redirect (e.g. "Email address confirmed."), signed. */
const FLASH_COOKIE = 'user.flash'
const FLASH_MAX_AGE_SECONDS = 60

/**
 * The name a cookie gets in the browser: with Secure, cookies whose names the
 * spec does not fix get the `__Host-` prefix (the browser then insists on
 * Secure, Path=/ and no Domain); over plain http the browser would reject it.
 */
function cookieName(name: string, config: Config = getConfig()) {
	return usesSecureCookies(config) ? `__Host-${name}` : name
}

type Cookies = { config: Config; access: Cookie; refresh: Cookie; flash: Cookie; sealed: Record<SealedKind, Cookie> }
let cookies: Cookies | undefined

function getCookies(): Cookies {
	const config = getConfig()
	if (cookies?.config === config) return cookies
	const secure = usesSecureCookies(config)
	const tokens = {
		httpOnly: true,
		sameSite: 'lax' as const,
		secure,
		path: config.COOKIE_PATH,
		domain: config.COOKIE_DOMAIN,
		maxAge: config.COOKIE_MAX_AGE_DAYS * 24 * 60 * 60,
	}
	// Host-only and site-wide, with or without the `__Host-` prefix.
	const hostOnly = { httpOnly: true, sameSite: 'lax' as const, secure, path: '/' }
	cookies = {
		config,
		access: createCookie(ACCESS_COOKIE, tokens),
		refresh: createCookie(REFRESH_COOKIE, tokens),
		flash: createCookie(cookieName(FLASH_COOKIE, config), {
			...hostOnly,
			maxAge: FLASH_MAX_AGE_SECONDS,
			secrets: sessionSecrets(config),
		}),
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

/** True when the request carries token cookies (it may still turn out to be signed out). */
export async function hasSessionCookie(request: Request) {
	const header = request.headers.get('cookie')
	const c = getCookies()
	return Boolean((await read(c.access, header)) ?? (await read(c.refresh, header)))
}

/**
 * The tokens of one request, read from its cookies, and the Set-Cookie
 * headers its response must carry. Everything the portal knows about a user
 * lives in these cookies: replicas share nothing.
 */
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

	/**
	 * The value of a sealed cookie, or null when it is missing, expired, or was
	 * sealed for another cookie or another `subject`.
	 */
	getSealed<K extends SealedKind>(kind: K, subject?: string): SealedValues[K] | null {
		return unseal<SealedValues[K]>(this.sealed[kind], sessionSecrets(), { purpose: SEALED_COOKIES[kind].name, subject })
	}

	/**
	 * Seals `value` into its cookie; `subject` (e.g. the user id) must then be
	 * given to read it. With `maxBytes`, a larger sealed value is not kept
	 * (false is returned).
	 */
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

	/** Whether the browser sent a cookie of this kind (whatever it holds, and for whomever). */
	hasSealed(kind: SealedKind) {
		return this.sealed[kind] !== null
	}

	async clearSealed(kind: SealedKind) {
		this.sealed[kind] = null
		this.outgoing.set(SEALED_COOKIES[kind].name, await getCookies().sealed[kind].serialize('', expired))
	}

	// Shorthands for the pending sign-in (sealed without a subject: nobody is known yet).
	getPending() {
		return this.getSealed('pendingSignIn')
	}
	setPending(pending: PendingSignIn) {
		return this.setSealed('pendingSignIn', pending)
	}
	clearPending() {
		return this.clearSealed('pendingSignIn')
	}

	/** The flash message of this request, cleared once read. */
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

	/** True when the browser holds tokens (it may still turn out to be signed out). */
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

	/** Adds this request's cookie changes to a response. */
	applyTo(headers: Headers) {
		for (const value of this.outgoing.values()) headers.append('Set-Cookie', value)
	}
}
