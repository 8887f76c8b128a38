/** Authentication: token pairs (sign-in, two-step sign-in, refresh) and sign-out. */
import { z } from 'zod'
import {
	createAuthenticationTokenBody,
	codeReusedBody,
	expiredCodeBody,
	invalidCodeBody,
	invalidCredentialsBody,
	lockoutErrorBody,
	tokenPairResponse,
} from './auth'
import { unauthenticatedBody, validationErrorBody } from './common'
import { endpointsOf, notFound } from './endpoint'

export const authEndpoints = endpointsOf('Authentication', 'none', {
	createAuthenticationToken: {
		route: 'POST /authentication-tokens/authentication-type-id/{id}',
		summary: 'Sign in (password), complete two-step sign-in (totp, email) or refresh (refresh)',
		description:
			'`{id}` is the id of an authentication type. password: `{email, password}`, no bearer; answers a full pair, or a ' +
			'restricted 10-minute pair (`meta.restricted: true`) when two-step is active. totp/email: `{code}` with the ' +
			'restricted access token as bearer; answers a full pair and revokes the restricted one. refresh: `{token}`, ' +
			'no bearer; rotates the refresh token (30 s grace returns the same new pair; later reuse revokes the whole ' +
			'sign-in). Failed passwords and codes count toward the account lockout; an expired email code (422 ' +
			'`code_expired`) does not. An authenticator code of a time step already used is 422 `code_reused` (counted).',
		request: createAuthenticationTokenBody,
		responses: {
			201: tokenPairResponse,
			401: unauthenticatedBody,
			...notFound,
			422: z.union([invalidCredentialsBody, invalidCodeBody, codeReusedBody, expiredCodeBody, validationErrorBody]),
			423: lockoutErrorBody,
		},
	},
	deleteCurrentAuthenticationToken: {
		route: 'DELETE /authentication-tokens/current',
		summary: 'Sign out: revokes every token of the current sign-in',
		auth: 'access-or-restricted',
		responses: { 204: null, 401: unauthenticatedBody },
	},
})
