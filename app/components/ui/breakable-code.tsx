import { Fragment } from 'react'

/** Where a host name, URL or token may break on a narrow screen: after its separators, never inside a word. */
const AFTER_SEPARATOR = /(?<=[-./:=_])/

export function BreakableCode({ value }: { value: string }) {
	const parts = value.split(AFTER_SEPARATOR)
	return (
		<code className="breakable">
			{parts.map((part, index) => (
				<Fragment key={index}>
					{part}
					{index < parts.length - 1 ? <wbr /> : null}
				</Fragment>
			))}
		</code>
	)
}
