import { useEffect, useState } from 'react'

/**
 * Seconds counting down. The server renders the starting text (that is all a
 * browser without JS sees); with JS it ticks every second. The text is not a
 * live region: a screen reader is not interrupted every second.
 */
export function Countdown({
	seconds,
	render,
	done,
}: {
	seconds: number
	render: (count: number) => string
	done: string
}) {
	const [remaining, setRemaining] = useState(Math.ceil(seconds))
	useEffect(() => {
		setRemaining(Math.ceil(seconds))
		const started = Date.now()
		const timer = setInterval(() => {
			const left = Math.ceil(seconds - (Date.now() - started) / 1000)
			setRemaining(Math.max(0, left))
			if (left <= 0) clearInterval(timer)
		}, 1000)
		return () => clearInterval(timer)
	}, [seconds])
	return <span data-countdown={remaining}>{remaining > 0 ? render(remaining) : done}</span>
}
