import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { TableHead } from './table-head'

export type ConflictRow = { key: string; label: ReactNode; mine: string; saved: string; lang?: string }

type VersionConflictProps = {
	prefix: 'settings' | 'translations'
	rows: readonly ConflictRow[]
	/** The page itself, fresh: "load the saved version". */
	discardTo: string
}

/** A save that raced another (409); rows that differ say so in words, not only in colour. */
export function VersionConflict({ prefix, rows, discardTo }: VersionConflictProps) {
	const { t } = useTranslation(prefix)
	const text = (key: string) => t(`conflict.${key}` as 'conflict.title')
	// The translations say "not translated"; a setting is never empty.
	const empty = prefix === 'translations' ? text('empty') : ''
	return (
		<section className="stack" aria-labelledby="conflict-heading">
			<h3 id="conflict-heading">{text('title')}</h3>
			<p>{text('intro')}</p>
			<table className="compare-table">
				<caption className="visually-hidden">{text('caption')}</caption>
				<TableHead columns={[text('field'), text('mine'), text('saved'), text('compared')]} />
				<tbody>
					{rows.map((row) => {
						const differs = row.mine !== row.saved
						return (
							<tr key={row.key} className={differs ? 'compare-table__row--differs' : undefined}>
								<th scope="row">{row.label}</th>
								<td lang={row.mine && row.lang ? row.lang : undefined}>{row.mine || empty}</td>
								<td lang={row.saved && row.lang ? row.lang : undefined}>{row.saved || empty}</td>
								<td>{differs ? <strong>{text('differs')}</strong> : text('same')}</td>
							</tr>
						)
					})}
				</tbody>
			</table>
			<p>{text('choose')}</p>
			<p>
				<Link to={discardTo}>{text('discard')}</Link>
			</p>
		</section>
	)
}
