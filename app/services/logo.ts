/**
 * The logo form's words for the contract's logo rules (app/api/contract/images.ts):
 * the rules and limits come from the contract, the words from the catalogue.
 * Shared by the action (checks from the bytes) and the browser (the size,
 * before sending 10 MB for nothing).
 */
import type { Namespace, TFunction } from 'i18next'
import { logoRules, type LogoRule } from '#app/api/contract/images'

/** The form's file field. */
export const LOGO_FIELD = 'logo'
/** The API reports a refused logo on `file` (upload) or `upload_id` (attach): both are the form's file field. */
export const LOGO_API_FIELDS = { file: LOGO_FIELD, upload_id: LOGO_FIELD }

/** The logo form's button (removing is a confirmation page of its own: `logo-remove.tsx`). */
export const LOGO_INTENT = { upload: 'upload' } as const

/** Where the partner goes after a success: the field the form carries (checked with `safeRedirect`). */
export const LOGO_REDIRECT_FIELD = 'redirect_to'

/** "10 MB" */
export const maxSizeText = () => `${logoRules.maxBytes / (1024 * 1024)} MB`

/** The message of a broken rule, in the spec's words; a logo of the wrong dimensions also says what they are. */
export function logoRuleMessage(
	rule: LogoRule,
	t: TFunction<Namespace>,
	dimensions?: { width: number; height: number },
): string {
	// The browser says this one before sending (the `validation` namespace loads only with a form's schema).
	if (rule === 'size') return t('settings:logo.errors.size')
	if (rule === 'type') return t('validation:mimes', { mimes: logoRules.types.join(', ') })
	const rules = t('validation:imageDimensions', {
		min_width: logoRules.minWidth,
		min_height: logoRules.minHeight,
		max_width: logoRules.maxWidth,
		max_height: logoRules.maxHeight,
	})
	return dimensions ? `${rules} ${t('settings:logo.errors.dimensionsOf', dimensions)}` : rules
}

/** The field's hint: what a valid logo is. */
export function logoHint(t: TFunction<Namespace>): string {
	return t('settings:logo.hint', {
		min_width: logoRules.minWidth,
		min_height: logoRules.minHeight,
		max_width: logoRules.maxWidth,
		max_height: logoRules.maxHeight,
		max_size: maxSizeText(),
	})
}
