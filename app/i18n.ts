import {
	cloneElement,
	createContext,
	createElement,
	Fragment,
	isValidElement,
	useContext,
	type ReactElement,
	type ReactNode,
} from 'react'
import { defaultLanguage, defaultNS } from '#app/locales/index'
import { remembered } from '#app/utils/remembered'

/**
 * The portal's translations: about 1 KB (gzip) instead of i18next and
 * react-i18next (issue 13, first-load JavaScript). What the catalogue uses,
 * and nothing more: namespaces (`ns:key`, or the namespaces a component
 * asks for, searched in order), nested keys (`a.b.c`), `{{name}}`
 * interpolation (React escapes what it renders), plurals by `count`
 * (`_zero` when it is 0, then the language's plural rule, then the bare key)
 * and `<Trans>` for tags inside a string. The server bundles the catalogue;
 * the browser fetches it as JSON (`app/locales/catalogue-url.ts`).
 */

export type Catalogue = Record<string, Record<string, unknown>>
export type TOptions = { count?: number; [name: string]: unknown }
export type TFunction = (key: string, options?: TOptions) => string

const INTERPOLATION = /\{\{\s*([\w.]+)\s*\}\}/
/**
 * A text split at its `{{name}}`s: text, name, text, … (one part when it has
 * none), kept by text: the catalogue's few hundred texts are interpolated on
 * every render.
 */
const templateParts = remembered((text: string): readonly string[] => text.split(INTERPOLATION), 10_000)

export class Translations {
	private readonly plurals: Intl.PluralRules
	private readonly fixed = new Map<string, TFunction>()

	constructor(
		readonly language: string,
		private readonly catalogue: Catalogue,
	) {
		this.plurals = new Intl.PluralRules(language)
	}

	/**
	 * Answers of `find`, by namespace then key: a page looks up the same few
	 * hundred keys on every render. Bounded, in case a key is ever made of data.
	 */
	private readonly found = new Map<string, (key: string) => string | null>()

	private lookup(namespaces: readonly string[], key: string): string | undefined {
		for (const ns of namespaces) {
			let inNamespace = this.found.get(ns)
			if (!inNamespace) {
				inNamespace = remembered((name: string) => this.find(ns, name) ?? null, 10_000)
				this.found.set(ns, inNamespace)
			}
			const text = inNamespace(key)
			if (text !== null) return text
		}
		return undefined
	}

	/** The language's plural category of a count ("one", "other"), kept: `Intl` is the costly part of a plural. */
	private readonly plural = remembered((count: number) => this.plurals.select(count), 1_000)

	private find(ns: string, key: string): string | undefined {
		let node: unknown = this.catalogue[ns]
		for (const part of key.split('.')) {
			if (node === null || typeof node !== 'object') return undefined
			node = (node as Record<string, unknown>)[part]
		}
		return typeof node === 'string' ? node : undefined
	}

	/** `key` in the first of `namespaces` that has it (an `ns:` prefix names one); the key itself if none does. */
	translate(namespaces: readonly string[], key: string, options?: TOptions): string {
		const colon = key.indexOf(':')
		if (colon > 0 && key.slice(0, colon) in this.catalogue) {
			namespaces = [key.slice(0, colon)]
			key = key.slice(colon + 1)
		}
		const count = options?.count
		let text: string | undefined
		if (typeof count === 'number') {
			if (count === 0) text = this.lookup(namespaces, `${key}_zero`)
			text ??= this.lookup(namespaces, `${key}_${this.plural(count)}`)
		}
		text ??= this.lookup(namespaces, key) ?? key
		if (!options) return text
		const parts = templateParts(text)
		if (parts.length === 1) return text
		let result = parts[0]!
		for (let index = 1; index < parts.length; index += 2) {
			const value = options[parts[index]!]
			result += `${value === undefined || value === null ? '' : String(value)}${parts[index + 1]}`
		}
		return result
	}

	/** A `t` for these namespaces (the default one if none), made once and kept. */
	fixedT(ns: string | readonly string[] = defaultNS): TFunction {
		const namespaces = typeof ns === 'string' ? [ns] : ns
		const id = namespaces.join(',')
		let t = this.fixed.get(id)
		if (!t) {
			t = (key, options) => this.translate(namespaces, key, options)
			this.fixed.set(id, t)
		}
		return t
	}
}

/**
 * The translations of the language in use, for code outside React and the
 * request (meta functions), set once per process: by the server at start-up
 * (`app/middleware/i18n.server.ts`), by the browser before it hydrates.
 */
let current = new Translations(defaultLanguage, {})

export function setTranslations(translations: Translations) {
	current = translations
}

/** en-GB `t` for code outside React and the request, such as meta functions (server and browser). */
export const fixedT: TFunction = (key, options) => current.translate([defaultNS], key, options)

const TranslationsContext = createContext<Translations | null>(null)

export const TranslationsProvider = TranslationsContext.Provider

/** `t` for these namespaces (searched in order; the default one if none). */
export function useTranslation(ns?: string | readonly string[]) {
	const translations = useContext(TranslationsContext) ?? current
	return { t: translations.fixedT(ns) }
}

const TAG = /<(\/?)([\w-]+)\s*(\/?)>/g

/**
 * A translation with tags, rendered with these elements: `<0>…</0>` takes
 * `components[0]`, `<lang>…</lang>` takes `components.lang`, the text
 * between the tags becoming the element's children. Unknown tags render
 * their text only; a value is always text, never tags.
 */
export function Trans({
	t,
	i18nKey,
	values,
	components,
}: {
	t: TFunction
	i18nKey: string
	values?: TOptions
	components: readonly ReactElement[] | Readonly<Record<string, ReactElement>>
}) {
	// Values go in after the tags are found, so a value's own "<…>" stays text.
	const names = Object.keys(values ?? {})
	const marked = Object.fromEntries(
		names.map((name, i) => [name, typeof values![name] === 'number' ? values![name] : `\uE000${i}\uE001`]),
	)
	const text = t(i18nKey, values && marked)
	const fill = (segment: string) =>
		segment.replace(/\uE000(\d+)\uE001/g, (_, i: string) => String(values![names[Number(i)]!] ?? ''))
	type Open = { name: string; children: ReactNode[] }
	const stack: Open[] = [{ name: '', children: [] }]
	let index = 0
	let keys = 0
	const close = (open: Open) => {
		const component = (components as Record<string, ReactElement | undefined>)[open.name]
		const node = isValidElement(component)
			? cloneElement(component, { key: keys++ }, ...open.children)
			: createElement(Fragment, { key: keys++ }, ...open.children)
		stack.at(-1)!.children.push(node)
	}
	for (const match of text.matchAll(TAG)) {
		if (match.index > index) stack.at(-1)!.children.push(fill(text.slice(index, match.index)))
		index = match.index + match[0].length
		const [, closing, name, selfClosing] = match
		if (selfClosing) close({ name: name!, children: [] })
		else if (!closing) stack.push({ name: name!, children: [] })
		else if (stack.length > 1 && stack.at(-1)!.name === name) close(stack.pop()!)
	}
	if (index < text.length) stack.at(-1)!.children.push(fill(text.slice(index)))
	while (stack.length > 1) close(stack.pop()!)
	return createElement(Fragment, null, ...stack[0]!.children)
}
