import type { TFunction } from 'i18next'
import type { z } from 'zod'

type Issue = z.core.$ZodIssue

/**
 * Keys of the generic validation messages (app/locales/en-GB/validation.json)
 * that a schema may name explicitly, e.g. `.regex(/[A-Z]/, 'capitalLetter')`.
 */
export const validationKeys = [
	'required',
	'email',
	'url',
	'format',
	'capitalLetter',
	'number',
	'specialCharacter',
	'onlyNumbers',
	'invalid',
	'exists',
	'unique',
	'passwordsDoNotMatch',
	'phone',
	'distinct',
	'empty',
] as const
export type ValidationKey = (typeof validationKeys)[number]

const known = new Set<string>(validationKeys)

/** One zod issue as the user-facing en-GB message. */
export function issueMessage(issue: Issue, t: TFunction): string {
	if (known.has(issue.message)) return t(`validation:${issue.message}`)
	switch (issue.code) {
		case 'invalid_type':
			return issue.input === undefined || issue.input === null || issue.input === ''
				? t('validation:required')
				: t('validation:invalid')
		case 'too_small': {
			const minimum = Number(issue.minimum)
			if (issue.origin === 'string' || issue.origin === 'array') {
				return minimum <= 1 ? t('validation:required') : t('validation:minLength', { minimum })
			}
			return t('validation:minNumber', { minimum })
		}
		case 'too_big': {
			const maximum = Number(issue.maximum)
			return issue.origin === 'string' || issue.origin === 'array'
				? t('validation:maxLength', { maximum })
				: t('validation:maxNumber', { maximum })
		}
		case 'invalid_format':
			if (issue.format === 'email') return t('validation:email')
			if (issue.format === 'url') return t('validation:url')
			if (issue.format === 'starts_with')
				return t('validation:startsWith', { startsWith: (issue as { prefix?: string }).prefix ?? '' })
			return t('validation:format')
		case 'invalid_value':
			return t('validation:invalid')
		default:
			return t('validation:invalid')
	}
}

/** conform's `formatError`: every issue of a field as translated text. */
export function formatIssues(t: TFunction) {
	return (issues: Issue[]) => issues.map((issue) => issueMessage(issue, t))
}
