/**
 * The seed the mock starts from (and `POST /__mock/reset` returns to): the
 * reference data and one verified demo partner without two-step, with three
 * services in different review states; the live one has the webhook
 * deliveries of its nukes.
 */
import { seedServiceSections } from './areas/service-sections/seed'
import { createService } from './areas/services/state'
import { seedWebhookDeliveries } from './areas/webhooks/seed'
import { createUser } from './areas/users/state'
import { emptyData, MockStore, type MockData, type StoreConfig } from './store'

export { authenticationTypeId } from './areas/reference/data'

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

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * The demo partner's services, oldest first: verified and live, in review, not yet submitted. The submitted
 * ones have a logo (in `color`), a verified domain, the en-GB translation and their review history.
 */
export const DEMO_SERVICES = [
	{
		id: '0c9f6a8e-3f0e-4d7b-9a51-6d2f1b7c8e01',
		name: 'Demo Pay',
		description: 'Payments for the demo shop.',
		category: 'finance',
		status: 'verified',
		days_ago: 60,
		color: [0x1d, 0x70, 0xb8],
	},
	{
		id: '0c9f6a8e-3f0e-4d7b-9a51-6d2f1b7c8e02',
		name: 'Demo Chat',
		description: 'Customer chat of the demo shop.',
		category: 'communication',
		status: 'in_progress',
		days_ago: 14,
		color: [0x00, 0x70, 0x3c],
	},
	{
		id: '0c9f6a8e-3f0e-4d7b-9a51-6d2f1b7c8e03',
		name: 'Demo Games',
		description: 'A small games arcade, still being built.',
		category: 'gaming',
		status: 'not_submitted',
		days_ago: 2,
		color: [0xd4, 0x35, 0x1c],
	},
] as const

export async function buildSeed(config: StoreConfig): Promise<MockData> {
	const store = new MockStore(config, emptyData())
	const user = await createUser(store, { ...DEMO_USER, email: DEMO_EMAIL, password: DEMO_PASSWORD, verified: true })
	for (const verification of store.data.verifications) {
		if (verification.user_id === user.id) verification.user_id = DEMO_USER.id
	}
	user.id = DEMO_USER.id
	for (const seed of DEMO_SERVICES) {
		const created = store.now() - seed.days_ago * DAY_MS
		const host = `${seed.name.toLowerCase().replace(/\W+/g, '-')}.example`
		const verified = seed.status === 'verified'
		const { service } = createService(
			store,
			DEMO_USER.id,
			{
				name: seed.name,
				description: seed.description,
				category: seed.category,
				website_url: `https://${host}/`,
				webhook_url: `https://${host}/webhooks/partner`,
				authorization_url: `https://${host}/connect`,
			},
			{ id: seed.id, created_at: created, environment: verified ? 'live' : 'test' },
		)
		seedServiceSections(store, service, seed.status, seed.color)
		// A live service's nukes were sent to its webhook URL: its delivery log shows them.
		if (service.environment === 'live') seedWebhookDeliveries(store, service)
	}
	return store.data
}
