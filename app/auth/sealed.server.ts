import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'

/**
 * Authenticated encryption (AES-256-GCM) for small values kept in cookies,
 * such as the restricted token pair between the two sign-in steps. The
 * browser can neither read nor alter them.
 */
function key(secret: string) {
	return createHash('sha256').update(`partner-portal:sealed:${secret}`).digest()
}

export function seal(value: unknown, secret: string): string {
	const iv = randomBytes(12)
	const cipher = createCipheriv('aes-256-gcm', key(secret), iv)
	const encrypted = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()])
	return Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString('base64url')
}

export function unseal<T = unknown>(sealed: string | undefined | null, secret: string): T | null {
	if (!sealed) return null
	try {
		const raw = Buffer.from(sealed, 'base64url')
		if (raw.length < 29) return null
		const decipher = createDecipheriv('aes-256-gcm', key(secret), raw.subarray(0, 12))
		decipher.setAuthTag(raw.subarray(12, 28))
		const plain = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()])
		return JSON.parse(plain.toString('utf8')) as T
	} catch {
		return null
	}
}
