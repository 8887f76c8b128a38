import { describe, expect, test } from 'vitest'
import { codeField, signUpSchema } from './schemas'
import { passwordField, passwordRules } from '#app/api/contract/users'

describe('password policy', () => {
	test('accepts a password meeting every rule', () => {
		expect(passwordField.safeParse('Correct-Horse-1').success).toBe(true)
	})
	test.each([
		['Short-1', 'too_small'],
		['lowercase-only-1', 'capitalLetter'],
		['No-Numbers-Here', 'number'],
		['NoSpecial1234', 'specialCharacter'],
	])('rejects %s (%s)', (password, expected) => {
		const result = passwordField.safeParse(password)
		expect(result.success).toBe(false)
		const issues = result.error!.issues.map((i) => (i.code === 'too_small' ? i.code : i.message))
		expect(issues).toContain(expected)
	})
	test('the live checklist uses the same rules: a space is not a special character', () => {
		const special = passwordRules.find((rule) => rule.key === 'specialCharacter')!
		expect(special.test('abc def')).toBe(false)
		expect(special.test('abc!')).toBe(true)
		expect(passwordField.safeParse('Correct Horse 1').error?.issues.map((i) => i.message)).toEqual(['specialCharacter'])
	})
})

describe('codeField', () => {
	test('accepts a pasted "123 456"', () => {
		expect(codeField.parse('123 456')).toBe('123456')
		expect(codeField.parse(' 123-456 ')).toBe('123456')
	})
	test('rejects letters and wrong lengths', () => {
		expect(codeField.safeParse('12345a').success).toBe(false)
		expect(codeField.safeParse('12345').success).toBe(false)
	})
})

describe('signUpSchema', () => {
	test('requires matching passwords', () => {
		const result = signUpSchema.safeParse({
			first_name: 'Ada',
			last_name: 'Lovelace',
			company_name: 'Engines Ltd',
			email: 'ada@example.com',
			password: 'Analytical-1843',
			password_confirmation: 'Analytical-1844',
			country: 'GB',
			locale: 'en-GB',
		})
		expect(result.success).toBe(false)
		expect(result.error!.issues).toEqual([
			expect.objectContaining({ path: ['password_confirmation'], message: 'passwordsDoNotMatch' }),
		])
	})
})
