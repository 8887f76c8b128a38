import path from 'node:path'
import { reactRouter } from '@react-router/dev/vite'
import { defineConfig, type Rollup } from 'vite'
import { compression } from 'vite-plugin-compression2'
import { terserOptions } from './scripts/terser-options'

/**
 * The browser entry and the root route are on every page, and so is every module they import statically. Rollup
 * cannot know that: it made a chunk of each module the root shares with some routes (buttons, spinner, notices,
 * error pages, parts of React Router), and a page preloaded 25 to 31 scripts, most of 0.1–2 KB gzip. Kept in one
 * chunk, `framework` (React, React Router, i18next and the root layout), they cost no page a byte more, and a page
 * takes 12 to 18 scripts. Everything else (page-only and form-only code, translations, zod, Sentry) is split by
 * Rollup as it sees fit. Read from the module graph: no package or file is named, so a new import of the root goes
 * the same way.
 */
const EVERY_PAGE_ROOTS = [path.resolve('app/entry.client.tsx'), path.resolve('app/root.tsx')]
function onEveryPage(id: string, { getModuleInfo }: Rollup.ManualChunkMeta): string | undefined {
	// The entry stays a chunk of its own: the route modules import the shared chunk and must not run the entry.
	if (id === EVERY_PAGE_ROOTS[0]) return undefined
	const seen = new Set<string>()
	const queue = [...EVERY_PAGE_ROOTS]
	for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
		if (next === id) return 'framework'
		if (seen.has(next)) continue
		seen.add(next)
		queue.push(...(getModuleInfo(next)?.importedIds ?? []))
	}
	return undefined
}

export default defineConfig({
	plugins: [
		reactRouter(),
		// The browser's files compressed once, at build time (zlib's strongest levels): a `.gz` and a `.br` next to
		// each, which server.mjs (express-static-gzip) sends as they are; nothing is deflated per visit (decision
		// 0027). The plugin sees both builds; the server's bundle is never sent, so it is not compressed.
		compression({ algorithms: ['gzip', 'brotliCompress'], exclude: [/^index\.js$/] }),
	],
	build: {
		target: 'es2022',
		// The browser's JavaScript is minified by terser: a few KB (gzip) smaller than esbuild's (issue 13).
		minify: 'terser',
		terserOptions,
		rollupOptions: {
			// React Router passes Rollup's warnings here (for both builds); the rest go to Vite as usual.
			onwarn(warning, warn) {
				// A package's comment that mentions `@__PURE__` in prose (zod has two): Rollup drops it and says so.
				if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/')) return
				// React Router makes every route module a browser entry, and a resource route (healthz, readyz,
				// statistics.csv: a loader only) has nothing for the browser, so its file is empty (remix-run/remix#9055).
				// The server build makes no chunks (below), so no other empty one is expected.
				if (warning.code === 'EMPTY_BUNDLE') return
				warn(warning)
			},
		},
	},
	environments: {
		// Setting the client's `output` replaces React Router's, which only names split route chunks (clientLoader
		// and the like, which no route has): the names change, nothing else.
		client: { build: { rollupOptions: { output: { manualChunks: onEveryPage } } } },
		ssr: {
			build: {
				// The server's code stays readable (stack traces in logs).
				minify: false,
				// One file: a form's schema, imported by its action and lazily by its component (see useAppForm), is
				// not a chunk of its own on the server, and a `.client` module is not an empty one.
				rollupOptions: { output: { inlineDynamicImports: true } },
			},
		},
	},
	server: { port: Number(process.env.PORT ?? 3000) },
})
