import { describe, expect, test } from 'vitest'
import { toFieldErrors } from './common'
import { createServiceBody, httpsUrlRule, updateServiceBody } from './services'

const errorsOf = (result: { success: boolean; error?: { issues: Parameters<typeof toFieldErrors>[0] } }) =>
	result.success ? {} : toFieldErrors(result.error!.issues)

const startsWith = 'This field must start with "https://".'
const publicDomain =
	'This field must contain an address on a public domain name, such as example.com, not an IP address or localhost.'
const url = 'This field must contain a valid url.'

describe('a service is created from its name and category', () => {
	test('the two are enough; the other fields stay out', () => {
		const result = createServiceBody.safeParse({ name: 'Ledger', category: 'finance', idempotency_key: 'k' })
		expect(result.data).toEqual({ name: 'Ledger', category: 'finance', idempotency_key: 'k' })
	})

	test('an unselected category is required; an unknown one invalid', () => {
		for (const category of [undefined, '']) {
			expect(errorsOf(createServiceBody.safeParse({ name: 'Ledger', category, idempotency_key: 'k' }))).toEqual({
				category: ['This field is required.'],
			})
		}
		expect(errorsOf(createServiceBody.safeParse({ name: 'Ledger', category: 'nope', idempotency_key: 'k' }))).toEqual({
			category: ['This field is invalid.'],
		})
	})

	test('an update may clear an optional field (null), never the name or the category', () => {
		expect(updateServiceBody.safeParse({ website_url: null, description: null, version: 2 }).success).toBe(true)
		expect(errorsOf(updateServiceBody.safeParse({ name: null, category: null, version: 2 }))).toEqual({
			name: ['This field is required.'],
			category: ['This field is required.'],
		})
	})
})

describe('URL errors name the rule they break', () => {
	test.each([
		['ledger.example.com', 'startsWith'],
		['www.ledger.example.com/hooks', 'startsWith'],
		['http://ledger.example.com', 'startsWith'],
		['ftp://ledger.example.com', 'startsWith'],
		['https://127.0.0.1/hooks', 'publicDomain'],
		['https://[::1]/hooks', 'publicDomain'],
		['https://localhost:3000/hooks', 'publicDomain'],
		['https://intranet/hooks', 'publicDomain'],
		['https://', 'url'],
		['https://ledger .example.com', 'url'],
		['https://a.example\\@127.0.0.1/', 'urlAmbiguous'],
		['https://user:pass@a.example/', 'urlAmbiguous'],
		['https://ledger.example.com/hooks', null],
		['HTTPS://Ledger.EXAMPLE.com', null],
		['https://example.localhost:8000/webhooks', null],
	])('%s → %s', (value, rule) => {
		expect(httpsUrlRule(value)).toBe(rule)
	})

	test('each field says it once, with the spec text and its value', () => {
		const result = createServiceBody.safeParse({
			name: 'Ledger',
			category: 'finance',
			idempotency_key: 'k',
			website_url: 'ledger.example.com',
			webhook_url: 'https://127.0.0.1/hooks',
			authorization_url: 'https://exa mple.com',
		})
		expect(errorsOf(result)).toEqual({
			website_url: [startsWith],
			webhook_url: [publicDomain],
			authorization_url: [url],
		})
		expect(
			errorsOf(createServiceBody.safeParse({ name: 'x', category: 'other', idempotency_key: 'k', website_url: ' ' })),
		).toEqual({
			website_url: ['This field is required.'],
		})
	})
})
