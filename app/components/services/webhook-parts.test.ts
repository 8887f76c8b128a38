import { describe, expect, test } from 'vitest'
import { firstLine, looksLikeSignatureRefusal } from './webhook-parts'

describe('firstLine', () => {
	test('the first line that says something, trimmed; a long one cut with an ellipsis', () => {
		expect(firstLine('\n  Invalid webhook: No matching signature found.\r\n    at verify (app.js:1)')).toBe(
			'Invalid webhook: No matching signature found.',
		)
		expect(firstLine('   \n\n')).toBe('')
		expect(firstLine('x'.repeat(250))).toBe(`${'x'.repeat(200)}…`)
	})
})

describe('looksLikeSignatureRefusal', () => {
	test('a 4xx whose body speaks of a signature; not a 5xx, not another 4xx, not a missing answer', () => {
		expect(looksLikeSignatureRefusal({ status: 400, body: 'Invalid webhook: No matching signature found.' })).toBe(true)
		expect(looksLikeSignatureRefusal({ status: 401, body: '{"error":"bad HMAC"}' })).toBe(true)
		expect(looksLikeSignatureRefusal({ status: 500, body: 'signature library crashed' })).toBe(false)
		expect(looksLikeSignatureRefusal({ status: 404, body: 'Not Found' })).toBe(false)
		expect(looksLikeSignatureRefusal(null)).toBe(false)
	})
})
