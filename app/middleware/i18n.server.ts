import type { RouterContextProvider } from 'react-router'
import { createI18nextMiddleware } from 'remix-i18next/middleware'
import { i18nOptions } from '#app/i18n'
import { defaultLanguage, supportedLanguages } from '#app/locales/index'
import { resources } from '#app/locales/resources.server'

/**
 * remix-i18next's middleware, as its README sets it up: each request gets its own i18next instance in the language
 * found in its Accept-Language header (en-GB is the only one today, spec point 1; the partner's own locale joins when
 * a second language does), initialised with every language's catalogue bundled in (`resources`: nothing is loaded
 * while a request waits, and i18next initialises such an instance at once).
 * No react-i18next plugin: the render gets the request's instance from `I18nextProvider` (`entry.server.tsx`), and
 * react-i18next's global instance would be whichever request came last. Loaders and actions read it with `getT`.
 */
export const [i18nMiddleware, getLocale, getInstance] = createI18nextMiddleware({
	detection: {
		supportedLanguages: [...supportedLanguages],
		fallbackLanguage: defaultLanguage,
		order: ['header'],
	},
	i18next: { ...i18nOptions, resources, ns: Object.keys(resources[defaultLanguage]) },
})

/** The translate function of this request (loaders, actions): default namespace, `ns:key` for others. */
export const getT = (context: Readonly<RouterContextProvider>) => getInstance(context).t
