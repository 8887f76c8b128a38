import type { ApiClient, TokenPair } from './client.server'
import { pickTokenPair, type AuthenticationToken } from './contract/index'
import { ApiError } from './errors'
import { authenticationTypeId } from './reference.server'
import type { TwoStepMethod } from './two-step.server'

export type SignInResult =
	| { kind: 'signed-in'; pair: TokenPair }
	| { kind: 'two-step'; pair: TokenPair; methods: TwoStepMethod[]; recoveryCodes: number }

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
	return { kind: 'two-step', pair, methods: meta.two_step_methods, recoveryCodes: meta.recovery_codes_remaining ?? 0 }
}

/** The second step; `recoveryCodesLeft` after a recovery code. */
export async function completeTwoStep(
	api: ApiClient,
	method: TwoStepMethod | 'recovery_code',
	code: string,
	restrictedAccess: string,
) {
	const id = await authenticationTypeId(api, method)
	const { data, meta } = await api.call('createAuthenticationToken', {
		params: { id },
		body: { code },
		bearer: restrictedAccess,
	})
	return { pair: pairOf(data), recoveryCodesLeft: meta.recovery_codes_remaining }
}

/** The refresh call (spec point 7: the refresh type id is looked up, then cached). */
export async function refreshTokens(api: ApiClient, refreshToken: string): Promise<TokenPair> {
	const id = await authenticationTypeId(api, 'refresh')
	const { data } = await api.call('createAuthenticationToken', { params: { id }, body: { token: refreshToken } })
	return pairOf(data)
}
