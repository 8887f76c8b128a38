import { matchRoutes, type EntryContext, type RouteObject } from 'react-router'
import { remembered } from './remembered'

type Manifest = EntryContext['manifest']

/**
 * The render's context with only the routes the document needs (decision
 * 0016). React Router's `ServerRouter` rebuilds a route object of every route
 * in the manifest on every render, and its `<Scripts>` matches each ancestor
 * path of the URL against every branch, to inline a manifest of the matched
 * routes and of the routes those paths match. That is about a tenth of a
 * page's server CPU with this app's ~45 routes, though the answer depends
 * only on the path.
 *
 * Here the manifest keeps the matched routes and the routes each ancestor
 * path matches (remembered per path: the route tree never changes while the
 * server runs), and the branches keep those routes' own, in their order. The
 * render then does the same matching over a handful of routes, and inlines
 * the same manifest as before.
 */
export function renderContext(context: EntryContext): EntryContext {
	const { matches, location, basename } = context.staticHandlerContext
	if (matches.length === 0) return context
	const keep = new Set(matches.map((match) => match.route.id))
	for (const path of ancestorPaths(location.pathname)) {
		for (const id of routesMatching(context.manifest, path, basename || '/')) keep.add(id)
	}
	const routes: Manifest['routes'] = {}
	for (const id of keep) routes[id] = context.manifest.routes[id]
	return {
		...context,
		manifest: { ...context.manifest, routes },
		branches: context.branches.filter((branch) => branch.routesMeta.every((meta) => keep.has(meta.route.id))),
	}
}

/** "/", then every shorter prefix of `pathname` but itself: the paths React Router's inline manifest covers. */
export function ancestorPaths(pathname: string): string[] {
	const segments = pathname.split('/').filter(Boolean)
	segments.pop()
	const paths = ['/']
	for (let end = segments.length; end > 0; end--) paths.push(`/${segments.slice(0, end).join('/')}`)
	return paths
}

const matchers = new WeakMap<Manifest, (path: string) => string[]>()

/**
 * The ids of the routes `path` matches (the route chain), remembered per
 * manifest and path. The basename is the build's, the same for a manifest.
 */
function routesMatching(manifest: Manifest, path: string, basename: string): string[] {
	let match = matchers.get(manifest)
	if (!match) {
		const tree = routeTree(manifest)
		match = remembered(
			(pathname: string) => (matchRoutes(tree, pathname, basename) ?? []).map((found) => found.route.id!),
			1_000,
		)
		matchers.set(manifest, match)
	}
	return match(path)
}

/** The manifest's routes as a tree React Router can match (ids, paths, index and case flags only). */
function routeTree(manifest: Manifest): RouteObject[] {
	const children = new Map<string | undefined, RouteObject[]>()
	for (const route of Object.values(manifest.routes)) {
		if (!route) continue
		const siblings = children.get(route.parentId) ?? []
		siblings.push({
			id: route.id,
			path: route.path,
			index: route.index,
			caseSensitive: route.caseSensitive,
		} as RouteObject)
		children.set(route.parentId, siblings)
	}
	const attach = (routes: RouteObject[]): RouteObject[] =>
		routes.map((route) => {
			const below = children.get(route.id)
			return below && !route.index ? { ...route, children: attach(below) } : route
		})
	return attach(children.get(undefined) ?? [])
}
