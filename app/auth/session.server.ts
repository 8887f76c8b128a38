import { createCookie, type Cookie } from 'react-router'
import { getConfig } from '#app/config.server'
import { seal, unseal } from './sealed.server'

/** Cookie names fixed by the spec (point 9). */
export const ACCESS_COOKIE = 'user.access-token'
export const REFRESH_COOKIE = 'user.refresh-token'
/**
 * The "temporary store" of spec point 4: the restricted token pair between
 * the two sign-in steps, sealed (encrypted) and short-lived. Never the two
 * cookies above.
 */
export const PENDING_COOKIE = 'user.pending-sign-in'
export const PENDING_MAX_AGE_SECONDS = 10 * 60
/** A one-time message shown after a redirect (e.g. "Email address confirmed."). */
export const FLASH_COOKIE = 'user.flash'

export type Flash = { tone: 'success' | 'info' | 'warning'; key: string; values?: Record<string, string | number> }

export type TokenPair = { access: string; refresh: string }

export type PendingSignIn = {
	access: string
	refresh: string
	methods: Array<'totp' | 'email'>
	email: string
	redirectTo: string
	/** Epoch ms when the email code was last sent (for the resend countdown). */
	emailCodeSentAt?: number
	resendAvailableAt?: number
}

/**
 * Short-lived sealed cookies for multi-step forms, so a JS-off page can
 * re-render after a wrong code without starting over.
 */
export const SETUP_COOKIES = {
	/** The not-yet-active authenticator secret while the partner scans it. */
	totp: 'user.totp-setup',
	/** When the email code for enabling the email method was sent. */
	emailCode: 'user.email-code-setup',
} as const
export type SetupKind = keyof typeof SETUP_COOKIES
export type SetupValues = {
	totp: { secret: string; uri: string; digits: number }
	emailCode: { resendAvailableAt: number }
}
const SETUP_MAX_AGE_SECONDS = 15 * 60

type Cookies = { access: Cookie; refresh: Cookie; pending: Cookie; flash: Cookie; setup: Record<SetupKind, Cookie> }
let cookies: Cookies | undefined

function secure() {
	const config = getConfig()
	return config.NODE_ENV === 'production' && config.PUBLIC_APP_URL.startsWith('https:')
}

function getCookies(): Cookies {
	if (cookies) return cookies
	const config = getConfig()
	const common = {
		httpOnly: true,
		sameSite: 'lax' as const,
		secure: secure(),
		path: config.COOKIE_PATH,
		domain: config.COOKIE_DOMAIN,
	}
	const maxAge = config.COOKIE_MAX_AGE_DAYS * 24 * 60 * 60
	cookies = {
		access: createCookie(ACCESS_COOKIE, { ...common, maxAge }),
		refresh: createCookie(REFRESH_COOKIE, { ...common, maxAge }),
		pending: createCookie(PENDING_COOKIE, { ...common, maxAge: PENDING_MAX_AGE_SECONDS }),
		flash: createCookie(FLASH_COOKIE, { ...common, maxAge: 60, secrets: [config.SESSION_SECRET] }),
		setup: {
			totp: createCookie(SETUP_COOKIES.totp, { ...common, maxAge: SETUP_MAX_AGE_SECONDS }),
			emailCode: createCookie(SETUP_COOKIES.emailCode, { ...common, maxAge: SETUP_MAX_AGE_SECONDS }),
		},
	}
	return cookies
}

async function read(cookie: Cookie, header: string | null): Promise<string | null> {
	const value: unknown = await cookie.parse(header)
	return typeof value === 'string' && value.length > 0 ? value : null
}

/**
 * The tokens of one request, read from its cookies, and the Set-Cookie
 * headers its response must carry. Everything the portal knows about a user
 * lives in these cookies: replicas share nothing.
 */
export class RequestSession {
	private outgoing = new Map<string, string>()

	private constructor(
		public access: string | null,
		public refresh: string | null,
		private pendingSealed: string | null,
		private flash: Flash | null,
		private setupSealed: Partial<Record<SetupKind, string | null>>,
	) {}

	static async fromRequest(request: Request) {
		const header = request.headers.get('cookie')
		const c = getCookies()
		const flash: unknown = await c.flash.parse(header)
		return new RequestSession(
			await read(c.access, header),
			await read(c.refresh, header),
			await read(c.pending, header),
			flash && typeof flash === 'object' && 'key' in flash ? (flash as Flash) : null,
			{ totp: await read(c.setup.totp, header), emailCode: await read(c.setup.emailCode, header) },
		)
	}

	getSetup<K extends SetupKind>(kind: K): SetupValues[K] | null {
		return unseal<SetupValues[K]>(this.setupSealed[kind], getConfig().SESSION_SECRET)
	}

	async setSetup<K extends SetupKind>(kind: K, value: SetupValues[K]) {
		const sealed = seal(value, getConfig().SESSION_SECRET)
		this.setupSealed[kind] = sealed
		this.outgoing.set(SETUP_COOKIES[kind], await getCookies().setup[kind].serialize(sealed))
	}

	async clearSetup(kind: SetupKind) {
		this.setupSealed[kind] = null
		this.outgoing.set(SETUP_COOKIES[kind], await getCookies().setup[kind].serialize('', { maxAge: 0, expires: new Date(0) }))
	}

	/** The flash message of this request, cleared once read. */
	async takeFlash(): Promise<Flash | null> {
		const flash = this.flash
		if (flash && !this.outgoing.has(FLASH_COOKIE)) {
			this.outgoing.set(FLASH_COOKIE, await getCookies().flash.serialize('', { maxAge: 0, expires: new Date(0) }))
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
		for (const kind of Object.keys(SETUP_COOKIES) as SetupKind[]) {
			if (this.setupSealed[kind]) await this.clearSetup(kind)
		}
		this.outgoing.set(ACCESS_COOKIE, await c.access.serialize('', { maxAge: 0, expires: new Date(0) }))
		this.outgoing.set(REFRESH_COOKIE, await c.refresh.serialize('', { maxAge: 0, expires: new Date(0) }))
	}

	getPending(): PendingSignIn | null {
		return unseal<PendingSignIn>(this.pendingSealed, getConfig().SESSION_SECRET)
	}

	async setPending(pending: PendingSignIn) {
		this.pendingSealed = seal(pending, getConfig().SESSION_SECRET)
		this.outgoing.set(PENDING_COOKIE, await getCookies().pending.serialize(this.pendingSealed))
	}

	async clearPending() {
		this.pendingSealed = null
		this.outgoing.set(PENDING_COOKIE, await getCookies().pending.serialize('', { maxAge: 0, expires: new Date(0) }))
	}

	/** Adds this request's cookie changes to a response. */
	applyTo(headers: Headers) {
		for (const value of this.outgoing.values()) headers.append('Set-Cookie', value)
	}
}
