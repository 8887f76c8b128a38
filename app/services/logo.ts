/**
 * The logo form's words for the contract's logo rules (app/api/contract/images.ts):
 * the rules and limits come from the contract, the words from the catalogue.
 * Shared by the action (checks from the bytes) and the browser (the size,
 * before sending 10 MB for nothing).
 */
import type { Namespace, TFunction } from 'i18next'
import { logoRules, type LogoRule } from '#app/api/contract/images'

/** The form's file field; the API reports a refused logo on `file` (upload) or `upload_id` (attach). */
export const LOGO_FIELD = 'logo'
export const LOGO_API_FIELDS = ['file', 'upload_id']

/** The logo form's button (removing is a confirmation page of its own: `logo-remove.tsx`). */
export const LOGO_INTENT = { upload: 'upload' } as const

/** Where the partner goes after a success: the field the form carries (checked with `safeRedirect`). */
export const LOGO_REDIRECT_FIELD = 'redirect_to'

/** "10 MB" */
export const maxSizeText = () => `${logoRules.maxBytes / (1024 * 1024)} MB`

/** The message of a broken rule, in the spec's words. */
export function logoRuleMessage(rule: LogoRule, t: TFunction<Namespace>): string {
	if (rule === 'size') return t('services:logo.errors.size')
	if (rule === 'type') return t('validation:mimes', { mimes: logoRules.types.join(', ') })
	return t('validation:imageDimensions', {
		min_width: logoRules.minWidth,
		min_height: logoRules.minHeight,
		max_width: logoRules.maxWidth,
		max_height: logoRules.maxHeight,
	})
}

/** The field's hint: what a valid logo is. */
export function logoHint(t: TFunction<Namespace>): string {
	return t('services:logo.hint', {
		min_width: logoRules.minWidth,
		min_height: logoRules.minHeight,
		max_width: logoRules.maxWidth,
		max_height: logoRules.maxHeight,
		max_size: maxSizeText(),
	})
}

/** What a failed post of the logo form answers (the file itself cannot come back: browsers never refill one). */
export type LogoFormResult = {
	errors: { logo?: string[]; form?: string[] }
	/** The checked `redirect_to` the form was posted with, for the next attempt. */
	redirectTo: string
}

/**
 * The API's 422 as the form's errors: its `file` (upload) and `upload_id`
 * (attach) messages are the `logo` field's, the rest go to the summary, and an
 * answer without any message says `fallback`.
 */
export function logoErrorsFromApi(fieldErrors: Record<string, string[]>, fallback: string): LogoFormResult['errors'] {
	const logo: string[] = []
	const form: string[] = []
	for (const [name, messages] of Object.entries(fieldErrors)) {
		;(LOGO_API_FIELDS.includes(name) ? logo : form).push(...messages)
	}
	if (!logo.length && !form.length) form.push(fallback)
	return { ...(logo.length ? { logo } : {}), ...(form.length ? { form } : {}) }
}
