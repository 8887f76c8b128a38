// Decision 0041: WebAuthn's JSON forms (as @simplewebauthn/browser gives and takes them), every value bounded.
import { z } from 'zod'
import { codedValidationBody, dataOf, isoDateTime, limits, listOf, oneLineText, opaqueId } from './common'
import { passkeyRules } from './constants'

export { passkeyRules }

const encoded = (max: number = passkeyRules.encodedMax) =>
	z
		.string()
		.min(1, 'required')
		.max(max)
		.regex(/^[\w-]*$/, 'format')
		.describe('base64url')
const transports = z.array(z.string().max(16)).max(8).optional()
const credentialDescriptor = z.object({ id: encoded(1024), type: z.literal('public-key'), transports })
const userVerification = z.enum(['required', 'preferred', 'discouraged']).optional()

export const passkeyResource = z.object({
	id: opaqueId(),
	name: z.string().max(passkeyRules.nameMax),
	created_at: isoDateTime,
	last_used_at: isoDateTime.nullable().describe('Its latest sign-in; null before the first.'),
})
export type Passkey = z.infer<typeof passkeyResource>
export const passkeyList = listOf(passkeyResource)
export const passkeyResponse = dataOf(passkeyResource)

export const passkeyCreationOptions = z.object({
	challenge: encoded(128),
	rp: z.object({ id: z.string().max(253), name: z.string().max(100) }),
	user: z.object({ id: encoded(128), name: z.string().max(limits.emailMax), displayName: z.string().max(200) }),
	pubKeyCredParams: z.array(z.object({ type: z.literal('public-key'), alg: z.number().int() })).max(16),
	timeout: z.number().int().positive().optional(),
	excludeCredentials: z.array(credentialDescriptor).max(passkeyRules.perAccountMax).optional(),
	authenticatorSelection: z
		.object({
			residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
			requireResidentKey: z.boolean().optional(),
			userVerification,
			authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
		})
		.optional(),
	attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']).optional(),
})
export type PasskeyCreationOptions = z.infer<typeof passkeyCreationOptions>
export const passkeyCreationOptionsResponse = dataOf(passkeyCreationOptions)

export const passkeyRequestOptions = z.object({
	challenge: encoded(128),
	rpId: z.string().max(253).optional(),
	timeout: z.number().int().positive().optional(),
	allowCredentials: z.array(credentialDescriptor).max(passkeyRules.perAccountMax).optional(),
	userVerification,
})
export type PasskeyRequestOptions = z.infer<typeof passkeyRequestOptions>
export const passkeyRequestOptionsResponse = dataOf(passkeyRequestOptions)

const credentialBase = {
	id: encoded(1024),
	rawId: encoded(1024),
	type: z.literal('public-key'),
	authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
}

export const passkeyRegistrationCredential = z.object({
	...credentialBase,
	response: z.object({ clientDataJSON: encoded(), attestationObject: encoded(), transports }),
})

export const passkeyAuthenticationCredential = z.object({
	...credentialBase,
	response: z.object({
		clientDataJSON: encoded(),
		authenticatorData: encoded(),
		// ML-DSA (post-quantum) signatures are up to 4.6 kB.
		signature: encoded(8192),
		userHandle: encoded(128).optional(),
	}),
})

export type PasskeyAuthenticationCredential = z.infer<typeof passkeyAuthenticationCredential>

export const createPasskeyBody = z.object({
	name: oneLineText(passkeyRules.nameMax),
	credential: passkeyRegistrationCredential,
})
export type CreatePasskeyBody = z.infer<typeof createPasskeyBody>

export const passkeySignInBody = z.object({ credential: passkeyAuthenticationCredential })

export const passkeyInvalidBody = codedValidationBody('passkey_invalid', 'The passkey could not be verified.')
