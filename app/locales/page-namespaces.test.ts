/**
 * Every namespace a page's components use is named in the `handle.i18n` of the page's routes (decision 0018): the
 * browser loads only those before the page shows, so a namespace left out renders raw keys after a client navigation
 * with JavaScript (the server, which has every namespace, renders it right). Read from the source: the modules each
 * route of a page imports (statically, its `*.server` ones aside), and what they ask react-i18next for:
 * `useTranslation('ns')`, `useTranslation(['ns', …])` and keys written with their namespace (`'ns:key'`).
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { RouteConfigEntry } from '@react-router/dev/routes'
import { describe, expect, test } from 'vitest'
import { resources } from './resources.server'
import routes from '#app/routes'

const appDir = path.dirname(new URL(import.meta.url).pathname).replace(/\/locales$/, '')
const namespaces = Object.keys(resources['en-GB'])

/**
 * Namespaces a module names that its pages need not load first. The logo's type and dimensions messages are the
 * action's (the browser says only the size before sending; `validation` loads with a form's schema). The signed-in
 * layout shows "Email verification required" (`auth`) instead of a page only to a partner who has not verified their
 * email; react-i18next loads the namespace as it renders (no page names it: a known gap, left as it is).
 */
const NOT_AT_FIRST_RENDER: Record<string, string[]> = {
	'services/logo.ts': ['validation'],
	'components/verification-required.tsx': ['auth'],
}

/**
 * Pages that import a module for what they never show: a confirmation page without an identity step never renders
 * its code field (`auth`).
 */
const NEVER_SHOWN: Record<string, string[]> = {
	'routes/services/logo-remove.tsx': ['auth'],
	'routes/services/verifications-reset.tsx': ['auth'],
	'routes/services/verifications-submit.tsx': ['auth'],
	'routes/services/verifications-cancel.tsx': ['auth'],
}

/** The forms' schemas: actions import them, and a form loads its own once the page is there (`useAppForm`). */
const LOADED_LATER = /\/schemas\.ts$/

function resolve(specifier: string, from: string): string | null {
	const base = specifier.startsWith('#app/')
		? path.join(appDir, specifier.slice('#app/'.length))
		: specifier.startsWith('.')
			? path.resolve(path.dirname(from), specifier)
			: null
	if (!base) return null
	return (
		['', '.ts', '.tsx', '/index.ts'].map((ext) => base + ext).find((file) => existsSync(file) && !file.endsWith('/')) ??
		null
	)
}

/** The namespaces a module and the modules it imports (statically, not types, not `*.server`) use. */
function namespacesUsed(file: string, seen = new Set<string>()): Map<string, string> {
	const found = new Map<string, string>()
	if (seen.has(file) || /\.server\.tsx?$/.test(file) || LOADED_LATER.test(file) || !/\.tsx?$/.test(file)) return found
	seen.add(file)
	const source = readFileSync(file, 'utf8')
		.replace(/\/\*[\s\S]*?\*\//g, '')
		.replace(/(^|\s)\/\/.*$/gm, '$1')
	const relative = path.relative(appDir, file)
	const skip = new Set(NOT_AT_FIRST_RENDER[relative])
	const note = (ns: string) => {
		if (!skip.has(ns) && !found.has(ns)) found.set(ns, relative)
	}
	for (const [, args] of source.matchAll(/useTranslation\(\s*(\[[^\]]*\]|'[^']*')/g))
		for (const [, ns] of args!.matchAll(/'([\w-]+)'/g)) note(ns!)
	for (const [, ns] of source.matchAll(new RegExp(String.raw`['"\x60](${namespaces.join('|')}):[\w.$]`, 'g'))) note(ns!)
	for (const [, specifier] of source.matchAll(/^import (?!type )[^;]*?from '([^']+)'/gm)) {
		const imported = resolve(specifier!, file)
		if (!imported) continue
		for (const [ns, where] of namespacesUsed(imported, seen)) if (!found.has(ns)) found.set(ns, where)
	}
	return found
}

/** Every page (a route with no child) with the route modules above it, the root first. */
function pages(entries: RouteConfigEntry[], above: string[]): string[][] {
	return entries.flatMap((entry) =>
		entry.children?.length ? pages(entry.children, [...above, entry.file]) : [[...above, entry.file]],
	)
}

async function handleNamespaces(file: string): Promise<string[]> {
	const module = (await import(/* @vite-ignore */ path.join(appDir, file))) as { handle?: { i18n?: string[] } }
	return module.handle?.i18n ?? []
}

describe('the namespaces of a page', () => {
	const all = pages(routes, ['root.tsx']).filter((chain) => /\.tsx$/.test(chain.at(-1)!))

	test.each(all.map((chain) => [chain.at(-1)!, chain] as const))('%s names every one it uses', async (_page, chain) => {
		const named = new Set((await Promise.all(chain.map(handleNamespaces))).flat())
		const seen = new Set<string>()
		const used = new Map(chain.flatMap((file) => [...namespacesUsed(path.join(appDir, file), seen)]))
		const unshown = new Set(NEVER_SHOWN[chain.at(-1)!])
		const missing = [...used]
			.filter(([ns]) => !named.has(ns) && !unshown.has(ns))
			.map(([ns, where]) => `${ns} (${where})`)
		expect(missing).toEqual([])
	})

	test('the check sees a namespace a component uses, and one a key is written with', () => {
		const used = namespacesUsed(path.join(appDir, 'routes/services/details.tsx'))
		expect([...used.keys()]).toEqual(expect.arrayContaining(['services', 'statistics']))
		const rotate = namespacesUsed(path.join(appDir, 'routes/services/secrets-rotate.tsx'))
		expect(rotate.get('identity')).toBe('components/services/confirmation-page.tsx')
		expect(rotate.get('auth')).toBe('components/code-field.tsx')
		expect(rotate.has('services')).toBe(false)
	})
})
