import { type z } from 'zod'
import type { ApiClient } from './client.server'
import { createTtlCache } from './cache.server'
import { ApiError } from './errors'
import { allPages } from './pagination.server'
import * as c from './contract/index'
import type { TokenPair } from '#app/auth/session.server'

export type User = z.output<typeof c.userResource>
export type TwoStepMethod = 'totp' | 'email'
export type SignInResult =
	{ kind: 'signed-in'; pair: TokenPair } | { kind: 'two-step'; pair: TokenPair; methods: TwoStepMethod[] }

/** Reference lists change rarely: cached per process for 60 s (spec point 9). */
const referenceCache = createTtlCache<Array<{ id: string; key: string }>>()

/** A 422 whose `email` is already an account's address (registration, email change). */
export function isEmailTaken(error: unknown): error is ApiError {
	return (
		error instanceof ApiError &&
		error.status === 422 &&
		(error.fieldErrors.email ?? []).includes(c.validationMessages.unique)
	)
}

/** The token pair of an authentication-tokens answer; both tokens must be there. */
function pairOf(tokens: Array<z.output<typeof c.authenticationToken>>): TokenPair {
	const access = tokens.find((t) => t.authentication_token_type.key === 'access')?.token_raw
	const refresh = tokens.find((t) => t.authentication_token_type.key === 'refresh')?.token_raw
	if (!access || !refresh) throw new ApiError('bad_response', 'token response lacks the access or the refresh token')
	return { access, refresh }
}

/**
 * Every partner API call the portal makes, typed end to end. One instance
 * per incoming request (see context.server.ts).
 */
export class PartnerApi {
	private me: Promise<User> | undefined

	constructor(readonly client: ApiClient) {}

	// ——— reference data ———

	private async typeId(list: '/authentication-types' | '/user-token-types', key: string): Promise<string> {
		const item = list === '/authentication-types' ? c.authenticationTypeResource : c.userTokenTypeResource
		const items = await referenceCache.get(list, () => allPages(this.client, list, item, { auth: 'none' }))
		const id = items.find((item) => item.key === key)?.id
		if (!id) throw new ApiError('bad_response', `${list} has no "${key}"`)
		return id
	}
	authenticationTypeId(key: 'password' | 'email' | 'totp' | 'refresh') {
		return this.typeId('/authentication-types', key)
	}
	userTokenTypeId(key: string) {
		return this.typeId('/user-token-types', key)
	}

	// ——— tokens ———

	async signInWithPassword(email: string, password: string): Promise<SignInResult> {
		const id = await this.authenticationTypeId('password')
		const result = await this.client.post(`/authentication-tokens/authentication-type-id/${id}`, {
			auth: 'none',
			body: { email, password },
			schema: c.tokenPairResponse,
		})
		const pair = pairOf(result.data)
		if (result.meta.restricted) return { kind: 'two-step', pair, methods: result.meta.two_step_methods }
		return { kind: 'signed-in', pair }
	}

	async completeTwoStep(method: TwoStepMethod, code: string, restrictedAccess: string): Promise<TokenPair> {
		const id = await this.authenticationTypeId(method)
		const result = await this.client.post(`/authentication-tokens/authentication-type-id/${id}`, {
			auth: { bearer: restrictedAccess },
			body: { code },
			schema: c.tokenPairResponse,
		})
		return pairOf(result.data)
	}

	/** The refresh call (spec point 7: the refresh type id is looked up, then cached). */
	async refreshTokens(refreshToken: string): Promise<TokenPair> {
		const id = await this.authenticationTypeId('refresh')
		const result = await this.client.post(`/authentication-tokens/authentication-type-id/${id}`, {
			auth: 'none',
			body: { token: refreshToken },
			schema: c.tokenPairResponse,
		})
		return pairOf(result.data)
	}

	async signOut() {
		await this.client.delete('/authentication-tokens/current')
	}

	/** Revokes the restricted pair of an abandoned two-step sign-in. */
	async signOutRestricted(restrictedAccess: string) {
		await this.client.delete('/authentication-tokens/current', { auth: { bearer: restrictedAccess } })
	}

	// ——— users ———

	/** The signed-in user, read once per request however many loaders ask. */
	currentUser(): Promise<User> {
		this.me ??= this.client.get('/users/me', { schema: c.userResponse }).then((r) => r.data)
		return this.me
	}

	/** The user, or null when signed out (an outage is still an error). */
	async currentUserOrNull(): Promise<User | null> {
		if (!this.client.tokens.access && !this.client.tokens.refresh) return null
		try {
			return await this.currentUser()
		} catch (error) {
			if (error instanceof ApiError && (error.kind === 'unauthenticated' || error.status === 403)) {
				await this.client.tokens.clearTokens()
				return null
			}
			throw error
		}
	}

	async register(body: z.input<typeof c.registrationBody>) {
		return (await this.client.post('/user-registrations', { auth: 'none', body, schema: c.userResponse })).data
	}

	async updateMe(body: z.input<typeof c.updateMeBody>) {
		const user = (await this.client.patch('/users/me', { body, schema: c.userResponse })).data
		this.me = Promise.resolve(user)
		return user
	}

	async requestPasswordReset(email: string) {
		await this.client.post('/user-reset-passwords/token', { auth: 'none', body: { email }, schema: c.messageBody })
	}

	async resetPassword(body: { token: string; password: string; password_confirmation: string }) {
		await this.client.post('/user-reset-passwords/activate', { auth: 'none', body, schema: c.messageBody })
	}

	/**
	 * Uses an emailed token (email verification or email change); a
	 * reset_password token is only checked, not used. Public.
	 */
	async verifyUserToken(typeKey: string, token: string) {
		const id = await this.userTokenTypeId(typeKey)
		return (
			await this.client.post(`/user-tokens/user-token-type-id/${id}/verify`, {
				auth: 'none',
				body: { token },
				schema: c.userTokenVerificationResponse,
			})
		).data
	}

	/** Whether a password reset token is still usable (unknown, used or expired: false). */
	async resetTokenUsable(token: string): Promise<boolean> {
		try {
			await this.verifyUserToken('reset_password', token)
			return true
		} catch (error) {
			if (error instanceof ApiError && error.status === 422) return false
			throw error
		}
	}

	verifications() {
		return allPages(this.client, '/user-verifications', c.userVerificationResource)
	}

	async resendVerification(id: string) {
		return (
			await this.client.post(`/user-verifications/${encodeURIComponent(id)}/token`, {
				schema: c.userVerificationResponse,
			})
		).data
	}

	// ——— two-step ———

	userAuthentications() {
		return allPages(this.client, '/user-authentications', c.userAuthenticationResource)
	}

	async createTotpSecret() {
		const id = await this.authenticationTypeId('totp')
		return (
			await this.client.post(`/user-authentications/authentication-type-id/${id}/secret`, {
				schema: c.totpSecretResponse,
			})
		).data
	}

	/** Sends an email code: to enable the method, or (with the restricted token) to sign in. */
	async sendEmailCode(restrictedAccess?: string) {
		const id = await this.authenticationTypeId('email')
		return (
			await this.client.post(`/user-authentications/authentication-type-id/${id}/secret`, {
				auth: restrictedAccess ? { bearer: restrictedAccess } : 'access',
				schema: c.emailCodeSentResponse,
			})
		).data
	}

	async activateTwoStep(method: TwoStepMethod, code: string) {
		const id = await this.authenticationTypeId(method)
		return (
			await this.client.post(`/user-authentications/authentication-type-id/${id}/activate`, {
				body: { code },
				schema: c.userAuthenticationResponse,
			})
		).data
	}

	async deactivateTwoStep(method: TwoStepMethod, password: string) {
		const id = await this.authenticationTypeId(method)
		return (
			await this.client.post(`/user-authentications/authentication-type-id/${id}/deactivate`, {
				body: { password },
				schema: c.userAuthenticationResponse,
			})
		).data
	}

	// ——— contact ———

	async sendContactMessage(body: { subject: string; message: string }) {
		await this.client.post('/contact-messages', { body, schema: c.contactMessageResponse })
	}
}
