/**
 * A software passkey for tests: real WebAuthn data (a P-256 key, "none" attestation, ES256 assertions), as a browser
 * and an authenticator produce it, for the mock's own verification (@simplewebauthn/server) to check.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'
import type { PasskeyCreationOptions, PasskeyRequestOptions } from '../../app/api/contract/index'

type Cbor = number | Buffer | string | Map<Cbor, Cbor>

/** Just what attestation objects and COSE keys need: integers, byte and text strings, maps. */
function cbor(value: Cbor): Buffer {
	const head = (major: number, length: number) => {
		if (length < 24) return Buffer.from([(major << 5) | length])
		if (length < 256) return Buffer.from([(major << 5) | 24, length])
		const wide = Buffer.alloc(3)
		wide.writeUInt8((major << 5) | 25)
		wide.writeUInt16BE(length, 1)
		return wide
	}
	if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value)
	if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value])
	if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)])
	return Buffer.concat([head(5, value.size), ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item)])])
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest()
const b64 = (data: Buffer) => data.toString('base64url')
const USER_PRESENT_AND_VERIFIED = 0x01 | 0x04

export class SoftwarePasskey {
	readonly credentialId = randomBytes(16)
	private readonly privateKey: KeyObject
	private readonly publicKey: KeyObject
	private counter = 0

	constructor() {
		const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' })
		this.privateKey = pair.privateKey
		this.publicKey = pair.publicKey
	}

	private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) {
		return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }))
	}

	/** `navigator.credentials.create` for `options`, as the page at `origin` calls it. */
	create(options: PasskeyCreationOptions, origin: string) {
		const jwk = this.publicKey.export({ format: 'jwk' })
		const coseKey = new Map<Cbor, Cbor>([
			[1, 2],
			[3, -7],
			[-1, 1],
			[-2, Buffer.from(jwk.x!, 'base64url')],
			[-3, Buffer.from(jwk.y!, 'base64url')],
		])
		const idLength = Buffer.alloc(2)
		idLength.writeUInt16BE(this.credentialId.length)
		const authData = Buffer.concat([
			sha256(options.rp.id),
			Buffer.from([USER_PRESENT_AND_VERIFIED | 0x40]),
			Buffer.alloc(4),
			Buffer.alloc(16),
			idLength,
			this.credentialId,
			cbor(coseKey),
		])
		const attestation = new Map<Cbor, Cbor>([
			['fmt', 'none'],
			['attStmt', new Map()],
			['authData', authData],
		])
		return {
			id: b64(this.credentialId),
			rawId: b64(this.credentialId),
			type: 'public-key' as const,
			response: {
				clientDataJSON: b64(this.clientData('webauthn.create', options.challenge, origin)),
				attestationObject: b64(cbor(attestation)),
				transports: ['internal'],
			},
		}
	}

	/** `navigator.credentials.get` for `options` at `origin`; `rpId` defaults to the options'. */
	get(options: PasskeyRequestOptions, origin: string, rpId = options.rpId!) {
		const count = Buffer.alloc(4)
		count.writeUInt32BE(++this.counter)
		const authData = Buffer.concat([sha256(rpId), Buffer.from([USER_PRESENT_AND_VERIFIED]), count])
		const clientData = this.clientData('webauthn.get', options.challenge, origin)
		const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), this.privateKey)
		return {
			id: b64(this.credentialId),
			rawId: b64(this.credentialId),
			type: 'public-key' as const,
			response: { clientDataJSON: b64(clientData), authenticatorData: b64(authData), signature: b64(signature) },
		}
	}
}
