import type { Service } from '#app/api/contract/index'

/** A service as the API answers it, for unit tests of the portal's helpers; `overrides` replace top-level fields. */
export function aService(overrides: Partial<Service> = {}): Service {
	const at = '2026-11-18T10:00:00.000Z'
	return {
		id: 's1',
		name: 'Acme Connect',
		description: 'Links Acme accounts.',
		category: 'other',
		logo: null,
		website_url: 'https://acme.example/',
		webhook_url: 'https://acme.example/hooks',
		authorization_url: 'https://acme.example/connect',
		environment: 'test',
		kind: 'external',
		client_id: 'client_1',
		review: { status: 'not_submitted', reason: null, updated_at: null },
		security_protections: [],
		translations: [],
		domain_verification: {
			domain: 'acme.example',
			token: 't',
			status: 'unverified',
			verified_at: null,
			dns_record: { name: '_partner-verification.acme.example', type: 'TXT', value: 'partner-verification=t' },
			file: { url: 'https://acme.example/.well-known/partner-verification.txt', content: 't' },
			last_check: null,
		},
		webhook_paused_at: null,
		version: 1,
		created_at: at,
		updated_at: at,
		...overrides,
	}
}

/** What the partner types over a created service's settings (route-level and e2e tests alike). */
export const EDITED_SERVICE = {
	name: 'Ledger Sync Pro',
	description: 'Keeps every ledger in step, every hour.',
	category: 'productivity',
	website_url: 'https://pro.ledger.example.com',
	webhook_url: 'https://pro.ledger.example.com/hooks',
	authorization_url: 'https://pro.ledger.example.com/connect',
}

/** The settings form's URL messages. */
export const STARTS_WITH = 'This field must start with "https://".'
export const PUBLIC_DOMAIN =
	'This field must contain an address on a public domain name, such as example.com, not an IP address or localhost.'
