import { useEffect, useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { Notice } from './ui/notice'
import { SubmitButton } from './ui/button'

/** Restarts for each new `answer`. */
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

type Props = {
	seconds: number | null
	/** A new answer restarts the count, even at the same seconds. */
	answer?: object
	waiting: (count: number) => string
	ready: string
	refused?: string
	label: string
	pendingLabel?: string
	variant?: 'primary' | 'secondary'
	name?: string
	value?: string
}

/** The ticking text is no live region, so a screen reader is not interrupted every second. */
export function ResendButton({ seconds, answer, waiting, ready, refused, label, ...button }: Props) {
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
				<SubmitButton {...button} variant={button.variant ?? 'secondary'} disabled={hydrated && remaining > 0}>
					{label}
				</SubmitButton>
			</div>
		</>
	)
}
