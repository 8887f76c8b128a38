import i18next from 'i18next'
import resourcesToBackend from 'i18next-resources-to-backend'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { HydratedRouter } from 'react-router/dom'
import { getInitialNamespaces } from 'remix-i18next/client'
import { i18nOptions } from '#app/i18n'
import { defaultLanguage, type Namespace } from '#app/locales/index'

declare global {
	interface Window {
		ENV?: { SENTRY_DSN?: string; MODE?: string }
	}
}

// Error reporting is loaded only when configured, so it costs nothing otherwise.
const dsn = window.ENV?.SENTRY_DSN
if (dsn) {
	void import('#app/utils/sentry.client').then(({ initSentry }) => initSentry(dsn, window.ENV?.MODE))
}

/** What every page may show: the layout, flash messages, form errors. */
const ALWAYS: Namespace[] = ['common', 'validation']

// The language is the one the server rendered (`<html lang>`), so hydration matches. Each namespace is a file of
// its own, built with a content hash: the page's namespaces (its routes' `handle.i18n`) load before it hydrates,
// any other when a page first asks for it (decision 0018).
void i18next
	.use(initReactI18next)
	.use(resourcesToBackend((language: string, namespace: string) => import(`./locales/${language}/${namespace}.json`)))
	.init({
		...i18nOptions,
		lng: document.documentElement.lang || defaultLanguage,
		ns: [...new Set([...ALWAYS, ...getInitialNamespaces()])],
	})
	.then(() => {
		startTransition(() => {
			hydrateRoot(
				document,
				<I18nextProvider i18n={i18next}>
					<StrictMode>
						<HydratedRouter />
					</StrictMode>
				</I18nextProvider>,
			)
		})
	})
