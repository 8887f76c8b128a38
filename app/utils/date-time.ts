import { defaultLanguage } from '#app/locales/index'

const formatter = new Intl.DateTimeFormat(defaultLanguage, {
	day: 'numeric',
	month: 'short',
	year: 'numeric',
	hour: '2-digit',
	minute: '2-digit',
	timeZone: 'UTC',
	timeZoneName: 'short',
})

/**
 * An API timestamp for people, e.g. "23 Nov 2026, 09:05 UTC". Always in UTC,
 * so the server's page and the browser's render say the same.
 */
export function formatDateTime(iso: string) {
	return formatter.format(new Date(iso))
}

const timeFormatter = new Intl.DateTimeFormat(defaultLanguage, {
	hour: '2-digit',
	minute: '2-digit',
	timeZone: 'UTC',
	timeZoneName: 'short',
})

/**
 * An API timestamp near another one shown beside it: the time alone ("21:25 UTC") when both fall on the same UTC
 * day, else the date too, as `formatDateTime`. Depends on nothing but its arguments, so the server's page and the
 * browser's render say the same.
 */
export function formatTimeNear(iso: string, reference: string) {
	const day = (value: string) => new Date(value).toISOString().slice(0, 10)
	return day(iso) === day(reference) ? timeFormatter.format(new Date(iso)) : formatDateTime(iso)
}

const relative = new Intl.RelativeTimeFormat(defaultLanguage, { numeric: 'auto' })

/**
 * How long ago, for people ("5 minutes ago", "yesterday", "3 days ago"), from an age the API gave by its own clock
 * (an `age_seconds`): never the portal's clock, so the server's page and the browser's render say the same.
 */
export function formatAge(ageSeconds: number) {
	const seconds = Math.max(0, Math.floor(ageSeconds))
	if (seconds < 60) return relative.format(0, 'second')
	if (seconds < 3600) return relative.format(-Math.floor(seconds / 60), 'minute')
	if (seconds < 86400) return relative.format(-Math.floor(seconds / 3600), 'hour')
	return relative.format(-Math.floor(seconds / 86400), 'day')
}

const LOCAL = /^(\d{4}-\d\d-\d\d)[T ](\d\d:\d\d)(:\d\d)?$/

/**
 * The value of a `datetime-local` field read as UTC (the portal shows every time in UTC), as ISO 8601; null when it
 * is not a date and time.
 */
export function fromUtcDateTimeLocal(value: string | null | undefined): string | null {
	const match = LOCAL.exec(value?.trim() ?? '')
	if (!match) return null
	const time = Date.parse(`${match[1]}T${match[2]}${match[3] ?? ':00'}.000Z`)
	return Number.isNaN(time) ? null : new Date(time).toISOString()
}

/** An ISO time as a `datetime-local` field's value, in UTC, to the minute. */
export const toUtcDateTimeLocal = (iso: string) => new Date(iso).toISOString().slice(0, 16)
