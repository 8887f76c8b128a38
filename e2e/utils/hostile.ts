/**
 * What the hostile-request specs (`hostile-forms.ops.spec.ts`, `hostile-values.ops.spec.ts`) share: the routes of the
 * built browser manifest, a request sent exactly as written, and a process's memory.
 */
import { readFileSync } from 'node:fs'
import http from 'node:http'
import { readBrowserManifest, routeChain, routePattern } from '#tests/setup/route-manifest'

/** A route of the built manifest that answers requests: its full path, what it has, and its group. */
export type PageRoute = { id: string; path: string; guest: boolean; hasLoader: boolean; hasAction: boolean }

/**
 * Every route with a loader or an action in the built client manifest (what the browser is told), with its full path
 * (`services/:serviceId/manage`, `''` for the dashboard, `*` for the catch-all), and whether it is outside the
 * signed-in group: a route added tomorrow is in a corpus the day it is built. A layout and the index route below it
 * share a path; the first of them in the manifest stands for both.
 */
export function pageRoutes(): PageRoute[] {
	const { manifest } = readBrowserManifest()
	const routes = new Map<string, PageRoute>()
	for (const route of Object.values(manifest.routes)) {
		if (!route.hasLoader && !route.hasAction) continue
		const path = routePattern(manifest, route)
		const known = routes.get(path)
		const guest = !routeChain(manifest, route).some((r) => r.id === 'routes/_app')
		if (!known) routes.set(path, { id: route.id, path, guest, hasLoader: route.hasLoader, hasAction: route.hasAction })
		else Object.assign(known, { hasAction: known.hasAction || route.hasAction, guest: known.guest && guest })
	}
	return [...routes.values()]
}

export type FormRoute = { path: string; guest: boolean }

/** Every route with an action (see `pageRoutes`). */
export function formRoutes(): FormRoute[] {
	return pageRoutes()
		.filter((route) => route.hasAction)
		.map(({ path, guest }) => ({ path, guest }))
}

/** Resident and peak memory of a process, in MB (Linux /proc). */
export function memoryOf(pid: number) {
	const status = readFileSync(`/proc/${pid}/status`, 'utf8')
	const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN)
	return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 }
}

/** Resident memory of a process, in MB (Linux /proc). */
export const rssOf = (pid: number) => memoryOf(pid).rss

/** The status of a GET of `url` sent as it is written (fetch would turn a backslash into a slash first). */
export function rawStatus(url: string) {
	const { origin } = new URL(url.replace(/\\/g, '/'))
	return new Promise<number>((resolve, reject) => {
		const request = http.request(origin, { path: url.slice(origin.length) }, (response) => {
			response.resume()
			resolve(response.statusCode ?? 0)
		})
		request.on('error', reject)
		request.end()
	})
}
