import type { InitOptions, ParseKeys } from 'i18next'
import { useMatches } from 'react-router'
import { defaultLanguage, defaultNS, supportedLanguages, type Namespace } from '#app/locales/index'

/** Shared by the server's per-request instance and the browser's. */
export const i18nOptions = {
	supportedLngs: [...supportedLanguages],
	fallbackLng: defaultLanguage,
	// "en-GB" only, never a lookup of "en" first: the catalogue has no such language.
	load: 'currentOnly',
	defaultNS,
	ns: [defaultNS],
	// React escapes what it renders (and react-i18next's `Trans` escapes its values before it reads the tags).
	interpolation: { escapeValue: false },
	// A value that is not there (a name before its page has loaded) reads as nothing, not as "{{name}}".
	missingInterpolationHandler: () => '',
} satisfies InitOptions

/** A namespaced catalogue key chosen away from the `t` that reads it (a flash message, a refusal's page). */
export type KeyWithNamespace = Extract<ParseKeys<Namespace[]>, `${string}:${string}`>

export type I18nHandle = { i18n: Namespace[] }

/** The namespaces the matched routes name in `handle.i18n`, the root's first (decision 0018). */
export function useRouteNamespaces(): Namespace[] {
	const named = useMatches().flatMap(({ handle }) =>
		typeof handle === 'object' && handle !== null && 'i18n' in handle ? (handle as I18nHandle).i18n : [],
	)
	return [...new Set(named)]
}
