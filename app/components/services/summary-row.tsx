import type { ComponentProps } from 'react'
import { formatDateTime } from '#app/utils/date-time'

/** One term and its value (the `dd`, with its attributes) in a `dl.summary-list`. */
export function SummaryRow({ term, ...value }: { term: string } & ComponentProps<'dd'>) {
	return (
		<div>
			<dt>{term}</dt>
			<dd {...value} />
		</div>
	)
}

export function TimeRow({ term, at, otherwise }: { term: string; at: string | null; otherwise?: string }) {
	return <SummaryRow term={term}>{at ? <time dateTime={at}>{formatDateTime(at)}</time> : otherwise}</SummaryRow>
}
