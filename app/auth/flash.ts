import type { KeyWithNamespace } from '#app/i18n'

/** A one-time message shown after a redirect ("Email address confirmed."): its tone, i18n key and values. */
export type Flash = {
	tone: 'success' | 'info' | 'warning'
	key: KeyWithNamespace
	values?: Record<string, string | number>
	/** The id of the page's section it is about: shown there (`SectionFlash`), where the partner is, not on top. */
	section?: string
}
