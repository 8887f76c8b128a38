import { useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { Button } from './button'

/**
 * Copies `value` to the clipboard and says so. Rendered only with JS: without
 * it nothing could copy, and the value is on the page to select by hand.
 */
export function CopyButton({ value, label, copiedLabel }: { value: string; label: string; copiedLabel: string }) {
	const hydrated = useHydrated()
	const [copied, setCopied] = useState(false)
	if (!hydrated) return null
	return (
		<>
			<Button
				variant="secondary"
				onClick={() => {
					void navigator.clipboard?.writeText(value).then(() => setCopied(true))
				}}
			>
				{label}
			</Button>
			<span role="status">{copied ? copiedLabel : ''}</span>
		</>
	)
}
