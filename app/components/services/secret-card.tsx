import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { TimeRow } from './summary-row'

type SecretCardProps = {
	name: string
	hint: string
	createdAt: string
	rows?: ReactNode
	children?: ReactNode
}

export function SecretCard({ name, hint, createdAt, rows, children }: SecretCardProps) {
	const { t } = useTranslation('developers')
	return (
		<li className="card stack">
			<h3>
				{name} <code>{t('secrets.hint', { hint })}</code>
			</h3>
			<dl className="summary-list">
				<TimeRow term={t('secrets.created')} at={createdAt} />
				{rows}
			</dl>
			{children}
		</li>
	)
}
