import type { InitOptions, ParseKeys } from 'i18next'
import { useMatches } from 'react-router'
import { defaultLanguage, defaultNS, supportedLanguages, type Namespace } from '#app/locales/index'

/**
 * The options every i18next instance of the portal shares: the server's one per request
 * (remix-i18next's middleware, `app/middleware/i18n.server.ts`) and the browser's
 * (`app/entry.client.tsx`). Components translate with react-i18next's `useTranslation` and `Trans`;
 * keys are typed from the en-GB catalogue (`app/types/i18next.d.ts`).
 */
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

/**
 * A key of the catalogue with its namespace (`settings:logo.tooLarge.title`), as i18next types them (`ParseKeys`),
 * for a key chosen away from the `t` that reads it: a flash message, a refusal's page.
 */
export type KeyWithNamespace = Extract<ParseKeys<Namespace[]>, `${string}:${string}`>

/** What a route module exports to name the namespaces its page shows: `export const handle = { i18n: [...] }`. */
export type I18nHandle = { i18n: Namespace[] }

function namespacesOf(handle: unknown): Namespace[] {
	if (typeof handle !== 'object' || handle === null || !('i18n' in handle)) return []
	return (handle as I18nHandle).i18n
}

/**
 * The namespaces the matched routes name in their `handle.i18n` (React Router's `useMatches`), the root's first.
 * The root layout asks react-i18next for all of them at once (`useTranslation(namespaces)`): in the browser they
 * load in parallel through the backend before the page hydrates or a navigation shows its page (decision 0018).
 */
export function useRouteNamespaces(): Namespace[] {
	return [...new Set(useMatches().flatMap((match) => namespacesOf(match.handle)))]
}
