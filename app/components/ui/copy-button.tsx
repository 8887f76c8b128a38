import { useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { Button } from './button'

/** Rendered only with JS: without it the value is on the page to select by hand. */
export function CopyButton({ value, label, copiedLabel }: { value: string; label: string; copiedLabel: string }) {
	const hydrated = useHydrated()
	const [copied, setCopied] = useState(false)
	if (!hydrated) return null
	return (
		<>
			<Button
				variant="secondary"
				onClick={() => void navigator.clipboard?.writeText(value).then(() => setCopied(true))}
			>
				{label}
			</Button>
			<span role="status">{copied ? copiedLabel : ''}</span>
		</>
	)
}

type CopyableValueProps = {
	caption: string
	value: string
	/** What the button copies, when it differs from what is shown (e.g. without spaces). */
	copyValue?: string
	label: string
	copiedLabel: string
}

/** A figure, because `<code>` itself cannot carry a name. */
export function CopyableValue({ caption, value, copyValue = value, label, copiedLabel }: CopyableValueProps) {
	return (
		<figure className="copyable">
			<figcaption className="copyable__caption">{caption}</figcaption>
			<div className="button-row">
				<code className="setup-key">{value}</code>
				<CopyButton value={copyValue} label={label} copiedLabel={copiedLabel} />
			</div>
		</figure>
	)
}
