import i18next, { type i18n, type InitOptions } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { defaultLanguage, defaultNS, resources, supportedLanguages } from '#app/locales/index'

const options: InitOptions = {
	resources,
	lng: defaultLanguage,
	defaultNS,
	fallbackLng: defaultLanguage,
	supportedLngs: [...supportedLanguages],
	interpolation: { escapeValue: false },
}

/** Browser-side i18next, with the same bundled en-GB resources as the server. */
export async function createClientI18n(): Promise<i18n> {
	const instance = i18next.createInstance()
	await instance.use(initReactI18next).init(options)
	return instance
}

const fixed = i18next.createInstance()
// Bundled resources: init finishes synchronously.
void fixed.init(options)

/** en-GB `t` for code outside React and the request, such as meta functions (server and browser). */
export const fixedT = fixed.getFixedT(defaultLanguage)
