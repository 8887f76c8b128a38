import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

// Purpose and subject are additional authenticated data and the expiry is inside the ciphertext (decision 0005).
export type SealOptions = { purpose: string; maxAgeSeconds: number; subject?: string; now?: number }
export type UnsealOptions = Omit<SealOptions, 'maxAgeSeconds'>

const VERSION = 1
const IV_BYTES = 12
const TAG_BYTES = 16
const HEADER_BYTES = 1 + IV_BYTES + TAG_BYTES

const keys = new Map<string, Buffer>()

function key(secret: string): Buffer {
	let derived = keys.get(secret)
	if (!derived) {
		derived = Buffer.from(hkdfSync('sha256', secret, 'partner-portal', 'sealed-cookie v1', 32))
		keys.set(secret, derived)
	}
	return derived
}

function associatedData(purpose: string, subject: string | undefined) {
	return Buffer.from(JSON.stringify([VERSION, purpose, subject ?? null]), 'utf8')
}

export function seal(value: unknown, secrets: readonly string[], options: SealOptions): string {
	const [secret] = secrets
	if (!secret) throw new Error('seal needs a secret')
	const expiresAt = (options.now ?? Date.now()) + options.maxAgeSeconds * 1000
	const iv = randomBytes(IV_BYTES)
	const cipher = createCipheriv('aes-256-gcm', key(secret), iv)
	cipher.setAAD(associatedData(options.purpose, options.subject))
	const plain = JSON.stringify({ exp: expiresAt, value })
	const encrypted = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
	return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), encrypted]).toString('base64url')
}

export function unseal<T = unknown>(
	sealed: string | undefined | null,
	secrets: readonly string[],
	options: UnsealOptions,
): T | null {
	if (!sealed) return null
	const raw = Buffer.from(sealed, 'base64url')
	if (raw.length <= HEADER_BYTES || raw[0] !== VERSION) return null
	const iv = raw.subarray(1, 1 + IV_BYTES)
	const tag = raw.subarray(1 + IV_BYTES, HEADER_BYTES)
	const aad = associatedData(options.purpose, options.subject)
	for (const secret of secrets) {
		let plain: string
		try {
			const decipher = createDecipheriv('aes-256-gcm', key(secret), iv)
			decipher.setAAD(aad)
			decipher.setAuthTag(tag)
			plain = Buffer.concat([decipher.update(raw.subarray(HEADER_BYTES)), decipher.final()]).toString('utf8')
		} catch {
			continue
		}
		const { exp, value } = JSON.parse(plain) as { exp: number; value: T }
		return (options.now ?? Date.now()) < exp ? value : null
	}
	return null
}
