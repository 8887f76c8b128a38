import { createInstance, type i18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { createContext, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { defaultLanguage, defaultNS, resources, supportedLanguages } from '#app/locales/index'

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

/**
 * One initialised i18next instance per language for the whole process: the
 * resources are bundled and nothing changes an instance's language, so a
 * request only picks one (no per-request instance, init or plural rules).
 */
const instances = new Map<Language, i18n>()
function instanceFor(lng: Language): i18n {
	let instance = instances.get(lng)
	if (!instance) {
		instance = createInstance({
			resources,
			lng,
			defaultNS,
			fallbackLng: defaultLanguage,
			supportedLngs: [...supportedLanguages],
			interpolation: { escapeValue: false },
			initAsync: false,
		})
		// Bundled resources: init finishes synchronously.
		void instance.use(initReactI18next).init()
		keepTranslations(instance)
		instances.set(lng, instance)
		views.set(instance, Object.create(instance) as i18n)
	}
	return instance
}

/**
 * What `I18nextProvider` gets while rendering: an object with no own
 * properties whose prototype is the shared instance. `useTranslation` copies
 * the own properties of the instance it is given on every call (to notice a
 * language change); through this view that copy is empty, not the ~40
 * properties of an instance, for each component of each server render.
 */
const views = new WeakMap<i18n, i18n>()

type FixedT = ((key: unknown, options?: unknown, ...rest: unknown[]) => unknown) & {
	lng?: unknown
	lngs?: unknown
	ns?: unknown
	keyPrefix?: unknown
}
const KEPT_ANSWERS = 20_000

/** Options that make an answer a pure function of the key: primitives only, and a string answer. */
function plainOptions(options: unknown): options is Record<string, string | number | boolean | undefined> | undefined {
	if (options === undefined) return true
	if (typeof options !== 'object' || options === null || Object.getPrototypeOf(options) !== Object.prototype)
		return false
	for (const [name, value] of Object.entries(options)) {
		if (name === 'returnObjects' || name === 'postProcess') return false
		if (value !== undefined && typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
			return false
	}
	return true
}

/**
 * Translations of a shared instance are pure (bundled resources, one fixed
 * language): the `t` functions that `useTranslation` asks for are made once
 * per language/namespaces/prefix, and their answers to plain options are
 * kept (a bounded map). i18next otherwise copies all of its options on every
 * call, for every string of every server render.
 */
function keepTranslations(instance: i18n) {
	const getFixedT = instance.getFixedT.bind(instance) as unknown as (...args: unknown[]) => FixedT
	const fixedTs = new Map<string, FixedT>()
	const answers = new Map<string, string>()
	instance.getFixedT = ((lng: unknown, ns: unknown, keyPrefix: unknown, fixedOptions: unknown) => {
		if (fixedOptions !== undefined || (keyPrefix !== undefined && typeof keyPrefix !== 'string'))
			return getFixedT(lng, ns, keyPrefix, fixedOptions)
		const id = JSON.stringify([lng ?? null, ns ?? null, keyPrefix ?? null])
		let kept = fixedTs.get(id)
		if (!kept) {
			const fixed = getFixedT(lng, ns, keyPrefix)
			const t = (key: unknown, options?: unknown, ...rest: unknown[]) => {
				if (typeof key !== 'string' || rest.length || !plainOptions(options)) return fixed(key, options, ...rest)
				const answerId = `${id}\u0000${key}\u0000${options ? JSON.stringify(options) : ''}`
				const known = answers.get(answerId)
				if (known !== undefined) return known
				const answer = fixed(key, options)
				if (typeof answer === 'string') {
					if (answers.size >= KEPT_ANSWERS) answers.clear()
					answers.set(answerId, answer)
				}
				return answer
			}
			kept = Object.assign(t, { lng: fixed.lng, lngs: fixed.lngs, ns: fixed.ns, keyPrefix: fixed.keyPrefix })
			fixedTs.set(id, kept)
		}
		return kept
	}) as unknown as i18n['getFixedT']
}

const localeContext = createContext<Language>()
const i18nContext = createContext<i18n>()

export const i18nMiddleware: MiddlewareFunction<Response> = ({ request, context }, next) => {
	const lng = languageFor(request.headers.get('accept-language'))
	context.set(localeContext, lng)
	context.set(i18nContext, instanceFor(lng))
	return next()
}

type Context = Readonly<RouterContextProvider>

/** The language of this request. */
export const getLocale = (context: Context) => context.get(localeContext)

/** The i18next instance of this request's language (shared: never change its language). */
export const getI18n = (context: Context) => context.get(i18nContext)

/** `getI18n` for `I18nextProvider` in a server render (see `views`). */
export const getI18nForRender = (context: Context) => views.get(getI18n(context)) ?? getI18n(context)

/** The translate function for this request (loaders, actions, meta). */
export function getT(context: Context) {
	return getI18n(context).t
}
