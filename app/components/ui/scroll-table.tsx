import type { ReactNode } from 'react'

/**
 * A table with its caption, inside a box that scrolls sideways when the table is wider than the screen, so the page
 * itself never is. The box is a region named by the caption and reachable with the keyboard (`tabIndex={0}`), so
 * a keyboard can scroll it too. `id` names the caption (unique on the page).
 */
export function ScrollTable({
	id,
	caption,
	className,
	children,
}: {
	id: string
	caption: ReactNode
	className?: string
	children: ReactNode
}) {
	return (
		// A box that scrolls must be reachable with the keyboard to be scrolled with it (WCAG 2.1.1; axe's
		// scrollable-region-focusable): named, it is a region a screen reader announces when it gets focus.
		// eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
		<section aria-labelledby={id} tabIndex={0} className="table-region">
			<table className={className}>
				<caption id={id}>{caption}</caption>
				{children}
			</table>
		</section>
	)
}
