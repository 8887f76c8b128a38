import type { KeyWithNamespace } from '#app/i18n'

export type Flash = {
	tone: 'success' | 'info' | 'warning'
	key: KeyWithNamespace
	values?: Record<string, string | number>
	/** Shown in that section (`SectionFlash`), where the partner is, not on top. */
	section?: string
}
