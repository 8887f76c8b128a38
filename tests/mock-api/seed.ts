/**
 * The seed the mock starts from (and `POST /__mock/reset` returns to): the
 * reference data and one verified demo partner without two-step.
 */
import { createUser } from './areas/users/state'
import { emptyData, MockStore, type MockData, type StoreConfig } from './store'

export {
	AUTHENTICATION_TYPES,
	USER_TOKEN_TYPES,
	USER_TYPES,
	authenticationTypeId,
	userTokenTypeId,
} from './areas/reference/data'

export const DEMO_EMAIL = 'demo@partner.example'
export const DEMO_PASSWORD = 'Demo-Partner-2026!'
export const DEMO_USER = {
	id: '5b4d4d96-9d76-44f3-942b-09b84f30f614',
	first_name: 'Demo',
	last_name: 'Partner',
	company_name: 'Demo Company Ltd',
	country: 'GB',
	locale: 'en-GB',
} as const

export async function buildSeed(config: StoreConfig): Promise<MockData> {
	const store = new MockStore(config, emptyData())
	const user = await createUser(store, { ...DEMO_USER, email: DEMO_EMAIL, password: DEMO_PASSWORD, verified: true })
	for (const verification of store.data.verifications) {
		if (verification.user_id === user.id) verification.user_id = DEMO_USER.id
	}
	user.id = DEMO_USER.id
	return store.data
}
