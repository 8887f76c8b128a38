import i18next from 'i18next'
import type { RouterContextProvider } from 'react-router'
import { createI18nextMiddleware } from 'remix-i18next/middleware'
import { i18nOptions, type TFunction } from '#app/i18n'
import { defaultLanguage, supportedLanguages } from '#app/locales/index'
import { resources } from '#app/locales/resources.server'

/** The server bundles every language's catalogue: nothing is loaded while a request waits. */
const serverOptions = { ...i18nOptions, resources, ns: Object.keys(resources[defaultLanguage]), initAsync: false }

// The process's own instance, for `fixedT` (meta functions rendered on the server).
void i18next.init(serverOptions)

/**
 * remix-i18next's middleware: the language of each request from its Accept-Language header (en-GB is the only one
 * today, spec point 1; the partner's own locale joins when a second language does) and an i18next instance of that
 * language for loaders, actions and the render (`I18nextProvider` in `entry.server.tsx`).
 */
export const [i18nMiddleware, getLocale, getInstance] = createI18nextMiddleware({
	detection: { supportedLanguages: [...supportedLanguages], fallbackLanguage: defaultLanguage, order: ['header'] },
	i18next: serverOptions,
})

/** The translate function of this request (loaders, actions): default namespace, `ns:key` for others. */
export const getT = (context: Readonly<RouterContextProvider>): TFunction => getInstance(context).t
