import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '#app/utils/date-time'

export function SecretCard({
	name,
	hint,
	createdAt,
	rows,
	children,
}: {
	name: string
	hint: string
	createdAt: string
	rows?: ReactNode
	children?: ReactNode
}) {
	const { t } = useTranslation('developers')
	return (
		<li className="card stack">
			<h3>
				{name} <code>{t('secrets.hint', { hint })}</code>
			</h3>
			<dl className="summary-list">
				<div>
					<dt>{t('secrets.created')}</dt>
					<dd>
						<time dateTime={createdAt}>{formatDateTime(createdAt)}</time>
					</dd>
				</div>
				{rows}
			</dl>
			{children}
		</li>
	)
}

export function TimeRow({ term, at, otherwise }: { term: string; at: string | null; otherwise?: string }) {
	return (
		<div>
			<dt>{term}</dt>
			<dd>{at ? <time dateTime={at}>{formatDateTime(at)}</time> : otherwise}</dd>
		</div>
	)
}
