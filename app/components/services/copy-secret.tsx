import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useHydrated } from 'remix-utils/use-hydrated'
import { Button } from '#app/components/ui/button'

/** Copies a secret to the clipboard; rendered only with JS, as nothing can copy without it. */
export function CopySecret({ value }: { value: string }) {
	const { t } = useTranslation('services')
	const hydrated = useHydrated()
	const [copied, setCopied] = useState(false)
	if (!hydrated) return null
	return (
		<>
			<Button
				variant="secondary"
				onClick={() => {
					void navigator.clipboard?.writeText(value).then(() => setCopied(true))
				}}
			>
				{t('details.copy')}
			</Button>
			<span role="status">{copied ? t('details.copied') : ''}</span>
		</>
	)
}
