import type { FieldMetadata } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { SelectField } from './ui/field'
import { countries, locales } from '#app/auth/schemas'

/** Country (spec's seven codes, shown as names) and default language (seven locales). */
export function CountryLocaleFields({ country, locale }: { country: FieldMetadata<unknown>; locale: FieldMetadata<unknown> }) {
	const { t } = useTranslation('auth')
	return (
		<>
			<SelectField
				meta={country}
				label={t('fields.country')}
				autoComplete="country"
				options={countries.map((code) => ({ value: code, label: t(`countries.${code}`) }))}
			/>
			<SelectField
				meta={locale}
				label={t('fields.locale')}
				options={locales.map((code) => ({ value: code, label: t(`locales.${code}`) }))}
			/>
		</>
	)
}
