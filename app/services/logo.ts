// Shared by the action and the browser (the size, before sending 10 MB for nothing).
import type { Namespace, TFunction } from 'i18next'
import { logoDimensionsValues, logoRules, type LogoRule } from '#app/api/contract/images'

export const LOGO_FIELD = 'logo'
/** `file` (upload) or `upload_id` (attach): both are the form's file field. */
export const LOGO_API_FIELDS = { file: LOGO_FIELD, upload_id: LOGO_FIELD }

export const LOGO_INTENT = { upload: 'upload' } as const

export const LOGO_REDIRECT_FIELD = 'redirect_to'

export const maxSizeText = () => `${logoRules.maxBytes / (1024 * 1024)} MB`

export function logoRuleMessage(
	rule: LogoRule,
	t: TFunction<Namespace>,
	dimensions?: { width: number; height: number },
): string {
	// The `validation` namespace loads only with a form's schema.
	if (rule === 'size') return t('settings:logo.errors.size')
	if (rule === 'type') return t('validation:mimes', { mimes: logoRules.types.join(', ') })
	const rules = t('validation:imageDimensions', logoDimensionsValues)
	return dimensions ? `${rules} ${t('settings:logo.errors.dimensionsOf', dimensions)}` : rules
}

export function logoHint(t: TFunction<Namespace>): string {
	return t('settings:logo.hint', {
		min_width: logoRules.minWidth,
		min_height: logoRules.minHeight,
		max_width: logoRules.maxWidth,
		max_height: logoRules.maxHeight,
		max_size: maxSizeText(),
	})
}
