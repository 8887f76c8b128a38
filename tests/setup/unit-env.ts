// Unit tests read configuration through getConfig(); give them a valid one.
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { vi } from 'vitest'
import { portalEnv } from './processes'
import { i18nOptions } from '#app/i18n'
import { defaultLanguage } from '#app/locales/index'
import { resources } from '#app/locales/resources.server'

// Each file gets fresh app modules (their per-process caches among them); the libraries stay loaded (isolate: false).
vi.resetModules()

for (const [key, value] of Object.entries(portalEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }))) {
	if (key !== 'PATH' && key !== 'HOME') process.env[key] = value
}

// Components (react-i18next without a provider) and the tests' `i18next.getFixedT('en-GB')` translate with the en-GB
// catalogue, as on the server.
await i18next.use(initReactI18next).init({
	...i18nOptions,
	lng: defaultLanguage,
	resources,
	ns: Object.keys(resources[defaultLanguage]),
	initAsync: false,
})
