// Unit tests read configuration through getConfig(); give them a valid one.
import { portalEnv } from './processes'
import { setTranslations, Translations } from '#app/i18n'
import { defaultLanguage } from '#app/locales/index'
import { resources } from '#app/locales/resources.server'

for (const [key, value] of Object.entries(portalEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }))) {
	if (key !== 'PATH' && key !== 'HOME') process.env[key] = value
}

// Components and `fixedT` translate with the en-GB catalogue, as on the server.
setTranslations(new Translations(defaultLanguage, resources[defaultLanguage]))
