/** A positive whole number of seconds, or null. */
export function secondsUntil(seconds: number | null | undefined): number | null {
	if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return null
	const whole = Math.ceil(seconds)
	return whole > 0 ? whole : null
}
