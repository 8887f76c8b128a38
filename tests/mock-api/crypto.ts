/** Ids, tokens and codes of the mock, and the hash it stores instead of a raw token or code. */
import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto'

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')
export const randomToken = () => randomBytes(32).toString('base64url')
export const randomCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0')
export const newId = () => randomUUID()
