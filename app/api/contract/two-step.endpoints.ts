/** Two-step authentication: the user's methods, their setup and activation. */
import { z } from 'zod'
import { expiredCodeBody, invalidCodeBody } from './auth'
import { listQuery, validationErrorBody } from './common'
import { endpointsOf, invalid, notFound, signedIn, throttled } from './endpoint'
import { createRecoveryCodesBody, recoveryCodeSetResponse, twoStepInactiveBody } from './recovery-codes'
import {
	activatedTwoStepResponse,
	activateTwoStepBody,
	alreadyActiveBody,
	deactivateTwoStepBody,
	twoStepSecretResponse,
	userAuthenticationList,
	userAuthenticationResponse,
} from './two-step'

export const twoStepEndpoints = endpointsOf('Two-step authentication', 'access', {
	listUserAuthentications: {
		route: 'GET /user-authentications',
		summary: "The user's two-step methods (set up or started)",
		query: listQuery,
		responses: { 200: userAuthenticationList, ...signedIn, ...invalid },
	},
	getUserAuthentication: {
		route: 'GET /user-authentications/authentication-type-id/{id}',
		summary: 'One two-step method of the user, by authentication type id',
		responses: { 200: userAuthenticationResponse, ...signedIn, ...notFound },
	},
	createTwoStepSecret: {
		route: 'POST /user-authentications/authentication-type-id/{id}/secret',
		summary: 'totp: a new pending secret. email: email a 6-digit code',
		description:
			'totp (full access token): creates or replaces the pending secret; 422 already_active when active. ' +
			'email: emails a code valid 10 minutes, at most once a minute while the last code is unused (429 ' +
			'resend_too_soon; once it has been used, a new one may be sent at once). With the restricted ' +
			'token of the password step, only the email method, when active (the sign-in code).',
		auth: 'access-or-restricted',
		responses: { 201: twoStepSecretResponse, ...signedIn, ...notFound, 422: alreadyActiveBody, ...throttled },
	},
	activateTwoStep: {
		route: 'POST /user-authentications/authentication-type-id/{id}/activate',
		summary: 'Activate a method with a code (TOTP from the pending secret, or the last emailed code)',
		description:
			'A wrong or used code is 422 `invalid_code`; once the last emailed code has expired, 422 `code_expired`.',
		request: activateTwoStepBody,
		responses: {
			200: activatedTwoStepResponse,
			...signedIn,
			...notFound,
			422: z.union([invalidCodeBody, expiredCodeBody, alreadyActiveBody, validationErrorBody]),
		},
	},
	deactivateTwoStep: {
		route: 'POST /user-authentications/authentication-type-id/{id}/deactivate',
		summary: 'Deactivate a method (needs the current password)',
		description:
			'A wrong password is 422 on `password` and counts towards `wrongPasswordConfirmations` (429 ' +
			'`too_many_attempts` past it, right password or not). Ends every other session of the account; turning the ' +
			'last method off ends the recovery codes.',
		request: deactivateTwoStepBody,
		responses: { 200: userAuthenticationResponse, ...signedIn, ...notFound, ...invalid, ...throttled },
	},
	createRecoveryCodes: {
		route: 'POST /recovery-codes',
		summary: 'A new set of recovery codes; the old set stops working (needs the current password)',
		description:
			'Answers the codes once (the API keeps hashes) and emails `recovery_codes_generated`. 422 ' +
			'`two_step_inactive` while two-step is off; a wrong password counts as in `deactivateTwoStep`.',
		request: createRecoveryCodesBody,
		responses: {
			201: recoveryCodeSetResponse,
			...signedIn,
			422: z.union([twoStepInactiveBody, validationErrorBody]),
			...throttled,
		},
	},
})
