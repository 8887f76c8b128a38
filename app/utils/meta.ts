import { fixedT } from '#app/i18n'
import type { Resources } from '#app/locales/index'

/** "a.b.c" for every string of a nested catalogue. */
type Leaves<T> = {
	[K in keyof T & string]: T[K] extends string ? K : `${K}.${Leaves<T[K]>}`
}[keyof T & string]

/** A translation key with its namespace, e.g. `auth:signIn.title`. */
export type TranslationKey = { [N in keyof Resources & string]: `${N}:${Leaves<Resources[N]>}` }[keyof Resources &
	string]

/**
 * `<title>` ("Page – Partner Portal") and meta description of a page, from
 * translation keys; pages without a description of their own get the portal's.
 */
export function pageTitle(title: TranslationKey, description: TranslationKey = 'common:meta.description') {
	return [
		{ title: fixedT('common:pageTitle', { title: fixedT(title) }) },
		{ name: 'description', content: fixedT(description) },
	]
}
