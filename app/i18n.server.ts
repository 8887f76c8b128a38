import type { RouterContextProvider } from 'react-router'
import { createI18nextMiddleware } from 'remix-i18next/middleware'
import { i18nOptions } from '#app/i18n'
import { defaultLanguage, supportedLanguages } from '#app/locales/index'
import { resources } from '#app/locales/resources.server'

// Every catalogue is bundled in, so nothing loads while a request waits; no react-i18next plugin, whose global
// instance would be whichever request came last.
export const [i18nMiddleware, getLocale, getInstance] = createI18nextMiddleware({
	detection: {
		supportedLanguages: [...supportedLanguages],
		fallbackLanguage: defaultLanguage,
		order: ['header'],
	},
	i18next: { ...i18nOptions, resources, ns: Object.keys(resources[defaultLanguage]) },
})

export const getT = (context: Readonly<RouterContextProvider>) => getInstance(context).t
