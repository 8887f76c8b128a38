import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { formatIssues } from './validation'
import { ruleMessages } from '#app/api/contract/common'
import i18next from 'i18next'

/** en-GB with the catalogue (`tests/setup/unit-env.ts` initialises i18next). */
const t = i18next.getFixedT('en-GB', ['common', 'validation'])

const schema = z.object({
	name: z.string().max(5),
	email: z.email(),
	website: z.url(),
	password: z.string().min(10).regex(/[A-Z]/, 'capitalLetter'),
	country: z.enum(['GB', 'DE']),
	age: z.number().min(18),
})

function errors(fields: Record<string, string>) {
	const formData = new FormData()
	for (const [k, v] of Object.entries(fields)) formData.set(k, v)
	const submission = parseWithZod(formData, { schema, formatError: formatIssues(t) })
	return submission.status === 'error' ? submission.error : {}
}

describe('validation messages come from the en-GB catalogue', () => {
	test('empty fields are required', () => {
		const e = errors({})
		expect(e?.name).toEqual(['This field is required.'])
		expect(e?.email).toEqual(['This field is required.'])
	})
	test('lengths and numbers interpolate their limits', () => {
		const e = errors({ name: 'toolong', password: 'Short1!', age: '12' })
		expect(e?.name).toEqual(['This field must be at most 5 characters.'])
		expect(e?.password).toEqual(['This field must be at least 10 characters.'])
		expect(e?.age).toEqual(['This field must be at least 18.'])
	})
	test('formats and named rules', () => {
		const e = errors({ email: 'nope', website: 'nope', password: 'lowercase-only-1', country: 'XX' })
		expect(e?.email).toEqual(['This field must contain a valid email.'])
		expect(e?.website).toEqual(['This field must contain a valid url.'])
		expect(e?.password).toEqual(['This field must contain at least a capital letter.'])
		expect(e?.country).toEqual(['This field is invalid.'])
	})
})

describe('the catalogue and the API say the same', () => {
	test.each(Object.entries(ruleMessages))('%s', (key, text) => {
		const values = { minimum: 10, maximum: 128, startsWith: 'otpauth://' }
		const api = text.replace(/\{\{(\w+)\}\}/g, (_, name: keyof typeof values) => String(values[name]))
		expect(t(`validation:${key as keyof typeof ruleMessages}`, values)).toBe(api)
	})
})
