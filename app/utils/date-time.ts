import { defaultLanguage } from '#app/locales/index'

/** Made on first use: an `Intl` formatter with time zone names costs a phone ~100 ms, on pages that may not show one. */
export function onFirstUse<T>(make: () => T): () => T {
	let made: T | undefined
	return () => (made ??= make())
}

const UTC_TIME = { hour: '2-digit', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' } as const
const dateTime = onFirstUse(
	() => new Intl.DateTimeFormat(defaultLanguage, { day: 'numeric', month: 'short', year: 'numeric', ...UTC_TIME }),
)
const time = onFirstUse(() => new Intl.DateTimeFormat(defaultLanguage, UTC_TIME))
const relative = onFirstUse(() => new Intl.RelativeTimeFormat(defaultLanguage, { numeric: 'auto' }))

// Always UTC, so the server's page and the browser's render say the same.
export function formatDateTime(iso: string) {
	return dateTime().format(new Date(iso))
}

export function formatTimeNear(iso: string, reference: string) {
	const day = (value: string) => new Date(value).toISOString().slice(0, 10)
	return day(iso) === day(reference) ? time().format(new Date(iso)) : formatDateTime(iso)
}

// From the API's `age_seconds`, never the portal's clock.
export function formatAge(ageSeconds: number) {
	const seconds = Math.max(0, Math.floor(ageSeconds))
	if (seconds < 60) return relative().format(0, 'second')
	if (seconds < 3600) return relative().format(-Math.floor(seconds / 60), 'minute')
	if (seconds < 86400) return relative().format(-Math.floor(seconds / 3600), 'hour')
	return relative().format(-Math.floor(seconds / 86400), 'day')
}

const LOCAL = /^(\d{4}-\d\d-\d\d)[T ](\d\d:\d\d)(:\d\d)?$/

export function fromUtcDateTimeLocal(value: string | null | undefined): string | null {
	const match = LOCAL.exec(value?.trim() ?? '')
	if (!match) return null
	const time = Date.parse(`${match[1]}T${match[2]}${match[3] ?? ':00'}.000Z`)
	return Number.isNaN(time) ? null : new Date(time).toISOString()
}

export const toUtcDateTimeLocal = (iso: string) => new Date(iso).toISOString().slice(0, 16)
