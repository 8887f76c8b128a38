import type { Namespace, TFunction } from 'i18next'

// Rounds up, so a lock never reads shorter than it is.
export function formatDuration(seconds: number, t: TFunction<Namespace>): string {
	const s = Math.max(1, Math.ceil(seconds))
	if (s < 60) return t('common:duration.second', { count: s })
	if (s < 2 * 60 * 60) return t('common:duration.minute', { count: Math.ceil(s / 60) })
	if (s < 2 * 24 * 60 * 60) return t('common:duration.hour', { count: Math.ceil(s / 3600) })
	return t('common:duration.day', { count: Math.ceil(s / 86400) })
}
