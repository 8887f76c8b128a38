import type { ApiClient, TokenPair } from './client.server'
import { pickTokenPair, type AuthenticationToken, type PasskeyAuthenticationCredential } from './contract/index'
import { ApiError } from './errors'
import { authenticationTypeId } from './reference.server'
import type { TwoStepMethod } from './two-step.server'

export type SignInResult =
	| { kind: 'signed-in'; pair: TokenPair }
	| { kind: 'two-step'; pair: TokenPair; methods: TwoStepMethod[]; recoveryCodes: number; passkeys: number }

function pairOf(tokens: AuthenticationToken[]): TokenPair {
	const pair = pickTokenPair(tokens)
	if (!pair) throw new ApiError('bad_response', 'token response lacks the access or the refresh token')
	return pair
}

export async function signInWithPassword(api: ApiClient, email: string, password: string): Promise<SignInResult> {
	const id = await authenticationTypeId(api, 'password')
	const { data, meta } = await api.call('createAuthenticationToken', { params: { id }, body: { email, password } })
	const pair = pairOf(data)
	if (!meta.restricted) return { kind: 'signed-in', pair }
	const { two_step_methods: methods, recovery_codes_remaining: recoveryCodes = 0, passkeys = 0 } = meta
	return { kind: 'two-step', pair, methods, recoveryCodes, passkeys }
}

/** The second step; `recoveryCodesLeft` after a recovery code. */
export async function completeTwoStep(
	api: ApiClient,
	way: TwoStepMethod | 'recovery_code' | 'passkey',
	body: { code: string } | { credential: PasskeyAuthenticationCredential },
	restrictedAccess: string,
) {
	const id = await authenticationTypeId(api, way)
	const { data, meta } = await api.call('createAuthenticationToken', { params: { id }, body, bearer: restrictedAccess })
	return { pair: pairOf(data), recoveryCodesLeft: meta.recovery_codes_remaining }
}

/** The refresh call (spec point 7: the refresh type id is looked up, then cached). */
export async function refreshTokens(api: ApiClient, refreshToken: string): Promise<TokenPair> {
	const id = await authenticationTypeId(api, 'refresh')
	const { data } = await api.call('createAuthenticationToken', { params: { id }, body: { token: refreshToken } })
	return pairOf(data)
}
