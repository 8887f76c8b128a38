/**
 * The docs stay light (issues 45 and 53): a README of at most a screenful or two, decision records of about a page
 * (a title, a Status line, the context, the decision, the consequences; measurements go to `docs/benchmarks.md`,
 * dated runs to git history), and every relative link in the records, `docs/*.md` and the README resolves.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'

const root = path.resolve(import.meta.dirname, '..', '..')
const docsDir = path.join(root, 'docs')
const decisionsDir = path.join(docsDir, 'decisions')
/** Past this one a record is turning into a lab notebook again. */
const MAX_WORDS = 850
/** The records' median: a decision stated, not retold (issue 53). */
const MAX_MEDIAN_WORDS = 400
/** What a newcomer and an operator need first; the rest is in `docs/` (issue 53). */
const MAX_README_LINES = 150

const markdownIn = (dir: string) =>
	readdirSync(dir)
		.filter((name) => name.endsWith('.md'))
		.sort()
		.map((name) => ({ name, file: path.join(dir, name), text: readFileSync(path.join(dir, name), 'utf8') }))

const records = markdownIn(decisionsDir).filter(({ name }) => /^\d{4}-/.test(name))
const readme = {
	name: 'README.md',
	file: path.join(root, 'README.md'),
	text: readFileSync(path.join(root, 'README.md'), 'utf8'),
}
/** `wc -w`: runs of non-whitespace. */
const words = (text: string) => text.split(/\s+/).filter(Boolean).length
/** `wc -l`: newline characters. */
const lines = (text: string) => text.split('\n').length - 1

test('the decision records are found', () => {
	expect(records.length).toBeGreaterThanOrEqual(26)
})

test(`README.md is at most ${MAX_README_LINES} lines`, () => {
	expect(lines(readme.text)).toBeLessThanOrEqual(MAX_README_LINES)
})

test(`the decision records' median is at most ${MAX_MEDIAN_WORDS} words`, () => {
	const counts = records.map(({ text }) => words(text)).sort((a, b) => a - b)
	const middle = counts.length / 2
	const median = counts.length % 2 === 0 ? (counts[middle - 1]! + counts[middle]!) / 2 : counts[Math.floor(middle)]!
	expect(median).toBeLessThanOrEqual(MAX_MEDIAN_WORDS)
})

describe.each(records)('$name', ({ name, text }) => {
	test(`is at most ${MAX_WORDS} words (measurements go to docs/benchmarks.md)`, () => {
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

test.each(
	[...records.map((record) => ({ ...record, name: `decisions/${record.name}` })), ...markdownIn(docsDir), readme].map(
		({ name, file, text }) => ({ name, file, text }),
	),
)('$name: every relative link resolves', ({ file, text }) => {
	const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g)]
		.map((match) => match[1]!.split('#')[0]!)
		.filter((target) => target && !/^[a-z]+:/.test(target))
	const missing = targets.filter((target) => !existsSync(path.resolve(path.dirname(file), target)))
	expect(missing).toEqual([])
})

test('no dated bench runs are left in the tree (they are in git history; the figures are in docs/benchmarks.md)', () => {
	expect(existsSync(path.join(docsDir, 'bench'))).toBe(false)
	expect(existsSync(path.join(docsDir, 'benchmarks.md'))).toBe(true)
})
