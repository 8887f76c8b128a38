// Isomorphic: safe to import in the browser.
import { z } from 'zod'
import { countries, events, limits, locales, twoStepMethodKeys } from './constants'

export { limits }

export const countryEnum = z.enum(countries).describe('ISO 3166-1 alpha-2 country code.')
export type Country = z.infer<typeof countryEnum>

export const localeEnum = z.enum(locales).describe('Default language of the user (BCP 47).')
export type Locale = z.infer<typeof localeEnum>

export const authenticationTypeKeyEnum = z.enum(['password', 'email', 'totp', 'recovery_code', 'passkey', 'refresh'])
export type AuthenticationTypeKey = z.infer<typeof authenticationTypeKeyEnum>

export const twoStepMethodKeyEnum = z.enum(twoStepMethodKeys)
export type TwoStepMethodKey = z.infer<typeof twoStepMethodKeyEnum>

export const authenticationTokenTypeKeyEnum = z.enum(['access', 'refresh'])

export const userTypeKeyEnum = z.enum(['partner'])

export const userTokenTypeKeyEnum = z.enum(['reset_password', 'email_verification', 'email_change'])
export type UserTokenTypeKey = z.infer<typeof userTokenTypeKeyEnum>

export const userVerificationTypeEnum = z.enum(['email'])

export const userVerificationStatusEnum = z.enum(['pending', 'verified'])

export const environmentEnum = z.enum(['live', 'test'])
export type Environment = z.infer<typeof environmentEnum>

export const kindEnum = z.enum(['internal', 'external'])
export type Kind = z.infer<typeof kindEnum>

export const uploadKindEnum = z.enum(['tmp', 'service_logo'])
export type UploadKind = z.infer<typeof uploadKindEnum>

export const eventEnum = z.enum(events)
export type Event = z.infer<typeof eventEnum>

// Request schemas name a rule by its key (`.regex(/[A-Z]/, 'capitalLetter')`), so the portal can translate it.
export const ruleMessages = {
	required: 'This field is required.',
	email: 'This field must contain a valid email.',
	url: 'This field must contain a valid url.',
	format: 'This field must contain a valid format.',
	startsWith: 'This field must start with "{{startsWith}}".',
	minLength: 'This field must be at least {{minimum}} characters.',
	maxLength: 'This field must be at most {{maximum}} characters.',
	minNumber: 'This field must be at least {{minimum}}.',
	maxNumber: 'This field must be at most {{maximum}}.',
	fileSize: 'The file must not be greater than {{maximum}} MB.',
	capitalLetter: 'This field must contain at least a capital letter.',
	number: 'This field must contain at least a number.',
	specialCharacter: 'This field must contain at least a special character.',
	onlyNumbers: 'This field must contain only numbers.',
	invalid: 'This field is invalid.',
	urlAmbiguous: 'This field must contain a plain address, without backslashes or a user name and password.',
	publicDomain:
		'This field must contain an address on a public domain name, such as example.com, not an IP address or localhost.',
	unique: "This field must contain a value that doesn't exist.",
	passwordsDoNotMatch: 'The passwords do not match.',
	passwordUnchanged: 'The new password must be different from the current one.',
} as const
export type RuleMessageKey = keyof typeof ruleMessages

export const validationMessages = {
	...ruleMessages,
	passwordIncorrect: 'The password is incorrect.',
	codeInvalid: 'The code is invalid.',
	codeExpired: 'The code has expired.',
	codeReused: 'This code has already been used. Wait for your authenticator app to show the next one.',
	credentialsIncorrect: 'The authentication details are incorrect.',
} as const

type Issue = z.core.$ZodIssue

export type IssueText = { key: RuleMessageKey; values?: Record<string, string | number> }

// An unselected option sends an empty string.
const isEmpty = (input: unknown) => input === undefined || input === null || input === ''
const isEmptyInput = (issue: Issue) => isEmpty((issue as { input?: unknown }).input)

// zod keeps an enum issue's input only while raising it, so the choice is decided here.
export const choiceError = {
	error: (issue: { input?: unknown }): RuleMessageKey => (isEmpty(issue.input) ? 'required' : 'invalid'),
}

export function issueText(issue: Issue): IssueText {
	if (Object.hasOwn(ruleMessages, issue.message)) {
		const values = issue.code === 'custom' ? (issue.params as IssueText['values']) : undefined
		return values ? { key: issue.message as RuleMessageKey, values } : { key: issue.message as RuleMessageKey }
	}
	switch (issue.code) {
		case 'invalid_type':
			return { key: isEmptyInput(issue) ? 'required' : 'invalid' }
		case 'too_small': {
			const minimum = Number(issue.minimum)
			if (issue.origin === 'string' || issue.origin === 'array') {
				return minimum <= 1 && !issue.exact ? { key: 'required' } : { key: 'minLength', values: { minimum } }
			}
			return { key: 'minNumber', values: { minimum } }
		}
		case 'too_big': {
			const maximum = Number(issue.maximum)
			if (issue.origin === 'file') return { key: 'fileSize', values: { maximum: maximum / (1024 * 1024) } }
			return {
				key: issue.origin === 'string' || issue.origin === 'array' ? 'maxLength' : 'maxNumber',
				values: { maximum },
			}
		}
		case 'invalid_format':
			if (issue.format === 'email') return { key: 'email' }
			if (issue.format === 'url') return { key: 'url' }
			if (issue.format === 'starts_with')
				return { key: 'startsWith', values: { startsWith: (issue as { prefix?: string }).prefix ?? '' } }
			return { key: 'format' }
		default:
			return { key: 'invalid' }
	}
}

export function apiIssueMessage(issue: Issue): string {
	const { key, values = {} } = issueText(issue)
	return ruleMessages[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]))
}

/** Laravel-style field errors: like its implicit `required`, a missing field reports only that. */
export function toFieldErrors(issues: readonly Issue[]): Record<string, string[]> {
	const errors: Record<string, string[]> = {}
	for (const issue of issues) {
		const key = issue.path.length ? issue.path.map(String).join('.') : '_'
		const message = apiIssueMessage(issue)
		const list = (errors[key] ??= [])
		if (!list.includes(message)) list.push(message)
	}
	for (const [key, list] of Object.entries(errors)) {
		if (list.includes(validationMessages.required)) errors[key] = [validationMessages.required]
	}
	return errors
}

export function summarizeErrors(errors: Record<string, string[]>): string {
	const all = Object.values(errors).flat()
	const first = all[0] ?? validationMessages.invalid
	const more = all.length - 1
	if (more <= 0) return first
	return `${first} (and ${more} more ${more === 1 ? 'error' : 'errors'})`
}

export const isoDateTime = z.iso.datetime({ offset: true }).max(limits.dateTimeMax).describe('ISO 8601 date-time.')

// Every string has a maximum (issue 52): the API refuses, and never sends, a longer one.
export const opaqueId = () => z.string().max(limits.idMax)
export const apiMessage = () => z.string().max(limits.messageMax)

/** A count, or a number of seconds. */
export const wholeNumber = () => z.number().int().nonnegative()

export const emailField = z.email().min(1, 'required').max(limits.emailMax)

const ONE_LINE = /^[^\p{Cc}\u2028\u2029]*$/u
const MULTI_LINE = /^(?:[^\p{Cc}]|[\t\n\r])*$/u

// A line break would start a new header where it lands in an email.
export const oneLineText = (max: number) => z.string().trim().min(1, 'required').max(max).regex(ONE_LINE, 'format')

export const multiLineText = (max: number) => z.string().trim().min(1, 'required').max(max).regex(MULTI_LINE, 'format')

export const currentPassword = () => z.string().min(1, 'required').max(limits.passwordMax)

export const twoStepCodeField = z
	.string()
	.min(1, 'required')
	.regex(/^\d*$/, 'onlyNumbers')
	.length(limits.twoStepCodeDigits)
	.describe('6-digit code from the authenticator app or the email.')

export const listMeta = z.object({
	next_cursor: z
		.string()
		.max(limits.tokenMax)
		.nullable()
		.describe('Opaque cursor of the next page; null on the last page.'),
})

export const listOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: listMeta })

export const dataOf = <T extends z.ZodType>(item: T) => z.object({ data: item })

export const listQuery = z.object({
	cursor: z
		.string()
		.min(1, 'required')
		.max(limits.tokenMax)
		.optional()
		.describe('Opaque cursor from `meta.next_cursor`.'),
	per_page: z.coerce
		.number()
		.int()
		.min(1)
		.max(limits.perPageMax)
		.optional()
		.describe(`Page size, 1..${limits.perPageMax}; default ${limits.perPageDefault}.`),
})
export type ListQuery = z.infer<typeof listQuery>

export const keyFilterListQuery = listQuery.extend({
	'filter[key:exact]': opaqueId().optional().describe('Only the entry with exactly this key.'),
})

export const messageBody = z.object({ message: apiMessage() })

export const fieldErrors = z
	.record(opaqueId(), z.array(apiMessage()))
	.describe('Messages by field name (dot notation).')
export type FieldErrors = z.infer<typeof fieldErrors>

export const validationErrorBody = z.object({
	message: apiMessage().describe('The first error, plus " (and N more errors)".'),
	errors: fieldErrors,
	code: opaqueId().optional(),
})

export const unauthenticatedBody = z.object({ message: apiMessage().meta({ examples: ['Unauthenticated.'] }) })

/** A refusal told apart by its `code`; `example`: the message it usually carries. */
export function refusalBody<const C extends string>(code: C, example?: string) {
	return z.object({
		message: example ? apiMessage().meta({ examples: [example] }) : apiMessage(),
		code: z.literal(code),
	})
}

/** A 422 told apart by its `code`, with the field errors. */
export const codedValidationBody = <const C extends string>(code: C, example?: string) =>
	refusalBody(code, example).extend({ errors: fieldErrors })

export const twoStepRequiredBody = refusalBody('two_step_required', 'Two-step authentication required.')

export const notFoundBody = z.object({ message: apiMessage().meta({ examples: ['Not found.'] }) })

export const throttleCodeEnum = z.enum(['too_many_attempts', 'resend_too_soon'])
/** 429, with the same number in `Retry-After`. */
export const throttleErrorBody = z.object({
	message: apiMessage().meta({ examples: ['Too Many Attempts.'] }),
	code: throttleCodeEnum,
	retry_after_seconds: wholeNumber(),
})

export const serverErrorBody = z.object({ message: apiMessage().meta({ examples: ['Server Error.'] }) })
