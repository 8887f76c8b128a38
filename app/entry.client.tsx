import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { setTranslations, Translations, TranslationsProvider, type Catalogue } from '#app/i18n'
import { catalogueUrl } from '#app/locales/catalogue-url'
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

/** The en-GB catalogue: one JSON file of every namespace (the root preloads it). */
async function loadCatalogue(): Promise<Catalogue> {
	const response = await fetch(catalogueUrl)
	if (!response.ok) throw new Error(`translations: ${response.status}`)
	return (await response.json()) as Catalogue
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
