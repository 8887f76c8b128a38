import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import {
	apiIssueMessage,
	fillPath,
	passwordField,
	passwordRules,
	pickTokenPair,
	registrationBody,
	summarizeErrors,
	toFieldErrors,
	twoStepCodeField,
	updateMeBody,
} from '../../app/api/contract/index'

const errorsOf = (schema: z.ZodType, value: unknown) => {
	const result = schema.safeParse(value, { reportInput: true })
	return result.success ? {} : toFieldErrors(result.error.issues)
}

describe('contract helpers', () => {
	test('Laravel summary of the first error', () => {
		expect(summarizeErrors({ a: ['One.'] })).toBe('One.')
		expect(summarizeErrors({ a: ['One.', 'Two.'] })).toBe('One. (and 1 more error)')
		expect(summarizeErrors({ a: ['One.'], b: ['Two.', 'Three.'] })).toBe('One. (and 2 more errors)')
	})

	test('a missing or empty field reports only "required"', () => {
		expect(errorsOf(passwordField, '')).toEqual({ _: ['This field is required.'] })
		expect(errorsOf(z.object({ password: passwordField }), {})).toEqual({ password: ['This field is required.'] })
		expect(errorsOf(z.object({ n: z.number() }), { n: 'x' })).toEqual({ n: ['This field is invalid.'] })
	})

	test('password policy messages and the checklist agree', () => {
		expect(errorsOf(passwordField, 'abcdefghij')._).toEqual([
			'This field must contain at least a capital letter.',
			'This field must contain at least a number.',
			'This field must contain at least a special character.',
		])
		expect(errorsOf(passwordField, `A1!${'a'.repeat(126)}`)._).toEqual(['This field must be at most 128 characters.'])
		const good = 'Correct-Horse-42'
		expect(passwordField.safeParse(good).success).toBe(true)
		expect(passwordRules.every((rule) => rule.test(good))).toBe(true)
		expect(passwordRules.filter((rule) => !rule.test('short')).map((rule) => rule.key)).toEqual([
			'minLength',
			'capitalLetter',
			'number',
			'specialCharacter',
		])
	})

	test('two-step codes are exactly 6 digits', () => {
		expect(twoStepCodeField.safeParse('123456').success).toBe(true)
		expect(errorsOf(twoStepCodeField, '1234567')._).toEqual(['This field must be at most 6 characters.'])
	})

	test('cross-field rules are reported together with field errors', () => {
		const errors = errorsOf(registrationBody, {
			first_name: 'A',
			last_name: 'B',
			company_name: 'C',
			email: 'a@b.test',
			password: 'Correct-Horse-42',
			password_confirmation: 'Correct-Horse-43',
			country: 'XX',
			locale: 'en-GB',
		})
		expect(errors).toEqual({
			country: ['This field is invalid.'],
			password_confirmation: ['The passwords do not match.'],
		})
		expect(errorsOf(updateMeBody, { email: 'new@b.test' })).toEqual({ current_password: ['This field is required.'] })
		expect(errorsOf(updateMeBody, { password: 'Correct-Horse-42', current_password: 'x' })).toEqual({
			password_confirmation: ['This field is required.'],
		})
		expect(updateMeBody.safeParse({ first_name: 'Ada' }).success).toBe(true)
	})

	test('message keys of the portal catalogue map to the API texts', () => {
		const issue = { code: 'custom', path: [], message: 'unique', input: 'x' } as unknown as z.core.$ZodIssue
		expect(apiIssueMessage(issue)).toBe("This field must contain a value that doesn't exist.")
	})

	test('pickTokenPair needs both tokens', () => {
		const token = (key: 'access' | 'refresh', raw: string) => ({
			token_raw: raw,
			authentication_token_type: { key },
			expires_at: '2026-01-01T00:00:00.000Z',
		})
		expect(pickTokenPair([token('refresh', 'r'), token('access', 'a')])).toEqual({ access: 'a', refresh: 'r' })
		expect(pickTokenPair([token('access', 'a')])).toBeNull()
	})

	test('fillPath encodes parameters and refuses missing ones', () => {
		expect(fillPath('/user-verifications/{id}/token', { id: 'a/b' })).toBe('/user-verifications/a%2Fb/token')
		expect(() => fillPath('/x/{id}', {})).toThrow(/missing "id"/)
	})
})
