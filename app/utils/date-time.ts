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
