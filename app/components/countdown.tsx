import { useEffect, useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { Notice } from './ui/notice'
import { SubmitButton } from './ui/button'

/** Whole seconds left of `seconds`, ticking every second once hydrated; restarts for each new `answer`. */
function useCountdown(seconds: number, answer: unknown) {
	const [remaining, setRemaining] = useState(Math.ceil(seconds))
	useEffect(() => {
		setRemaining(Math.ceil(seconds))
		const started = Date.now()
		const timer = setInterval(() => {
			const left = Math.max(0, Math.ceil(seconds - (Date.now() - started) / 1000))
			setRemaining(left)
			if (left === 0) clearInterval(timer)
		}, 1000)
		return () => clearInterval(timer)
	}, [seconds, answer])
	return remaining
}

/**
 * A resend button under the page's one countdown. The server renders the
 * seconds left: that is all a browser without JS sees, and an early press
 * comes back refused (`refused`: an alert that holds the countdown, so it
 * says when). With JS the seconds tick and the button stays disabled until
 * they run out. The ticking text is not a live region: a screen reader is
 * not interrupted every second.
 */
export function ResendButton({
	seconds,
	answer,
	waiting,
	ready,
	refused,
	label,
	pendingLabel,
	variant = 'secondary',
	name,
	value,
}: {
	/** Seconds until a resend is allowed; null when it is allowed now. */
	seconds: number | null
	/** The server answer (loader or action data) the seconds come from: a new one restarts the count, even at the same seconds. */
	answer?: object
	waiting: (count: number) => string
	ready: string
	refused?: string
	label: string
	pendingLabel?: string
	variant?: 'primary' | 'secondary'
	name?: string
	value?: string
}) {
	const remaining = useCountdown(seconds ?? 0, answer)
	const hydrated = useHydrated()
	const status = seconds ? (remaining > 0 ? waiting(remaining) : ready) : null
	return (
		<>
			{refused ? (
				<Notice tone="warning" role="alert" title={refused}>
					{status}
				</Notice>
			) : status ? (
				<p className="muted">{status}</p>
			) : null}
			<div className="button-row">
				<SubmitButton
					variant={variant}
					name={name}
					value={value}
					pendingLabel={pendingLabel}
					disabled={hydrated && remaining > 0}
				>
					{label}
				</SubmitButton>
			</div>
		</>
	)
}
