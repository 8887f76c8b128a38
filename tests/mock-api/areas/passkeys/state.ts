/** Passkeys (decision 0041): WebAuthn credentials as a second factor, verified by @simplewebauthn/server. */
import {
	generateAuthenticationOptions,
	generateRegistrationOptions,
	verifyAuthenticationResponse,
	verifyRegistrationResponse,
	type AuthenticatorTransport,
} from '@simplewebauthn/server'
import {
	passkeyCreationOptions,
	passkeyRequestOptions,
	passkeyRules,
	type CreatePasskeyBody,
	type Passkey,
	type PasskeyCreationOptions,
	type PasskeyRequestOptions,
} from '../../../../app/api/contract/index'
import { table } from '../../collections'
import { randomBytes } from 'node:crypto'
import { newId } from '../../crypto'
import type { MockStore } from '../../store'
import type { UserRecord } from '../users/state'

export type PasskeyRecord = {
	id: string
	user_id: string
	name: string
	/** base64url, as WebAuthn names it. */
	credential_id: string
	public_key: string
	counter: number
	transports: string[]
	created_at: number
	last_used_at: number | null
}

/** One open challenge per purpose: `register:<user>` or `sign-in:<restricted sign-in>`. */
type ChallengeRecord = { challenge: string; expires_at: number }

export const passkeyCollections = {
	passkeys: table<PasskeyRecord>(),
	passkey_challenges: table<ChallengeRecord>(),
}

/** The relying party is the portal: its host is the id, its origin the only one accepted. */
function relyingParty(store: MockStore) {
	const url = new URL(store.config.portalUrl)
	return { rpID: url.hostname, origin: url.origin }
}

export const passkeysOf = (store: MockStore, userId: string) =>
	Object.values(store.data.passkeys)
		.filter((passkey) => passkey.user_id === userId)
		.sort((a, b) => a.created_at - b.created_at)

export function presentPasskey(store: MockStore, passkey: PasskeyRecord): Passkey {
	const { id, name, created_at, last_used_at } = passkey
	const iso = (time: number | null) => (time === null ? null : store.clock.iso(time))
	return { id, name, created_at: iso(created_at)!, last_used_at: iso(last_used_at) }
}

function keepChallenge(store: MockStore, key: string, challenge: string) {
	store.data.passkey_challenges[key] = { challenge, expires_at: store.now() + passkeyRules.challengeSeconds * 1000 }
	store.changed()
}

/** Taken in the caller's synchronous step, so a challenge answers one verification only. */
function takeChallenge(store: MockStore, key: string): string | null {
	const open = store.data.passkey_challenges[key]
	delete store.data.passkey_challenges[key]
	store.changed()
	return open && open.expires_at > store.now() ? open.challenge : null
}

const descriptor = (passkey: PasskeyRecord) => ({
	id: passkey.credential_id,
	type: 'public-key' as const,
	transports: passkey.transports as AuthenticatorTransport[],
})

export async function registrationOptions(store: MockStore, user: UserRecord): Promise<PasskeyCreationOptions> {
	const options = await generateRegistrationOptions({
		rpName: 'Partner Portal',
		rpID: relyingParty(store).rpID,
		userName: user.email,
		userID: new TextEncoder().encode(user.id),
		userDisplayName: `${user.first_name} ${user.last_name}`,
		attestationType: 'none',
		excludeCredentials: passkeysOf(store, user.id).map(descriptor),
		authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
		timeout: passkeyRules.challengeSeconds * 1000,
	})
	keepChallenge(store, `register:${user.id}`, options.challenge)
	return passkeyCreationOptions.parse(options)
}

/** The new passkey, or null when the credential does not answer the latest challenge for this portal. */
export async function registerPasskey(store: MockStore, user: UserRecord, body: CreatePasskeyBody) {
	const challenge = takeChallenge(store, `register:${user.id}`)
	if (!challenge) return null
	const { rpID, origin } = relyingParty(store)
	const verification = await verifyRegistrationResponse({
		response: { ...body.credential, clientExtensionResults: {} },
		expectedChallenge: challenge,
		expectedOrigin: origin,
		expectedRPID: rpID,
		requireUserVerification: false,
	}).catch(() => null)
	if (!verification?.verified) return null
	const { credential } = verification.registrationInfo
	if (Object.values(store.data.passkeys).some((passkey) => passkey.credential_id === credential.id)) return null
	const passkey: PasskeyRecord = {
		id: newId(),
		user_id: user.id,
		name: body.name,
		credential_id: credential.id,
		public_key: Buffer.from(credential.publicKey).toString('base64url'),
		counter: credential.counter,
		transports: body.credential.response.transports ?? [],
		created_at: store.now(),
		last_used_at: null,
	}
	store.data.passkeys[passkey.id] = passkey
	store.changed()
	return passkey
}

export async function signInOptions(store: MockStore, userId: string, signIn: string): Promise<PasskeyRequestOptions> {
	const options = await generateAuthenticationOptions({
		rpID: relyingParty(store).rpID,
		allowCredentials: passkeysOf(store, userId).map(descriptor),
		userVerification: 'preferred',
		timeout: passkeyRules.challengeSeconds * 1000,
	})
	keepChallenge(store, `sign-in:${signIn}`, options.challenge)
	return passkeyRequestOptions.parse(options)
}

/** Whether `credential` is one of the user's passkeys answering this sign-in's challenge; marks it used. */
export async function verifyPasskeySignIn(
	store: MockStore,
	userId: string,
	signIn: string,
	credential: Parameters<typeof verifyAuthenticationResponse>[0]['response'],
) {
	const challenge = takeChallenge(store, `sign-in:${signIn}`)
	const passkey = passkeysOf(store, userId).find((candidate) => candidate.credential_id === credential.id)
	if (!challenge || !passkey) return false
	const { rpID, origin } = relyingParty(store)
	const verification = await verifyAuthenticationResponse({
		response: credential,
		expectedChallenge: challenge,
		expectedOrigin: origin,
		expectedRPID: rpID,
		credential: {
			id: passkey.credential_id,
			publicKey: Buffer.from(passkey.public_key, 'base64url'),
			counter: passkey.counter,
		},
		requireUserVerification: false,
	}).catch(() => null)
	if (!verification?.verified) return false
	passkey.counter = verification.authenticationInfo.newCounter
	passkey.last_used_at = store.now()
	store.changed()
	return true
}

/** Every passkey of the user (the last two-step method turned off); how many there were. */
export function removePasskeys(store: MockStore, userId: string) {
	const all = passkeysOf(store, userId)
	for (const passkey of all) delete store.data.passkeys[passkey.id]
	store.changed()
	return all.length
}

/** For the hooks: a passkey on the account whose private key nobody has. */
export function storeUnusablePasskey(store: MockStore, userId: string, name: string) {
	const id = newId()
	const credential = randomBytes(16).toString('base64url')
	store.data.passkeys[id] = {
		id,
		user_id: userId,
		name,
		credential_id: credential,
		public_key: randomBytes(77).toString('base64url'),
		counter: 0,
		transports: ['internal'],
		created_at: store.now(),
		last_used_at: null,
	}
	store.changed()
}
