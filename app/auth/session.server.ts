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

type Cookies = { access: Cookie; refresh: Cookie; pending: Cookie }
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
	) {}

	static async fromRequest(request: Request) {
		const header = request.headers.get('cookie')
		const c = getCookies()
		return new RequestSession(await read(c.access, header), await read(c.refresh, header), await read(c.pending, header))
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
