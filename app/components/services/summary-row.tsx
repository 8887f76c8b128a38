import type { ReactNode } from 'react'
import { formatDateTime } from '#app/utils/date-time'

/** One term and its value in a `dl.summary-list`. */
export function SummaryRow({ term, className, children }: { term: string; className?: string; children: ReactNode }) {
	return (
		<div>
			<dt>{term}</dt>
			<dd className={className}>{children}</dd>
		</div>
	)
}

/** A date and time row, or `otherwise` when there is none. */
export function TimeRow({ term, at, otherwise }: { term: string; at: string | null; otherwise?: string }) {
	return <SummaryRow term={term}>{at ? <time dateTime={at}>{formatDateTime(at)}</time> : otherwise}</SummaryRow>
}
