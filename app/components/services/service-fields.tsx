import type { FieldMetadata } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { serviceLimits, type serviceFieldNames } from '#app/api/contract/constants'
import { SelectField, TextareaField, TextField } from '#app/components/ui/field'

type ServiceField = (typeof serviceFieldNames)[number]

/** The labels of a service's fields, for the form and for its error summary (`AppForm`'s `labels`). */
export function useServiceFieldLabels(): Record<ServiceField, string> {
	const { t } = useTranslation('services')
	return {
		name: t('fields.name'),
		description: t('fields.description'),
		category: t('fields.category'),
		website_url: t('fields.websiteUrl'),
		webhook_url: t('fields.webhookUrl'),
		authorization_url: t('fields.authorizationUrl'),
	}
}

/** A service's own fields, the same in the create form and the settings form. */
export function ServiceFields({
	fields,
	labels,
	categories,
}: {
	fields: Record<ServiceField, FieldMetadata<unknown>>
	labels: Record<ServiceField, string>
	categories: ReadonlyArray<{ key: string; name: string }>
}) {
	const { t } = useTranslation('services')
	return (
		<>
			<TextField meta={fields.name} label={labels.name} maxLength={serviceLimits.nameMax} />
			<TextareaField
				meta={fields.description}
				label={labels.description}
				rows={4}
				maxLength={serviceLimits.descriptionMax}
			/>
			<SelectField
				meta={fields.category}
				label={labels.category}
				placeholder={t('fields.categoryPlaceholder')}
				options={categories.map((category) => ({ value: category.key, label: category.name }))}
			/>
			<TextField meta={fields.website_url} label={labels.website_url} type="url" hint={t('fields.urlHint')} />
			<TextField meta={fields.webhook_url} label={labels.webhook_url} type="url" hint={t('fields.urlHint')} />
			<TextField
				meta={fields.authorization_url}
				label={labels.authorization_url}
				type="url"
				hint={t('fields.authorizationUrlHint')}
			/>
		</>
	)
}
