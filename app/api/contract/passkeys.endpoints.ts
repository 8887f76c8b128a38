/** Passkeys (decision 0041): a second factor next to the others, added and removed with a confirmed identity. */
import { z } from 'zod'
import { listQuery, validationErrorBody } from './common'
import { endpointsOf, invalid, notFound, signedIn } from './endpoint'
import { confirmedIdentity } from './identity.endpoints'
import {
	createPasskeyBody,
	passkeyCreationOptionsResponse,
	passkeyInvalidBody,
	passkeyList,
	passkeyRequestOptionsResponse,
	passkeyResponse,
	passkeyRules,
} from './passkeys'
import { twoStepInactiveBody } from './recovery-codes'

const CONFIRMED = 'Needs a confirmed identity (403 `identity_confirmation_required` otherwise).'

export const passkeysEndpoints = endpointsOf('Passkeys', 'access', {
	listPasskeys: {
		route: 'GET /passkeys',
		summary: "The account's passkeys, oldest first",
		query: listQuery,
		responses: { 200: passkeyList, ...signedIn, ...invalid },
	},
	createPasskeyRegistrationOptions: {
		route: 'POST /passkeys/registration-options',
		summary: 'The options for `navigator.credentials.create`, with a new challenge',
		description:
			`${CONFIRMED} The relying party is the portal's host (its \`PUBLIC_APP_URL\`); the challenge works once, ` +
			`for ${passkeyRules.challengeSeconds} s, and a newer one replaces it. 422 \`two_step_inactive\` while no other ` +
			`method is on (a passkey is never the only way in); 422 on \`name\` at ${passkeyRules.perAccountMax} passkeys.`,
		responses: {
			200: passkeyCreationOptionsResponse,
			...confirmedIdentity,
			422: z.union([twoStepInactiveBody, validationErrorBody]),
		},
	},
	createPasskey: {
		route: 'POST /passkeys',
		summary: 'Keep the passkey the browser made from the latest registration options',
		description:
			`${CONFIRMED} Verifies the attestation (origin, relying party, challenge, user presence); 422 ` +
			'`passkey_invalid` otherwise, on `credential`. Emails `passkey_added`.',
		request: createPasskeyBody,
		responses: {
			201: passkeyResponse,
			...confirmedIdentity,
			422: z.union([passkeyInvalidBody, twoStepInactiveBody, validationErrorBody]),
		},
	},
	deletePasskey: {
		route: 'DELETE /passkeys/{id}',
		summary: 'Remove a passkey',
		description: `${CONFIRMED} Emails \`passkey_removed\`. Another account's passkey is 404.`,
		responses: { 204: null, ...confirmedIdentity, ...notFound },
	},
	createPasskeySignInOptions: {
		route: 'POST /passkeys/sign-in-options',
		summary: 'The options for `navigator.credentials.get` at the second step, with a new challenge',
		description:
			'With the restricted token of the password step; the account has passkeys (`meta.passkeys` of that pair), ' +
			'else 404. Then `POST /authentication-tokens/authentication-type-id/{passkey id}` `{credential}`; a ' +
			'credential that does not verify is 422 `invalid_code` on `credential`, counted as a wrong code.',
		auth: 'restricted',
		responses: { 200: passkeyRequestOptionsResponse, 401: signedIn[401], ...notFound },
	},
})
