import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { resources } from './resources.server'

/** Every string of a catalogue with its dotted key (`ns:a.b.c`). */
function strings(value: unknown, key: string): Array<[string, string]> {
	if (typeof value === 'string') return [[key, value]]
	if (typeof value !== 'object' || value === null) return []
	return Object.entries(value).flatMap(([name, child]) =>
		strings(child, key.endsWith(':') ? key + name : `${key}.${name}`),
	)
}

/** "too soon" and "as soon as" are fine; "soon" alone promises a page that does not exist yet. */
const STALE = /\b(?:TODO|TBD|FIXME|coming|lorem)\b|(?<!\btoo |\bas )\bsoon\b/i

describe.each(Object.entries(resources))('the %s catalogue', (_language, namespaces) => {
	const all = Object.entries(namespaces).flatMap(([ns, tree]) => strings(tree, `${ns}:`))

	test('has no promise of later work or placeholder left in it', () => {
		expect(all.filter(([, text]) => STALE.test(text))).toEqual([])
	})

	test('the check catches stale text', () => {
		expect(
			['The other sections get their own pages soon.', 'Coming next month', 'TODO'].every((t) => STALE.test(t)),
		).toBe(true)
		expect(['It is too soon to send a new code.', 'saved as soon as you switch it'].some((t) => STALE.test(t))).toBe(
			false,
		)
	})
})

/**
 * The keys the code writes out with their namespace (`'settings:logo.tooLarge.title'`, `` `validation:${key}` ``)
 * that are not in the catalogue: a whole key must be a string (or the `_one`/`_other` forms of a plural), the part
 * before a `${…}` a group of strings. Where a key reaches i18next's `t` the typecheck already says so; this also sees
 * keys kept as data before they are translated, and any the types do not narrow.
 */
function missingKeys(source: string, catalogue: Record<string, unknown>): string[] {
	const namespaces = Object.keys(catalogue).join('|')
	const written = new RegExp(String.raw`['"\x60](${namespaces}):([\w.]+)(\$\{)?`, 'g')
	const missing: string[] = []
	for (const [, ns, path, built] of source.matchAll(written)) {
		const at = (key: string) =>
			key
				.split('.')
				.reduce<unknown>((tree, part) => (tree as Record<string, unknown> | undefined)?.[part], catalogue[ns!])
		const ok = built
			? path!.endsWith('.') && typeof at(path!.slice(0, -1)) === 'object'
			: typeof at(path!) === 'string' ||
				(typeof at(`${path}_one`) === 'string' && typeof at(`${path}_other`) === 'string')
		if (!ok) missing.push(`${ns}:${path}${built ? '${…}' : ''}`)
	}
	return missing
}

describe('the keys the code names', () => {
	const app = new URL('../', import.meta.url)
	const files = readdirSync(app, { recursive: true, encoding: 'utf8' }).filter(
		(file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith('.d.ts'),
	)

	test('are in the en-GB catalogue', () => {
		expect(files.length).toBeGreaterThan(100)
		const missing = files.flatMap((file) =>
			missingKeys(readFileSync(new URL(file, app), 'utf8'), resources['en-GB']).map((key) => `${file}: ${key}`),
		)
		expect(missing).toEqual([])
	})

	test('the check catches a key that is not there, whole or built', () => {
		const catalogue = resources['en-GB']
		expect(missingKeys("t('settings:logo.tooLarge.title'), t(`validation:${key}`)", catalogue)).toEqual([])
		expect(missingKeys("t('common:duration.second', { count })", catalogue)).toEqual([])
		expect(
			missingKeys(
				"t('settings:logo.tooLarge.nope'), key: 'auth:nope', t(`services:nope.${x}`), t(`common:appName${x}`)",
				catalogue,
			),
		).toEqual(['settings:logo.tooLarge.nope', 'auth:nope', 'services:nope.${…}', 'common:appName${…}'])
	})
})
