import type { FieldMetadata } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { TextField } from './ui/field'

/**
 * A one-time code: numeric keyboard, the browser's one-time-code autofill,
 * and room for a pasted "123 456" (the server drops separators).
 */
export function CodeField({ meta, label, digits }: { meta: FieldMetadata<unknown>; label: string; digits: number }) {
	const { t } = useTranslation('auth')
	return (
		<TextField
			meta={meta}
			label={label}
			hint={t('hints.code', { digits })}
			inputMode="numeric"
			autoComplete="one-time-code"
			spellCheck={false}
			maxLength={digits + 4}
			className="field--code"
			secret
		/>
	)
}
