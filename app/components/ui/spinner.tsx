import { useTranslation } from 'react-i18next'

export type SpinnerSize = 'small' | 'medium' | 'large' | 'extra-large'

/** Spec points 8 and 9. */
export function Spinner({ size = 'medium', label }: { size?: SpinnerSize; label?: string }) {
	const { t } = useTranslation()
	return (
		<span className={`spinner spinner--${size}`} role="status">
			<span className="spinner__circle" aria-hidden="true" />
			<span className="visually-hidden">{label ?? t('loading')}</span>
		</span>
	)
}
