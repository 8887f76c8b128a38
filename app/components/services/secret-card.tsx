import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '#app/utils/date-time'

/**
 * One secret in a list of the developers page (a client secret, a webhook signing secret): its name and hint as
 * the heading, when it was made, then what differs — more rows of the list (`rows`) and what follows it.
 */
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

/** A row of a `SecretCard`: a term and a time, or `otherwise` when there is none. */
export function TimeRow({ term, at, otherwise }: { term: string; at: string | null; otherwise?: string }) {
	return (
		<div>
			<dt>{term}</dt>
			<dd>{at ? <time dateTime={at}>{formatDateTime(at)}</time> : otherwise}</dd>
		</div>
	)
}
