import type { ApiClient, TokenPair } from './client.server'
import { pickTokenPair, type AuthenticationToken } from './contract/index'
import { ApiError } from './errors'
import { authenticationTypeId } from './reference.server'
import type { TwoStepMethod } from './two-step.server'

export type SignInResult =
	{ kind: 'signed-in'; pair: TokenPair } | { kind: 'two-step'; pair: TokenPair; methods: TwoStepMethod[] }

function pairOf(tokens: AuthenticationToken[]): TokenPair {
	const pair = pickTokenPair(tokens)
	if (!pair) throw new ApiError('bad_response', 'token response lacks the access or the refresh token')
	return pair
}

export async function signInWithPassword(api: ApiClient, email: string, password: string): Promise<SignInResult> {
	const id = await authenticationTypeId(api, 'password')
	const { data, meta } = await api.call('createAuthenticationToken', { params: { id }, body: { email, password } })
	const pair = pairOf(data)
	return meta.restricted ? { kind: 'two-step', pair, methods: meta.two_step_methods } : { kind: 'signed-in', pair }
}

export async function completeTwoStep(
	api: ApiClient,
	method: TwoStepMethod,
	code: string,
	restrictedAccess: string,
): Promise<TokenPair> {
	const id = await authenticationTypeId(api, method)
	const { data } = await api.call('createAuthenticationToken', {
		params: { id },
		body: { code },
		bearer: restrictedAccess,
	})
	return pairOf(data)
}

/** The refresh call (spec point 7: the refresh type id is looked up, then cached). */
export async function refreshTokens(api: ApiClient, refreshToken: string): Promise<TokenPair> {
	const id = await authenticationTypeId(api, 'refresh')
	const { data } = await api.call('createAuthenticationToken', { params: { id }, body: { token: refreshToken } })
	return pairOf(data)
}
