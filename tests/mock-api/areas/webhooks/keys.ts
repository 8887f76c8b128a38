/**
 * Webhook signing secrets: one per service (its webhook endpoint), apart from
 * the client secrets — as Stripe and Svix keep them (decision 0020). The API
 * shows a signing secret again on request, so it keeps the secret itself, not
 * a hash: **sealed** (AES-256-GCM) with a key that is not in the data, as the
 * real API keeps it under its key store. The state (and every snapshot) never
 * holds a secret in plain text. The sealing key is the mock's stand-in for the
 * key store: fixed, so snapshots stay usable across restarts.
 * A leaf module (types only), so other areas call it without a cycle.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import { webhookSignature } from '../../../../app/api/contract/index'
import { newSigningSecret } from '../../../../app/api/webhook-signature.server'
import { newId } from '../../crypto'
import type { MockStore } from '../../store'

export type SigningSecretRecord = {
	id: string
	service_id: string
	/** base64 of IV (12 bytes) + tag (16 bytes) + the encrypted `whsec_…` secret. */
	sealed: string
	hint: string
	created_at: number
	/** Null for the current secret; after a rotation, when the previous one stops signing. */
	expires_at: number | null
}

const SEALING_KEY = createHash('sha256').update('partner-portal mock API: webhook signing keys, v1').digest()

function seal(plaintext: string): string {
	const iv = randomBytes(12)
	const cipher = createCipheriv('aes-256-gcm', SEALING_KEY, iv)
	const encrypted = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
	return Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString('base64')
}

/** The secret, or null when the record cannot be opened (another sealing key, damaged). */
function unseal(sealed: string): string | null {
	try {
		const bytes = Buffer.from(sealed, 'base64')
		const decipher = createDecipheriv('aes-256-gcm', SEALING_KEY, bytes.subarray(0, 12))
		decipher.setAuthTag(bytes.subarray(12, 28))
		return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8')
	} catch {
		return null
	}
}

function addSigningSecret(store: MockStore, serviceId: string) {
	const secret = newSigningSecret()
	store.data.webhook_signing_secrets.push({
		id: `whk_${newId().replaceAll('-', '')}`,
		service_id: serviceId,
		sealed: seal(secret),
		hint: secret.slice(-4),
		created_at: store.now(),
		expires_at: null,
	})
	store.changed()
}

const isLive = (store: MockStore, record: SigningSecretRecord) =>
	record.expires_at === null || record.expires_at > store.now()

/**
 * The service's live signing secrets, newest first, with the secret opened: one, or two for a day after a
 * rotation. A service without one (created before this area, or whose secret cannot be opened) gets a new one.
 */
export function liveSigningSecrets(store: MockStore, serviceId: string) {
	const open = () =>
		store.data.webhook_signing_secrets
			.filter((record) => record.service_id === serviceId && isLive(store, record))
			// Newest first; two made in the same millisecond keep the order they were made in (the later one first).
			.reverse()
			.sort((a, b) => b.created_at - a.created_at)
			.flatMap((record) => {
				const secret = unseal(record.sealed)
				return secret === null ? [] : [{ record, secret }]
			})
	const live = open()
	if (live.some(({ record }) => record.expires_at === null)) return live
	addSigningSecret(store, serviceId)
	return open()
}

/**
 * A new current secret; the previous one keeps signing for the overlap. Refused while a previous secret still signs
 * (the last rotation's overlap): ending it early would stop a receiver that has not switched to the current one yet.
 */
export function rotateSigningSecret(
	store: MockStore,
	serviceId: string,
): { ok: true; live: ReturnType<typeof liveSigningSecrets> } | { ok: false; previousExpiresAt: number } {
	const live = liveSigningSecrets(store, serviceId)
	const previous = live.find(({ record }) => record.expires_at !== null)
	if (previous) return { ok: false, previousExpiresAt: previous.record.expires_at! }
	const now = store.now()
	for (const { record } of live) record.expires_at = now + webhookSignature.rotationOverlapSeconds * 1000
	addSigningSecret(store, serviceId)
	return { ok: true, live: liveSigningSecrets(store, serviceId) }
}

/** Drops expired secrets and those of services that are gone. */
export function pruneSigningSecrets(store: MockStore) {
	const services = new Set(store.data.services.map((service) => service.id))
	const kept = store.data.webhook_signing_secrets.filter(
		(record) => services.has(record.service_id) && isLive(store, record),
	)
	if (kept.length === store.data.webhook_signing_secrets.length) return false
	store.data.webhook_signing_secrets = kept
	return true
}
