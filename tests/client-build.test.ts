/**
 * The browser gets React Router's production build (vite.config.ts, `reactRouterProduction`): none of the warnings its
 * development build guards with `ENABLE_DEV_WARNINGS` is in the client's scripts. Needs a build (npm test makes one).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import { projectRoot } from '#tests/setup/processes'

const assets = path.join(projectRoot, 'build', 'client', 'assets')

test("the client's scripts hold React Router's code without its development warnings", () => {
	expect(existsSync(assets), 'no build: run `npm run build` first (npm test does)').toBe(true)
	const scripts = readdirSync(assets)
		.filter((name) => name.endsWith('.js'))
		.map((name) => readFileSync(path.join(assets, name), 'utf8'))
		.join('\n')
	// React Router's router is there (an invariant both builds keep)…
	expect(scripts).toContain('useRoutes() may be used only in the context of')
	// …and none of its development-only warnings.
	for (const warning of ['No routes matched location', 'You rendered descendant <Routes>', 'include both `Component`'])
		expect(scripts).not.toContain(warning)
})
