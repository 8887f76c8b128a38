import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider } from 'react-i18next'
import { HydratedRouter } from 'react-router/dom'
import { createClientI18n } from '#app/i18n'

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

void createClientI18n().then((i18n) => {
	startTransition(() => {
		hydrateRoot(
			document,
			<I18nextProvider i18n={i18n}>
				<StrictMode>
					<HydratedRouter />
				</StrictMode>
			</I18nextProvider>,
		)
	})
})
