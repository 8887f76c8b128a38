import { createContext, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { setTranslations, Translations } from '#app/i18n'
import { defaultLanguage, supportedLanguages } from '#app/locales/index'
import { resources } from '#app/locales/resources.server'

type Language = (typeof supportedLanguages)[number]

/**
 * The language of a request from its Accept-Language header: the supported
 * language the browser prefers most (exact tag, else same primary subtag),
 * else the default. en-GB is the only one today (spec point 1).
 */
export function languageFor(acceptLanguage: string | null): Language {
	const wanted = (acceptLanguage ?? '')
		.split(',')
		.map((part, index) => {
			const [tag = '', ...params] = part.trim().split(';')
			const q = Number(
				params
					.find((p) => p.trim().startsWith('q='))
					?.trim()
					.slice(2) ?? '1',
			)
			return { tag: tag.trim().toLowerCase(), q: Number.isFinite(q) ? q : 0, index }
		})
		.filter((entry) => entry.tag && entry.q > 0)
		.sort((a, b) => b.q - a.q || a.index - b.index)
	for (const { tag } of wanted) {
		const exact = supportedLanguages.find((language) => language.toLowerCase() === tag)
		if (exact) return exact
		const primary = supportedLanguages.find((language) => language.toLowerCase().split('-')[0] === tag.split('-')[0])
		if (primary) return primary
	}
	return defaultLanguage
}

/** One `Translations` per language for the whole process: the catalogue is bundled and never changes. */
const translations = new Map<Language, Translations>(
	supportedLanguages.map((language) => [language, new Translations(language, resources[language])]),
)
const translationsFor = (lng: Language) => translations.get(lng)!
setTranslations(translationsFor(defaultLanguage))

const localeContext = createContext<Language>()
const translationsContext = createContext<Translations>()

export const i18nMiddleware: MiddlewareFunction<Response> = ({ request, context }, next) => {
	const lng = languageFor(request.headers.get('accept-language'))
	context.set(localeContext, lng)
	context.set(translationsContext, translationsFor(lng))
	return next()
}

type Context = Readonly<RouterContextProvider>

/** The language of this request. */
export const getLocale = (context: Context) => context.get(localeContext)

/** The translations of this request's language (for `TranslationsProvider` in a server render). */
export const getTranslations = (context: Context) => context.get(translationsContext)

/** The translate function for this request (loaders, actions): default namespace, `ns:key` for others. */
export const getT = (context: Context) => getTranslations(context).fixedT()
