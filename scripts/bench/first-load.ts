/**
 * What a page makes the browser download first: its scripts and its translation namespaces, at their gzip sizes (the
 * budget's measure, the same for every build) and at the size the portal actually sends to a browser that accepts
 * brotli (the `.br` file built next to each, decision 0027). The bench measures it in Chromium (`firstLoad`);
 * `npm test` computes it from the build's manifests (`manifestFirstLoads`, first-load.test.ts), so a heavy import
 * fails the unit tests, not only the bench.
 */
import type { Browser } from '@playwright/test'
import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { readBrowserManifest, routeChain } from '#tests/setup/route-manifest'

type FileSize = { file: string; gzipBytes: number }
export type FirstLoad = {
	files: number
	gzipBytes: number
	/** The `.br` files served in their place, added up; null when the build has none (the reference page). */
	brotliBytes: number | null
	largest: FileSize[]
}

/**
 * What a phone downloads on a first visit, measured in Chromium: every script and JSON file under /assets/ the page
 * loads until the network is idle (the modules the HTML names, and what the entry imports before it hydrates, such
 * as the page's translation namespaces), each at its gzip size from `clientDir`.
 */
export async function firstLoad(
	browser: Browser,
	url: string,
	clientDir: string,
	headers: Record<string, string> = {},
): Promise<FirstLoad> {
	const context = await browser.newContext({ extraHTTPHeaders: headers })
	const page = await context.newPage()
	const assets = new Set<string>()
	page.on('request', (request) => {
		const { pathname } = new URL(request.url())
		if (pathname.startsWith('/assets/') && /\.(m?js|json)$/.test(pathname)) assets.add(pathname)
	})
	await page.goto(url, { waitUntil: 'networkidle' })
	await context.close()
	return sizesOf(assets, clientDir)
}

const gzipSizes = new Map<string, number>()

function sizesOf(named: Iterable<string>, clientDir: string): FirstLoad {
	const files = [...named]
	const sizes = files.map((file) => {
		let size = gzipSizes.get(file)
		if (size === undefined) {
			size = gzipSync(readFileSync(path.join(clientDir, file))).length
			gzipSizes.set(file, size)
		}
		return { file: path.basename(file), gzipBytes: size }
	})
	const brotli = files.map((file) => path.join(clientDir, `${file}.br`))
	sizes.sort((a, b) => b.gzipBytes - a.gzipBytes)
	return {
		files: files.length,
		gzipBytes: sizes.reduce((n, s) => n + s.gzipBytes, 0),
		brotliBytes: brotli.every((file) => existsSync(file))
			? brotli.reduce((n, file) => n + statSync(file).size, 0)
			: null,
		largest: sizes.slice(0, 4),
	}
}

/**
 * Each translation namespace's file, read from the client entry: its backend imports
 * `./locales/<language>/<namespace>.json`, which Vite turns into `"…/<namespace>.json":()=>…import("./<file>.js")`.
 */
function namespaceFiles(clientDir: string, entryModule: string, language: string): Map<string, string> {
	const entry = readFileSync(path.join(clientDir, entryModule), 'utf8')
	const files = new Map<string, string>()
	const pattern = new RegExp(`locales/${language}/([\\w-]+)\\.json":\\(\\)=>[^"]*?import\\("\\./([^"]+)"\\)`, 'g')
	for (const [, namespace, file] of entry.matchAll(pattern)) files.set(namespace!, `/assets/${file}`)
	return files
}

/**
 * What every page (a route with a component and no child) downloads first, from the build alone: React Router's
 * manifest script, the client entry and its imports, each matched route's module and imports, and the translation
 * namespaces the matched routes name (`namespacesOf`: their `handle.i18n`). The same files the bench sees Chromium
 * load, the optional error reporting aside.
 */
export function manifestFirstLoads(
	clientDir: string,
	{ namespacesOf, language }: { namespacesOf: (routeId: string) => readonly string[]; language: string },
): Record<string, FirstLoad> {
	const { file: manifestFile, manifest } = readBrowserManifest(clientDir)
	const translations = namespaceFiles(clientDir, manifest.entry.module, language)
	const parents = new Set(Object.values(manifest.routes).map((route) => route.parentId))
	const loads: Record<string, FirstLoad> = {}
	for (const [id, route] of Object.entries(manifest.routes)) {
		if (parents.has(id) || !route.hasDefaultExport) continue
		const files = new Set([manifestFile, manifest.entry.module, ...manifest.entry.imports])
		for (const matched of routeChain(manifest, route)) {
			for (const file of [matched.module, ...(matched.imports ?? [])]) files.add(file)
			for (const namespace of namespacesOf(matched.id)) {
				const file = translations.get(namespace)
				if (!file) throw new Error(`${matched.id} names the namespace ${namespace}, which the client entry lacks`)
				files.add(file)
			}
		}
		loads[id] = sizesOf(files, clientDir)
	}
	return loads
}
