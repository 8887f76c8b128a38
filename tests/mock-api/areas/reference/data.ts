/**
 * Reference data of the mock: fixed, opaque ids (the portal must look the
 * entries up by key, never hard-code an id).
 */
import type { AuthenticationType, UserTokenType, UserType } from '../../../../app/api/contract/index'

export const AUTHENTICATION_TYPES: readonly AuthenticationType[] = [
	{ id: 'f71f9f95-6228-4836-bd66-2f7ed7637690', key: 'password' },
	{ id: 'bdebf376-f384-4262-b083-77e4d29839cb', key: 'email' },
	{ id: '4eaeeb94-11dd-4903-9df5-cdf3af3eddc8', key: 'totp' },
	{ id: '0c6f3f4e-5a8b-4d2e-9b1a-7e3d2c1b0a99', key: 'recovery_code' },
	{ id: '5b1e8d2a-3c4f-4a6b-8e9d-1f2a3b4c5d6e', key: 'passkey' },
	{ id: '2ad567b8-76af-42f7-b954-216926306958', key: 'refresh' },
]

export const USER_TYPES: readonly UserType[] = [{ id: '589952c3-5c06-483f-bb62-3897466f445a', key: 'partner' }]

export const USER_TOKEN_TYPES: readonly UserTokenType[] = [
	{ id: '1aa91d13-4c7a-4a20-bb49-de13b6c0d00b', key: 'reset_password' },
	{ id: 'cbe0c998-3033-4d19-9648-290f6fb90c37', key: 'email_verification' },
	{ id: '639e1b05-e55e-45d3-8043-f2e4267f1d66', key: 'email_change' },
]

export function authenticationTypeId(key: AuthenticationType['key']): string {
	return AUTHENTICATION_TYPES.find((type) => type.key === key)!.id
}
