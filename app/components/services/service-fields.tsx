import type { FieldMetadata } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { serviceFieldNames, serviceLimits, serviceOptionalFieldNames } from '#app/api/contract/constants'
import { SelectField, TextareaField, TextField } from '#app/components/ui/field'

type ServiceField = (typeof serviceFieldNames)[number]

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

const isOptional = (name: ServiceField) => (serviceOptionalFieldNames as readonly ServiceField[]).includes(name)

/** In the contract's order; the create form names the two it asks for (`names`). */
export function ServiceFields<Name extends ServiceField>({
	fields,
	labels,
	categories,
	names = serviceFieldNames as readonly ServiceField[] as readonly Name[],
}: {
	fields: Record<Name, FieldMetadata<unknown>>
	labels: Record<Name, string>
	categories: ReadonlyArray<{ key: string; name: string }>
	names?: readonly Name[]
}) {
	const { t } = useTranslation('services')
	const hint = (name: ServiceField, own?: string) =>
		isOptional(name) ? [own, t('fields.neededForReview')].filter(Boolean).join(' ') : own
	const field = (name: Name) => {
		const meta = fields[name]
		const label = labels[name]
		switch (name as ServiceField) {
			case 'name':
				return <TextField key={name} meta={meta} label={label} maxLength={serviceLimits.nameMax} />
			case 'description':
				return (
					<TextareaField
						key={name}
						meta={meta}
						label={label}
						rows={4}
						maxLength={serviceLimits.descriptionMax}
						hint={hint(name, t('fields.descriptionHint'))}
					/>
				)
			case 'category':
				return (
					<SelectField
						key={name}
						meta={meta}
						label={label}
						placeholder={t('fields.categoryPlaceholder')}
						options={categories.map((category) => ({ value: category.key, label: category.name }))}
					/>
				)
			default: {
				const own = name === 'authorization_url' ? `${t('fields.authorizationUrlHint')} ` : ''
				return (
					<TextField key={name} meta={meta} label={label} type="url" hint={hint(name, own + t('fields.urlHint'))} />
				)
			}
		}
	}
	return <>{names.map(field)}</>
}
