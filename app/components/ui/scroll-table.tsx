import type { ReactNode } from 'react'

type ScrollTableProps = { id: string; caption: ReactNode; className?: string; children: ReactNode }

/** Scrolls sideways when wider than the screen, so the page itself never does. */
export function ScrollTable({ id, caption, className, children }: ScrollTableProps) {
	return (
		// A scrolling box must be keyboard-reachable (WCAG 2.1.1); named, it is a region a screen reader announces.
		// eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
		<section aria-labelledby={id} tabIndex={0} className="table-region">
			<table className={className}>
				<caption id={id}>{caption}</caption>
				{children}
			</table>
		</section>
	)
}
