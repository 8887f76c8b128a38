import { useTranslation } from 'react-i18next'

export type SpinnerSize = 'small' | 'medium' | 'large' | 'extra-large'

/**
 * A spinner with screen-reader-only loading text (spec point 8). Sizes are
 * spec point 9's small, medium, large and extra large.
 */
export function Spinner({ size = 'medium', label }: { size?: SpinnerSize; label?: string }) {
	const { t } = useTranslation()
	return (
		<span className={`spinner spinner--${size}`} role="status">
			<span className="spinner__circle" aria-hidden="true" />
			<span className="visually-hidden">{label ?? t('loading')}</span>
		</span>
	)
}
