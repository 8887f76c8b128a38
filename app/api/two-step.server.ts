import type { ApiClient } from './client.server'
import type { TwoStepMethodKey } from './contract/index'
import { ApiError } from './errors'
import { allPages } from './pagination.server'
import { authenticationTypeId } from './reference.server'

export type TwoStepMethod = TwoStepMethodKey

export async function activeTwoStepMethods(api: ApiClient): Promise<TwoStepMethod[]> {
	const authentications = await allPages(api, 'listUserAuthentications')
	return authentications.filter((a) => a.active).map((a) => a.authentication_type.key)
}

export async function createTotpSecret(api: ApiClient) {
	const id = await authenticationTypeId(api, 'totp')
	const { data } = await api.call('createTwoStepSecret', { params: { id } })
	if (!('secret' in data)) throw new ApiError('bad_response', 'the totp secret answer has no secret')
	return data
}

/** Sends an email code: to enable the method, or (with the restricted token) to sign in. */
export async function sendEmailCode(api: ApiClient, restrictedAccess?: string) {
	const id = await authenticationTypeId(api, 'email')
	const { data } = await api.call('createTwoStepSecret', { params: { id }, bearer: restrictedAccess })
	if (!('resend_available_in_seconds' in data))
		throw new ApiError('bad_response', 'the email code answer has no resend time')
	return data
}

/** The new recovery codes when this was the first method turned on, else null. */
export async function activateTwoStep(api: ApiClient, method: TwoStepMethod, code: string) {
	const id = await authenticationTypeId(api, method)
	return (await api.call('activateTwoStep', { params: { id }, body: { code } })).meta.recovery_codes
}

export async function deactivateTwoStep(api: ApiClient, method: TwoStepMethod, password: string) {
	const id = await authenticationTypeId(api, method)
	return (await api.call('deactivateTwoStep', { params: { id }, body: { password } })).data
}
