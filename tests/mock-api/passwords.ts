/**
 * Password hashing with scrypt (node:crypto): random 16-byte salt, 32-byte
 * key, timing-safe comparison. The parameters travel inside the hash
 * (`scrypt$N$r$p$salt$key`), so a snapshot stays readable when the cost changes.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

/** N = 2^14, r = 8, p = 1: about 20–50 ms per hash on a laptop-class CPU. */
export const DEFAULT_SCRYPT_COST = 16_384
const BLOCK_SIZE = 8
const PARALLELISM = 1
const KEY_LENGTH = 32

function derive(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		scrypt(
			password.normalize('NFKC'),
			salt,
			KEY_LENGTH,
			{ N, r, p, maxmem: 256 * N * r + 1024 * 1024 },
			(error, key) => (error ? reject(error) : resolve(key)),
		)
	})
}

export async function hashPassword(password: string, cost = DEFAULT_SCRYPT_COST): Promise<string> {
	const salt = randomBytes(16)
	const key = await derive(password, salt, cost, BLOCK_SIZE, PARALLELISM)
	return ['scrypt', cost, BLOCK_SIZE, PARALLELISM, salt.toString('base64url'), key.toString('base64url')].join('$')
}

export async function verifyPassword(password: string, hash: string): Promise<boolean> {
	const [scheme, N, r, p, salt, key] = hash.split('$')
	if (scheme !== 'scrypt' || !N || !r || !p || !salt || !key) return false
	const expected = Buffer.from(key, 'base64url')
	const actual = await derive(password, Buffer.from(salt, 'base64url'), Number(N), Number(r), Number(p))
	return actual.length === expected.length && timingSafeEqual(actual, expected)
}
