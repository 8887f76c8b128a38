/**
 * React Router's browser manifest of a build (`window.__reactRouterManifest` in `build/client/assets/manifest-*.js`):
 * every route the browser is told of, with its parent, path, module and imports. Specs derive their corpus from it,
 * so a route added tomorrow is covered the day it is built; the first-load budget reads the files each page loads.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { projectRoot } from './processes'

export type ManifestRoute = {
	id: string
	parentId?: string
	path?: string
	index?: boolean
	module: string
	imports?: string[]
	hasAction: boolean
	hasLoader: boolean
	hasDefaultExport: boolean
}
export type BrowserManifest = {
	entry: { module: string; imports: string[] }
	routes: Record<string, ManifestRoute>
}

/** The manifest of the build in `clientDir`, and its own file (`/assets/manifest-….js`, which every page loads). */
export function readBrowserManifest(clientDir = path.join(projectRoot, 'build', 'client')) {
	const assets = path.join(clientDir, 'assets')
	for (const name of readdirSync(assets).filter((file) => /^manifest-[\w-]+\.js$/.test(file))) {
		const json = /^window\.__reactRouterManifest=(\{.*\});?\s*$/s.exec(
			readFileSync(path.join(assets, name), 'utf8'),
		)?.[1]
		if (json) return { file: `/assets/${name}`, manifest: JSON.parse(json) as BrowserManifest }
	}
	throw new Error(`no React Router manifest in ${assets}: run npm run build first`)
}

/** `route` and its ancestors, the root first. */
export function routeChain(manifest: BrowserManifest, route: ManifestRoute): ManifestRoute[] {
	return route.parentId ? [...routeChain(manifest, manifest.routes[route.parentId]!), route] : [route]
}

/** The URL pattern of `route` (`services/:serviceId/manage`), from its and its ancestors' paths. */
export function routePattern(manifest: BrowserManifest, route: ManifestRoute): string {
	return routeChain(manifest, route)
		.map((r) => r.path)
		.filter(Boolean)
		.join('/')
}
