import { initReactI18next } from 'react-i18next'
import { createI18nextMiddleware } from 'remix-i18next/middleware'
import { defaultLanguage, defaultNS, resources, supportedLanguages } from '#app/locales/index'

export const [i18nMiddleware, getLocale, getI18n] = createI18nextMiddleware({
	detection: {
		supportedLanguages: [...supportedLanguages],
		fallbackLanguage: defaultLanguage,
		// en-GB only: no cookie, no header sniffing needed, but keep the detector honest.
		order: ['header'],
	},
	i18next: {
		resources,
		defaultNS,
		fallbackLng: defaultLanguage,
		supportedLngs: [...supportedLanguages],
		interpolation: { escapeValue: false },
	},
	plugins: [initReactI18next],
})

/** The translate function for this request (loaders, actions, meta). */
export function getT(context: Parameters<typeof getI18n>[0]) {
	return getI18n(context).t
}
