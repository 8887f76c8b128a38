import { Form, Link } from 'react-router'

type Filter = {
	name: string
	label: string
	/** The first option: no filter. */
	all: string
	value: string | undefined
	options: { value: string; label: string }[]
}

type FilterFormProps = {
	action: string
	label: string
	className: string
	idPrefix: string
	filters: Filter[]
	apply: string
	clear: string
}

/** A log's filters (the activity's, the deliveries'): a GET form, so a filter is a plain URL and works without JS. */
export function FilterForm({ action, label, className, idPrefix, filters, apply, clear }: FilterFormProps) {
	return (
		<Form method="get" action={action} className={`form ${className}`} aria-label={label}>
			{filters.map((filter) => (
				<div key={filter.name} className="field">
					<label className="field__label" htmlFor={`${idPrefix}-${filter.name}`}>
						{filter.label}
					</label>
					{/* Keyed by its value, so a new page of the log shows the filter it applied. */}
					<select
						id={`${idPrefix}-${filter.name}`}
						name={filter.name}
						className="field__input field__select"
						defaultValue={filter.value ?? ''}
						key={filter.value ?? ''}
					>
						<option value="">{filter.all}</option>
						{filter.options.map((option) => (
							<option key={option.value} value={option.value}>
								{option.label}
							</option>
						))}
					</select>
				</div>
			))}
			<div className="button-row">
				<button type="submit" className="button button--secondary">
					{apply}
				</button>
				{filters.some((filter) => filter.value) ? <Link to={action}>{clear}</Link> : null}
			</div>
		</Form>
	)
}

type PageLinksProps = {
	links: { newest: string | null; older: string | null }
	newest: string
	older: string
}

/** Plain links (JS off): the filters stay in the URL, the cursor only on the way to older entries. */
export function PageLinks({ links, newest, older }: PageLinksProps) {
	if (!links.newest && !links.older) return null
	return (
		<p className="button-row">
			{links.newest ? <Link to={links.newest}>{newest}</Link> : null}
			{links.older ? <Link to={links.older}>{older}</Link> : null}
		</p>
	)
}
