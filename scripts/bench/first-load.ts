/**
 * What a first visit downloads before a page is interactive: every script and translation file, at its gzip size
 * (the budget's measure, the same for every build) and at the size the portal actually sends to a browser that
 * accepts brotli (the `.br` file built next to it, decision 0027).
 */
import type { Browser } from '@playwright/test'
import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

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
