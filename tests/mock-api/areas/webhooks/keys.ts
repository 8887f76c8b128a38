/**
 * The webhook signing keys. Secrets are stored as sha256 hashes (to
 * authenticate a service), but signing a delivery needs the secret itself: the
 * mock keeps it apart from the hash, **sealed** (AES-256-GCM) with a key that is
 * not in the data — as the real API keeps it encrypted under its key store. So
 * the state (and every snapshot) never holds a secret in plain text. The
 * sealing key is the mock's stand-in for the key store: fixed, so snapshots
 * stay usable across restarts; the point is the shape, not secrecy.
 * A leaf module (types only), so the services area calls it without a cycle.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import type { MockStore } from '../../store'

export type SigningKeyRecord = {
	secret_id: string
	service_id: string
	/** base64 of IV (12 bytes) + tag (16 bytes) + the encrypted secret. */
	sealed: string
}

const SEALING_KEY = createHash('sha256').update('partner-portal mock API: webhook signing keys, v1').digest()

export function seal(plaintext: string): string {
	const iv = randomBytes(12)
	const cipher = createCipheriv('aes-256-gcm', SEALING_KEY, iv)
	const encrypted = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
	return Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString('base64')
}

/** The secret, or null when the record cannot be opened (another sealing key, damaged). */
export function unseal(sealed: string): string | null {
	try {
		const bytes = Buffer.from(sealed, 'base64')
		const decipher = createDecipheriv('aes-256-gcm', SEALING_KEY, bytes.subarray(0, 12))
		decipher.setAuthTag(bytes.subarray(12, 28))
		return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8')
	} catch {
		return null
	}
}

/** Keeps what signs a new secret's deliveries (called where secrets are created). */
export function rememberSigningKey(store: MockStore, secretId: string, serviceId: string, plaintext: string) {
	store.data.webhook_signing_keys.push({ secret_id: secretId, service_id: serviceId, sealed: seal(plaintext) })
}
