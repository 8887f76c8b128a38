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
