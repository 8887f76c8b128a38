/**
 * The app's imports run one way (decision 0026): no cycle, type-only imports included; and no source reads a
 * library's private internals (issue 53).
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { execFileSync } from 'node:child_process'
import { expect, test } from 'vitest'
import { projectRoot } from '#tests/setup/processes'

const sources = execFileSync('git', ['ls-files', 'app'], { cwd: projectRoot, encoding: 'utf8' })
	.split('\n')
	.filter((file) => /\.(ts|tsx|js)$/.test(file) && !/\.test\.tsx?$/.test(file))
	.filter((file) => existsSync(path.join(projectRoot, file)))

const SPECIFIER = /\bfrom\s+['"]([^'"\n]+)['"]/g

/** The app file `specifier` names from `file`, or null for a package or an asset. */
function resolve(file: string, specifier: string): string | null {
	const bare = specifier.split('?', 1)[0]!
	const base = bare.startsWith('#app/')
		? path.join('app', bare.slice('#app/'.length))
		: bare.startsWith('.')
			? path.join(path.dirname(file), bare)
			: null
	if (base === null) return null
	const found = ['', '.ts', '.tsx', '.js', '/index.ts'].map((ext) => base + ext)
	return found.find((candidate) => sources.includes(candidate)) ?? null
}

const graph = new Map(
	sources.map((file) => {
		const text = readFileSync(path.join(projectRoot, file), 'utf8')
		const targets = [...text.matchAll(SPECIFIER)].map((match) => resolve(file, match[1]!))
		return [file, [...new Set(targets.filter((target): target is string => target !== null))]]
	}),
)

/** Every cycle found by a depth-first walk, each as the files around it. */
function cycles() {
	const found: string[][] = []
	const done = new Set<string>()
	const walk = (file: string, trail: string[]) => {
		const at = trail.indexOf(file)
		if (at >= 0) return void found.push([...trail.slice(at), file])
		if (done.has(file)) return
		for (const next of graph.get(file) ?? []) walk(next, [...trail, file])
		done.add(file)
	}
	for (const file of sources) walk(file, [])
	return found.map((cycle) => cycle.join(' → '))
}

test('the import graph covers the app', () => {
	expect(sources.length).toBeGreaterThan(100)
	expect(existsSync(path.join(projectRoot, 'app/root.tsx'))).toBe(true)
	expect(graph.get('app/root.tsx')).toContain('app/context.server.ts')
})

test('no import cycle in app/, type-only imports included', () => {
	expect(cycles()).toEqual([])
})

test('forms code imports no middleware: middleware reads forms, never the reverse', () => {
	const forms = [...graph].filter(([file]) => file.startsWith('app/forms/'))
	expect(forms.length).toBeGreaterThan(3)
	expect(
		forms.flatMap(([file, imports]) =>
			imports.filter((i) => i.startsWith('app/middleware/')).map((i) => `${file} → ${i}`),
		),
	).toEqual([])
})

/** What reads a library's private internals: a deep import into its build, React Router's `UNSAFE_` exports, zod's `_zod`/`_def`. */
const PRIVATE_INTERNALS: ReadonlyArray<[string, RegExp]> = [
	['a deep import into a package build', /\bfrom\s+['"](?:@[\w.-]+\/)?[\w.-]+\/(?:dist|lib|src|build|internal)\//],
	["React Router's UNSAFE_ exports", /\bUNSAFE_(?!METHODS\b)\w+/],
	["zod's private definition", /\._zod\b|\._def\b/],
	["React Router's private data() tag", /['"]DataWithResponseInit['"]/],
]
const everySource = execFileSync('git', ['ls-files', 'app', 'tests', 'scripts', 'e2e', '*.ts', '*.mjs'], {
	cwd: projectRoot,
	encoding: 'utf8',
})
	.split('\n')
	.filter((file) => /\.(ts|tsx|js|mjs)$/.test(file) && file !== 'tests/imports.test.ts')
	.filter((file) => existsSync(path.join(projectRoot, file)))

test.each(PRIVATE_INTERNALS)('no source reads %s', (_, pattern) => {
	expect(everySource.length).toBeGreaterThan(300)
	const readers = everySource.filter((file) => pattern.test(readFileSync(path.join(projectRoot, file), 'utf8')))
	expect(readers).toEqual([])
})
