/**
 * Every call of the partner API: method, path, who may call it, the request
 * body and query, and the body of each status. `scripts/openapi.ts` turns
 * this table into docs/openapi.json; the mock API routes and validates with it.
 */
import { z } from 'zod'
import {
	authenticationTypeList,
	createAuthenticationTokenBody,
	expiredCodeBody,
	invalidCodeBody,
	invalidCredentialsBody,
	lockoutErrorBody,
	tokenPairResponse,
} from './auth'
import {
	keyFilterListQuery,
	listQuery,
	messageBody,
	notFoundBody,
	serverErrorBody,
	throttleErrorBody,
	twoStepRequiredBody,
	unauthenticatedBody,
	validationErrorBody,
} from './common'
import { contactMessageBody, contactMessageResponse } from './contact'
import {
	activateTwoStepBody,
	alreadyActiveBody,
	deactivateTwoStepBody,
	twoStepSecretResponse,
	userAuthenticationList,
	userAuthenticationResponse,
} from './two-step'
import {
	alreadyVerifiedBody,
	invalidTokenBody,
	registrationBody,
	resetPasswordActivateBody,
	resetPasswordRequestBody,
	tokenBody,
	updateMeBody,
	userResponse,
	userTokenTypeList,
	userTokenVerificationResponse,
	userTypeList,
	userVerificationList,
	userVerificationResponse,
} from './users'

/**
 * - `none`: public, no bearer.
 * - `access`: a full (not restricted) access token.
 * - `restricted`: the restricted access token of the password step.
 * - `access-or-restricted`: either.
 */
export type EndpointAuth = 'none' | 'access' | 'restricted' | 'access-or-restricted'
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'

export interface Endpoint {
	method: HttpMethod
	/** OpenAPI style, e.g. `/user-verifications/{id}/token`. */
	path: string
	summary: string
	description?: string
	tag: string
	auth: EndpointAuth
	/** JSON request body. */
	request?: z.ZodType
	/** Query parameters (strings on the wire). */
	query?: z.ZodObject
	/** Body schema per status; `null` means no body (204). */
	responses: Partial<Record<number, z.ZodType | null>>
}

const signedIn = { 401: unauthenticatedBody, 403: twoStepRequiredBody } as const
const notFound = { 404: notFoundBody } as const
const invalid = { 422: validationErrorBody } as const
const throttled = { 429: throttleErrorBody } as const

export const endpoints = {
	// -- Reference data -----------------------------------------------------
	listAuthenticationTypes: {
		method: 'GET',
		path: '/authentication-types',
		summary: 'Authentication types (password, email, totp, refresh)',
		tag: 'Reference data',
		auth: 'none',
		query: keyFilterListQuery,
		responses: { 200: authenticationTypeList, ...invalid },
	},
	listUserTypes: {
		method: 'GET',
		path: '/user-types',
		summary: 'User types (partner)',
		tag: 'Reference data',
		auth: 'none',
		query: keyFilterListQuery,
		responses: { 200: userTypeList, ...invalid },
	},
	listUserTokenTypes: {
		method: 'GET',
		path: '/user-token-types',
		summary: 'User token types (reset_password, email_verification, email_change)',
		tag: 'Reference data',
		auth: 'none',
		query: keyFilterListQuery,
		responses: { 200: userTokenTypeList, ...invalid },
	},

	// -- Authentication -----------------------------------------------------
	createAuthenticationToken: {
		method: 'POST',
		path: '/authentication-tokens/authentication-type-id/{id}',
		summary: 'Sign in (password), complete two-step sign-in (totp, email) or refresh (refresh)',
		description:
			'`{id}` is the id of an authentication type. password: `{email, password}`, no bearer; answers a full pair, or a ' +
			'restricted 10-minute pair (`meta.restricted: true`) when two-step is active. totp/email: `{code}` with the ' +
			'restricted access token as bearer; answers a full pair and revokes the restricted one. refresh: `{token}`, ' +
			'no bearer; rotates the refresh token (30 s grace returns the same new pair; later reuse revokes the whole ' +
			'sign-in). Failed passwords and codes count toward the account lockout; an expired email code (422 ' +
			'`code_expired`) does not.',
		tag: 'Authentication',
		auth: 'none',
		request: createAuthenticationTokenBody,
		responses: {
			201: tokenPairResponse,
			401: unauthenticatedBody,
			...notFound,
			422: z.union([invalidCredentialsBody, invalidCodeBody, expiredCodeBody, validationErrorBody]),
			423: lockoutErrorBody,
		},
	},
	deleteCurrentAuthenticationToken: {
		method: 'DELETE',
		path: '/authentication-tokens/current',
		summary: 'Sign out: revokes every token of the current sign-in',
		tag: 'Authentication',
		auth: 'access-or-restricted',
		responses: { 204: null, 401: unauthenticatedBody },
	},

	// -- Users --------------------------------------------------------------
	getCurrentUser: {
		method: 'GET',
		path: '/users/me',
		summary: 'The signed-in user',
		tag: 'Users',
		auth: 'access',
		responses: { 200: userResponse, ...signedIn },
	},
	updateCurrentUser: {
		method: 'PATCH',
		path: '/users/me',
		summary: 'Update profile, start an email change, or change the password',
		description:
			'Any subset of first_name, last_name, company_name, country, locale. `email` + `current_password` sets ' +
			'`pending_email` and emails a confirmation link to the new address. `password` + `password_confirmation` + ' +
			'`current_password` changes the password and revokes every other sign-in of the user.',
		tag: 'Users',
		auth: 'access',
		request: updateMeBody,
		responses: { 200: userResponse, ...signedIn, ...invalid },
	},
	verifyRegistration: {
		method: 'POST',
		path: '/users/me/register/verify',
		summary: "Confirm the signed-in user's registration email with an email_verification token",
		tag: 'Users',
		auth: 'access',
		request: tokenBody,
		responses: { 200: userResponse, ...signedIn, 422: z.union([invalidTokenBody, validationErrorBody]) },
	},
	register: {
		method: 'POST',
		path: '/user-registrations',
		summary: 'Register a partner account; emails a verification link',
		tag: 'Users',
		auth: 'none',
		request: registrationBody,
		responses: { 201: userResponse, ...invalid },
	},

	// -- User verifications -------------------------------------------------
	listUserVerifications: {
		method: 'GET',
		path: '/user-verifications',
		summary: "The user's email verifications (registration email, pending email change)",
		tag: 'User verifications',
		auth: 'access',
		query: listQuery,
		responses: { 200: userVerificationList, ...signedIn, ...invalid },
	},
	resendUserVerification: {
		method: 'POST',
		path: '/user-verifications/{id}/token',
		summary: 'Send the verification email again (at most once a minute)',
		tag: 'User verifications',
		auth: 'access',
		responses: {
			202: userVerificationResponse,
			...signedIn,
			...notFound,
			422: alreadyVerifiedBody,
			...throttled,
		},
	},
	verifyUserVerification: {
		method: 'POST',
		path: '/user-verifications/{id}/verify',
		summary: 'Verify with the emailed token',
		tag: 'User verifications',
		auth: 'access',
		request: tokenBody,
		responses: {
			200: userVerificationResponse,
			...signedIn,
			...notFound,
			422: z.union([invalidTokenBody, validationErrorBody]),
		},
	},
	verifyUserToken: {
		method: 'POST',
		path: '/user-tokens/user-token-type-id/{id}/verify',
		summary: 'Use an emailed token (public)',
		description:
			'email_verification: confirms the registration email. email_change: applies the pending email. ' +
			'reset_password: only checks that the token is usable (it is consumed by /user-reset-passwords/activate).',
		tag: 'User verifications',
		auth: 'none',
		request: tokenBody,
		responses: {
			200: userTokenVerificationResponse,
			...notFound,
			422: z.union([invalidTokenBody, validationErrorBody]),
		},
	},

	// -- Password reset -----------------------------------------------------
	requestPasswordReset: {
		method: 'POST',
		path: '/user-reset-passwords/token',
		summary: 'Email a reset link (same answer whether or not the address is registered)',
		tag: 'Password reset',
		auth: 'none',
		request: resetPasswordRequestBody,
		responses: { 202: messageBody, ...invalid },
	},
	resetPassword: {
		method: 'POST',
		path: '/user-reset-passwords/activate',
		summary: 'Set a new password with the emailed token; signs out everywhere and clears the lockout',
		tag: 'Password reset',
		auth: 'none',
		request: resetPasswordActivateBody,
		responses: { 200: messageBody, 422: z.union([invalidTokenBody, validationErrorBody]) },
	},

	// -- Two-step authentication --------------------------------------------
	listUserAuthentications: {
		method: 'GET',
		path: '/user-authentications',
		summary: "The user's two-step methods (set up or started)",
		tag: 'Two-step authentication',
		auth: 'access',
		query: listQuery,
		responses: { 200: userAuthenticationList, ...signedIn, ...invalid },
	},
	getUserAuthentication: {
		method: 'GET',
		path: '/user-authentications/authentication-type-id/{id}',
		summary: 'One two-step method of the user, by authentication type id',
		tag: 'Two-step authentication',
		auth: 'access',
		responses: { 200: userAuthenticationResponse, ...signedIn, ...notFound },
	},
	createTwoStepSecret: {
		method: 'POST',
		path: '/user-authentications/authentication-type-id/{id}/secret',
		summary: 'totp: a new pending secret. email: email a 6-digit code',
		description:
			'totp (full access token): creates or replaces the pending secret; 422 already_active when active. ' +
			'email: emails a code valid 10 minutes, at most once a minute (429 resend_too_soon). With the restricted ' +
			'token of the password step, only the email method, when active (the sign-in code).',
		tag: 'Two-step authentication',
		auth: 'access-or-restricted',
		responses: {
			201: twoStepSecretResponse,
			...signedIn,
			...notFound,
			422: alreadyActiveBody,
			...throttled,
		},
	},
	activateTwoStep: {
		method: 'POST',
		path: '/user-authentications/authentication-type-id/{id}/activate',
		summary: 'Activate a method with a code (TOTP from the pending secret, or the last emailed code)',
		description:
			'A wrong or used code is 422 `invalid_code`; once the last emailed code has expired, 422 `code_expired`.',
		tag: 'Two-step authentication',
		auth: 'access',
		request: activateTwoStepBody,
		responses: {
			200: userAuthenticationResponse,
			...signedIn,
			...notFound,
			422: z.union([invalidCodeBody, expiredCodeBody, alreadyActiveBody, validationErrorBody]),
		},
	},
	deactivateTwoStep: {
		method: 'POST',
		path: '/user-authentications/authentication-type-id/{id}/deactivate',
		summary: 'Deactivate a method (needs the current password)',
		tag: 'Two-step authentication',
		auth: 'access',
		request: deactivateTwoStepBody,
		responses: { 200: userAuthenticationResponse, ...signedIn, ...notFound, ...invalid },
	},

	// -- Contact ------------------------------------------------------------
	createContactMessage: {
		method: 'POST',
		path: '/contact-messages',
		summary: 'Send a message to the partner team',
		tag: 'Contact',
		auth: 'access',
		request: contactMessageBody,
		responses: { 202: contactMessageResponse, ...signedIn, ...invalid },
	},
} as const satisfies Record<string, Endpoint>

export type EndpointName = keyof typeof endpoints

/** The table as a list, in declaration order. */
export const endpointList: ReadonlyArray<Endpoint & { name: EndpointName }> = (
	Object.entries(endpoints) as Array<[EndpointName, Endpoint]>
).map(([name, endpoint]) => ({ ...endpoint, name }))

/** Fills `{name}` placeholders: `fillPath('/user-verifications/{id}/token', {id})`. */
export function fillPath(path: string, params: Record<string, string>): string {
	return path.replace(/\{(\w+)\}/g, (_, name: string) => {
		const value = params[name]
		if (value === undefined) throw new Error(`fillPath: missing "${name}" for ${path}`)
		return encodeURIComponent(value)
	})
}

/**
 * Answers any endpoint may give besides its own table: 400 (body is not a
 * JSON object), 405 (wrong method), 413 (body too large) — all `{message}` —
 * and any 5xx (`{message: "Server Error."}`).
 */
export const genericResponses = { 400: messageBody, 405: messageBody, 413: messageBody } as const

/** The body schema of `status` for `endpoint` (`null`: no body; `undefined`: not in the contract). */
export function responseSchema(endpoint: Endpoint, status: number): z.ZodType | null | undefined {
	const own = endpoint.responses[status]
	if (own !== undefined) return own
	if (status >= 500 && status <= 599) return serverErrorBody
	return (genericResponses as Partial<Record<number, z.ZodType>>)[status]
}
