import { z } from 'zod'
import { endpointsOf, invalid, signedIn, throttled } from './endpoint'
import { confirmIdentityBody, identityConfirmationRequiredBody, identityConfirmationResponse } from './identity'

/** The answers of an endpoint that needs a confirmed identity: `signedIn`, with its 403 widened. */
export const confirmedIdentity = {
	...signedIn,
	403: z.union([signedIn[403], identityConfirmationRequiredBody]),
} as const

export const identityEndpoints = endpointsOf('Identity confirmation', 'access', {
	getIdentityConfirmation: {
		route: 'GET /users/me/identity-confirmation',
		summary: "Whether this sign-in's identity is confirmed, until when, and how it may be confirmed",
		responses: { 200: identityConfirmationResponse, ...signedIn },
	},
	confirmIdentity: {
		route: 'POST /users/me/identity-confirmation',
		summary: 'Confirm the identity with the password, or a code of the authenticator app when it is on',
		description:
			'Confirms it for the calling sign-in (its refreshes included, no other) for `identityConfirmationSeconds`. ' +
			'A wrong password is 422 on `password` ("The password is incorrect."); a wrong code, or a code without an ' +
			'active authenticator, 422 `invalid_code` on `code`; a code of a time step already used, 422 `code_reused` ' +
			'on `code`. Wrong passwords and wrong codes count ' +
			'together, per account, towards `wrongPasswordConfirmations`: past it every try, password or code, right ' +
			'or wrong, is 429 `too_many_attempts` (with `Retry-After`) until the window frees one. A try is counted ' +
			'before it is checked, and given back when right: of concurrent guesses, no more than the limit are checked.',
		request: confirmIdentityBody,
		responses: { 201: identityConfirmationResponse, ...signedIn, ...invalid, ...throttled },
	},
})
