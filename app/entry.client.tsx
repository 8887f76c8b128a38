import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { setTranslations, Translations, TranslationsProvider, type Catalogue } from '#app/i18n'
import { catalogueUrls } from '#app/locales/catalogue-urls'
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

/** The en-GB catalogue, one JSON file per namespace (the root preloads them). */
async function loadCatalogue(): Promise<Catalogue> {
	const entries = await Promise.all(
		Object.entries(catalogueUrls).map(async ([ns, url]) => {
			const response = await fetch(url)
			if (!response.ok) throw new Error(`translations ${ns}: ${response.status}`)
			return [ns, (await response.json()) as Record<string, unknown>] as const
		}),
	)
	return Object.fromEntries(entries)
}

// Without its strings the page stays as the server sent it, which works without JavaScript.
void loadCatalogue().then((catalogue) => {
	const translations = new Translations(defaultLanguage, catalogue)
	setTranslations(translations)
	startTransition(() => {
		hydrateRoot(
			document,
			<TranslationsProvider value={translations}>
				<StrictMode>
					<HydratedRouter />
				</StrictMode>
			</TranslationsProvider>,
		)
	})
})
