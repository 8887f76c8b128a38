import i18next, { type InitOptions, type TOptions } from 'i18next'
import { defaultLanguage, defaultNS, supportedLanguages } from '#app/locales/index'

/**
 * The options every i18next instance of the portal shares: the server's one per request
 * (remix-i18next's middleware, `app/middleware/i18n.server.ts`) and the browser's
 * (`app/entry.client.tsx`). Components translate with react-i18next's `useTranslation` and `Trans`.
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

/** A translate function as the portal's helpers take it: a key (an `ns:` prefix names a namespace) and values. */
export type TFunction = (key: string, options?: TOptions) => string

/**
 * `t` in the default language for what runs outside React and outside a request, such as meta functions: the
 * process's own i18next instance, which the server initialises with the bundled catalogue and the browser with the
 * namespaces of the page. The portal has one language (spec point 1); a second one moves page titles into loaders.
 */
export const fixedT: TFunction = (key, options) => i18next.t(key, { lng: defaultLanguage, ...options })
