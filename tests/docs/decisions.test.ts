/**
 * Decision records stay a page (issue 45): a title, a Status line, the context, the decision, the consequences, and
 * links to `docs/bench/` for dated measurements. Every relative link in the records and the measurements resolves,
 * and every measurement is in the bench index.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'

const root = path.resolve(import.meta.dirname, '..', '..')
const decisionsDir = path.join(root, 'docs', 'decisions')
const benchDir = path.join(root, 'docs', 'bench')
/** About a page: the records aim at 300–700 words; past this one a record is turning into a lab notebook again. */
const MAX_WORDS = 850

const markdownIn = (dir: string) =>
	readdirSync(dir)
		.filter((name) => name.endsWith('.md'))
		.sort()
		.map((name) => ({ name, file: path.join(dir, name), text: readFileSync(path.join(dir, name), 'utf8') }))

const records = markdownIn(decisionsDir).filter(({ name }) => /^\d{4}-/.test(name))
const bench = markdownIn(benchDir)
/** `wc -w`: runs of non-whitespace. */
const words = (text: string) => text.split(/\s+/).filter(Boolean).length

test('the decision records are found', () => {
	expect(records.length).toBeGreaterThanOrEqual(26)
})

describe.each(records)('$name', ({ name, text }) => {
	test(`is at most ${MAX_WORDS} words (dated measurements go to docs/bench/)`, () => {
		expect(words(text)).toBeLessThanOrEqual(MAX_WORDS)
	})

	test('opens with its number and title, then a Status line', () => {
		const [title, ...rest] = text.split('\n')
		expect(title).toMatch(new RegExp(`^# ${name.slice(0, 4)}\\b`))
		expect(rest.slice(0, 4).find((line) => line.startsWith('Status:'))).toMatch(
			/^Status: (accepted|superseded by \d{4}|amended by \d{4})\b/i,
		)
	})

	test('has a Context, a Decision and Consequences', () => {
		const headings = text.split('\n').filter((line) => line.startsWith('## '))
		expect(headings.some((heading) => heading.startsWith('## Context'))).toBe(true)
		expect(headings.some((heading) => heading.startsWith('## Decision'))).toBe(true)
		expect(headings.some((heading) => heading.startsWith('## Consequences'))).toBe(true)
	})
})

test.each([...records, ...bench].map(({ name, file, text }) => ({ name, file, text })))(
	'$name: every relative link resolves',
	({ file, text }) => {
		const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g)]
			.map((match) => match[1]!.split('#')[0]!)
			.filter((target) => target && !/^[a-z]+:/.test(target))
		const missing = targets.filter((target) => !existsSync(path.resolve(path.dirname(file), target)))
		expect(missing).toEqual([])
	},
)

test('every measurement is dated and listed in docs/bench/README.md', () => {
	const index = bench.find(({ name }) => name === 'README.md')?.text ?? ''
	const runs = bench.filter(({ name }) => name !== 'README.md')
	expect(
		runs.map(({ name }) => name).filter((name) => !/^(\d{4}-\d{2}-\d{2}|stop-\d+)-[a-z0-9-]+\.md$/.test(name)),
	).toEqual([])
	expect(runs.map(({ name }) => name).filter((name) => !index.includes(`(${name})`))).toEqual([])
})
