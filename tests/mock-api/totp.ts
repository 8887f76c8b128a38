/**
 * Base32 (RFC 4648) and TOTP (RFC 6238, on HOTP RFC 4226) with node:crypto.
 * Tests compute codes with `totp(secret, atMs)` where `atMs` is the mock's
 * clock (`GET /__mock/clock`).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

export function base32Encode(bytes: Uint8Array, { padding = false } = {}): string {
	let bits = 0
	let value = 0
	let out = ''
	for (const byte of bytes) {
		value = (value << 8) | byte
		bits += 8
		while (bits >= 5) {
			out += ALPHABET[(value >>> (bits - 5)) & 31]
			bits -= 5
		}
		value &= (1 << bits) - 1
	}
	if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31]
	if (padding) while (out.length % 8 !== 0) out += '='
	return out
}

/** Decodes base32, ignoring case, spaces, dashes and padding. Throws on other characters. */
export function base32Decode(input: string): Buffer {
	const clean = input.toUpperCase().replace(/[\s=-]/g, '')
	const bytes: number[] = []
	let bits = 0
	let value = 0
	for (const char of clean) {
		const index = ALPHABET.indexOf(char)
		if (index === -1) throw new Error(`base32: invalid character "${char}"`)
		value = (value << 5) | index
		bits += 5
		if (bits >= 8) {
			bytes.push((value >>> (bits - 8)) & 255)
			bits -= 8
		}
		value &= (1 << bits) - 1
	}
	return Buffer.from(bytes)
}

export type TotpAlgorithm = 'sha1' | 'sha256' | 'sha512'
export type TotpOptions = { period?: number; digits?: number; algorithm?: TotpAlgorithm }

export const TOTP_DIGITS = 6
export const TOTP_PERIOD_SECONDS = 30

/** HOTP (RFC 4226): HMAC of the 8-byte big-endian counter, dynamic truncation. */
export function hotp(
	key: Uint8Array,
	counter: number,
	digits = TOTP_DIGITS,
	algorithm: TotpAlgorithm = 'sha1',
): string {
	const message = Buffer.alloc(8)
	message.writeBigUInt64BE(BigInt(counter))
	const mac = createHmac(algorithm, key).update(message).digest()
	const offset = mac[mac.length - 1]! & 0x0f
	const binary = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!
	return String(binary % 10 ** digits).padStart(digits, '0')
}

/** The RFC 6238 time step of `atMs`. */
export function totpStep(atMs: number, period = TOTP_PERIOD_SECONDS): number {
	return Math.floor(atMs / 1000 / period)
}

/** The TOTP code of a base32 secret at `atMs` (milliseconds since the epoch). */
export function totp(secretBase32: string, atMs: number, options: TotpOptions = {}): string {
	const { period = TOTP_PERIOD_SECONDS, digits = TOTP_DIGITS, algorithm = 'sha1' } = options
	return hotp(base32Decode(secretBase32), totpStep(atMs, period), digits, algorithm)
}

/**
 * The time step `code` belongs to, within ±`window` steps of `atMs`, and
 * strictly after `afterStep` (codes are single use), or null.
 */
export function verifyTotp(
	secretBase32: string,
	code: string,
	atMs: number,
	{ window = 1, afterStep = -Infinity, ...options }: TotpOptions & { window?: number; afterStep?: number } = {},
): number | null {
	const { period = TOTP_PERIOD_SECONDS, digits = TOTP_DIGITS, algorithm = 'sha1' } = options
	if (!/^\d+$/.test(code) || code.length !== digits) return null
	const key = base32Decode(secretBase32)
	const current = totpStep(atMs, period)
	for (let step = current - window; step <= current + window; step++) {
		if (step <= afterStep) continue
		const expected = Buffer.from(hotp(key, step, digits, algorithm))
		if (timingSafeEqual(expected, Buffer.from(code))) return step
	}
	return null
}

/** A new secret: 20 random bytes (160 bits, the RFC 4226 recommendation), base32. */
export function generateTotpSecret(): string {
	return base32Encode(randomBytes(20))
}

/** The otpauth:// key URI authenticator apps read from a QR code. */
export function otpauthUri({ issuer, account, secret }: { issuer: string; account: string; secret: string }): string {
	const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`
	const query = [
		`secret=${secret}`,
		`issuer=${encodeURIComponent(issuer)}`,
		'algorithm=SHA1',
		`digits=${TOTP_DIGITS}`,
		`period=${TOTP_PERIOD_SECONDS}`,
	].join('&')
	return `otpauth://totp/${label}?${query}`
}
