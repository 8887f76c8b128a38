/** Users: the signed-in user, registration, email verifications and password reset. */
import { z } from 'zod'
import { listQuery, messageBody, validationErrorBody } from './common'
import { endpointsOf, invalid, notFound, signedIn, throttled } from './endpoint'
import {
	alreadyVerifiedBody,
	invalidTokenBody,
	tokenAlreadyVerifiedBody,
	tokenUsedBody,
	registrationBody,
	resetPasswordActivateBody,
	resetPasswordRequestBody,
	tokenBody,
	updateMeBody,
	userResponse,
	userTokenVerificationResponse,
	userVerificationList,
	userVerificationResponse,
} from './users'

export const usersEndpoints = {
	...endpointsOf('Users', 'access', {
		getCurrentUser: {
			route: 'GET /users/me',
			summary: 'The signed-in user',
			responses: { 200: userResponse, ...signedIn },
		},
		updateCurrentUser: {
			route: 'PATCH /users/me',
			summary: 'Update profile, start an email change, or change the password',
			description:
				'Any subset of first_name, last_name, company_name, country, locale. `email` + `current_password` sets ' +
				'`pending_email` and emails a confirmation link to the new address, at most once a minute per address ' +
				'(429 `resend_too_soon`, nothing changed). `password` + `password_confirmation` + `current_password` ' +
				'changes the password and revokes every other sign-in of the user. A wrong `current_password` counts towards ' +
				'`wrongPasswordConfirmations` (429 `too_many_attempts` past it, right password or not).',
			request: updateMeBody,
			responses: { 200: userResponse, ...signedIn, ...invalid, ...throttled },
		},
		verifyRegistration: {
			route: 'POST /users/me/register/verify',
			summary: "Confirm the signed-in user's registration email with an email_verification token",
			request: tokenBody,
			responses: { 200: userResponse, ...signedIn, 422: z.union([invalidTokenBody, validationErrorBody]) },
		},
		register: {
			route: 'POST /user-registrations',
			summary: 'Register a partner account; emails a verification link',
			auth: 'none',
			request: registrationBody,
			responses: { 201: userResponse, ...invalid },
		},
	}),
	...endpointsOf('User verifications', 'access', {
		listUserVerifications: {
			route: 'GET /user-verifications',
			summary: "The user's email verifications (registration email, pending email change)",
			query: listQuery,
			responses: { 200: userVerificationList, ...signedIn, ...invalid },
		},
		resendUserVerification: {
			route: 'POST /user-verifications/{id}/token',
			summary: 'Send the verification email again (at most once a minute)',
			responses: { 202: userVerificationResponse, ...signedIn, ...notFound, 422: alreadyVerifiedBody, ...throttled },
		},
		verifyUserVerification: {
			route: 'POST /user-verifications/{id}/verify',
			summary: 'Verify with the emailed token',
			request: tokenBody,
			responses: {
				200: userVerificationResponse,
				...signedIn,
				...notFound,
				422: z.union([invalidTokenBody, validationErrorBody]),
			},
		},
		verifyUserToken: {
			route: 'POST /user-tokens/user-token-type-id/{id}/verify',
			summary: 'Use an emailed token (public)',
			description:
				'email_verification: confirms the registration email. email_change: applies the pending email. ' +
				'reset_password: only checks that the token is usable (it is consumed by /user-reset-passwords/activate). ' +
				'A used, replaced or expired email_verification or email_change token whose address is now the ' +
				"account's confirmed email is a 409 `already_verified`, a reset_password token already used a 409 " +
				'`token_used`; any other unusable token is a 422 `invalid_token`.',
			auth: 'none',
			request: tokenBody,
			responses: {
				200: userTokenVerificationResponse,
				...notFound,
				409: z.union([tokenAlreadyVerifiedBody, tokenUsedBody]),
				422: z.union([invalidTokenBody, validationErrorBody]),
			},
		},
	}),
	...endpointsOf('Password reset', 'none', {
		requestPasswordReset: {
			route: 'POST /user-reset-passwords/token',
			summary: 'Email a reset link (same answer whether or not the address is registered)',
			description:
				'At most one request per address a minute, registered or not: sooner is a 429 `resend_too_soon` and ' +
				'sends nothing (a client that must not reveal anything answers it as it answers a 202).',
			request: resetPasswordRequestBody,
			responses: { 202: messageBody, ...invalid, ...throttled },
		},
		resetPassword: {
			route: 'POST /user-reset-passwords/activate',
			summary: 'Set a new password with the emailed token; signs out everywhere and clears the lockout',
			description: 'A token already used is a 409 `token_used`; any other unusable token is a 422 `invalid_token`.',
			request: resetPasswordActivateBody,
			responses: { 200: messageBody, 409: tokenUsedBody, 422: z.union([invalidTokenBody, validationErrorBody]) },
		},
	}),
}
