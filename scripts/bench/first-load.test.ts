/**
 * The first-load budget (decision 0016: at most 160 KB gzip of scripts and translations a page downloads first),
 * from the build's manifests: a heavy import fails `npm test` (which builds before the unit tests), not only
 * `npm run bench`, and every page is held to it, not only the four the bench loads.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import type { ServerBuild } from 'react-router'
import { expect, test } from 'vitest'
import { manifestFirstLoads } from './first-load'
import { defaultLanguage } from '#app/locales/index'
import { projectRoot } from '#tests/setup/processes'

const BUDGET_KB = 160

const buildDir = path.join(projectRoot, 'build')

// It imports the whole server build and gzips every file of the client's: a few seconds when the cores are busy.
test(
	`every page's first load (scripts + translations, gzip) is at most ${BUDGET_KB} KB`,
	{ timeout: 30_000 },
	async () => {
		const serverBuild = path.join(buildDir, 'server', 'index.js')
		expect(existsSync(serverBuild), 'no build: run `npm run build` first (npm test does)').toBe(true)
		const { routes } = (await import(/* @vite-ignore */ serverBuild)) as ServerBuild
		const loads = manifestFirstLoads(path.join(buildDir, 'client'), {
			language: defaultLanguage,
			namespacesOf: (id) => (routes[id]?.module.handle as { i18n?: string[] } | undefined)?.i18n ?? [],
		})
		const kb = Object.fromEntries(Object.entries(loads).map(([id, load]) => [id, load.gzipBytes / 1024]))
		// Every page is there (a manifest read wrong would pass any budget): the bench's four, and one of each layout.
		expect(Object.keys(kb)).toEqual(
			expect.arrayContaining([
				'routes/auth/sign-in',
				'routes/dashboard',
				'routes/services/list',
				'routes/services/details',
				'routes/account/password',
			]),
		)
		const over = Object.entries(kb)
			.filter(([, size]) => size > BUDGET_KB)
			.map(([id, size]) => `${id}: ${size.toFixed(1)} KB (${loads[id]!.largest.map((f) => f.file).join(', ')}…)`)
		expect(over, `over ${BUDGET_KB} KB`).toEqual([])
	},
)
