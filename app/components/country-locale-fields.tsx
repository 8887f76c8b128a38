import type { FieldMetadata } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { SelectField } from './ui/field'
import { countries, locales } from '#app/api/contract/constants'

type Meta = FieldMetadata<unknown>

const collator = new Intl.Collator('en-GB')

function byName(options: Array<{ value: string; label: string }>) {
	return options.sort((a, b) => collator.compare(a.label, b.label))
}

/** Each sorted by its visible name. */
export function CountryLocaleFields({ country, locale }: { country: Meta; locale: Meta }) {
	const { t } = useTranslation('auth')
	return (
		<>
			<SelectField
				meta={country}
				label={t('fields.country')}
				autoComplete="country"
				options={byName(countries.map((code) => ({ value: code, label: t(`countries.${code}`) })))}
			/>
			<SelectField
				meta={locale}
				label={t('fields.locale')}
				options={byName(locales.map((code) => ({ value: code, label: t(`locales.${code}`) })))}
			/>
		</>
	)
}
