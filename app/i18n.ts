import i18next, { type i18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { defaultLanguage, defaultNS, resources, supportedLanguages } from '#app/locales/index'

/** Browser-side i18next, with the same bundled en-GB resources as the server. */
export async function createClientI18n(): Promise<i18n> {
	const instance = i18next.createInstance()
	await instance.use(initReactI18next).init({
		resources,
		lng: defaultLanguage,
		defaultNS,
		fallbackLng: defaultLanguage,
		supportedLngs: [...supportedLanguages],
		interpolation: { escapeValue: false },
	})
	return instance
}
