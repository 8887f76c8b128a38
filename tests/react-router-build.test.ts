/**
 * Both builds carry React Router's production build (vite.config.ts, `reactRouterProduction`): none of the warnings
 * its development build guards with `ENABLE_DEV_WARNINGS` is in the client's scripts or the server's bundle, and the
 * server's request handler is the bundled one. Needs a build (npm test makes one).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import path from 'node:path'
import { expect, test } from 'vitest'
import { projectRoot } from '#tests/setup/processes'

const build = path.join(projectRoot, 'build')
const assets = path.join(build, 'client', 'assets')
const DEV_WARNINGS = ['No routes matched location', 'You rendered descendant <Routes>', 'include both `Component`']

const read = (file: string) => {
	expect(existsSync(file), 'no build: run `npm run build` first (npm test does)').toBe(true)
	return readFileSync(file, 'utf8')
}

test.each([
	[
		"the client's scripts",
		() =>
			readdirSync(assets)
				.filter((name) => name.endsWith('.js'))
				.map((name) => read(path.join(assets, name)))
				.join('\n'),
	],
	["the server's bundle", () => read(path.join(build, 'server', 'index.js'))],
])("React Router's code without its development warnings, in %s", (_, source) => {
	const code = source()
	// React Router's router is there (an invariant both builds keep)…
	expect(code).toContain('useRoutes() may be used only in the context of')
	// …and none of its development-only warnings.
	for (const warning of DEV_WARNINGS) expect(code).not.toContain(warning)
})

test("the server's bundle loads no React Router from node_modules, itself or through a package: one copy", () => {
	const code = read(path.join(build, 'server', 'index.js'))
	const packages = new Set(
		[...code.matchAll(/^import .* from "([^".][^"]*)";$/gm)]
			.map(([, specifier]) => specifier!)
			.filter((specifier) => !specifier.startsWith('node:') && !builtinModules.includes(specifier))
			.map((specifier) =>
				specifier
					.split('/')
					.slice(0, specifier.startsWith('@') ? 2 : 1)
					.join('/'),
			),
	)
	expect(packages).toContain('react-dom')
	const isReactRouter = (name: string) => name === 'react-router' || name.startsWith('@react-router/')
	for (const name of packages) {
		expect(isReactRouter(name), name).toBe(false)
		const manifest = JSON.parse(read(path.join(projectRoot, 'node_modules', name, 'package.json'))) as {
			dependencies?: Record<string, string>
			peerDependencies?: Record<string, string>
		}
		const needs = Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies }).filter(isReactRouter)
		expect(needs, `${name} imports React Router: add it to ssr.resolve.noExternal (vite.config.ts)`).toEqual([])
	}
})
