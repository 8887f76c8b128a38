import i18next from 'i18next'
import resourcesToBackend from 'i18next-resources-to-backend'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { HydratedRouter } from 'react-router/dom'
import { getInitialNamespaces } from 'remix-i18next/client'
import { i18nOptions } from '#app/i18n'
import { defaultLanguage } from '#app/locales/index'

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

// The server's language and the matched routes' namespaces load before hydration, so it renders once (decision 0018).
void i18next
	.use(initReactI18next)
	.use(resourcesToBackend((language: string, namespace: string) => import(`./locales/${language}/${namespace}.json`)))
	.init({ ...i18nOptions, lng: document.documentElement.lang || defaultLanguage, ns: getInitialNamespaces() })
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
