import path from 'node:path'
import { reactRouter } from '@react-router/dev/vite'
import { defineConfig, type Plugin, type Rollup } from 'vite'
import { compression } from 'vite-plugin-compression2'
import { terserOptions } from './scripts/terser-options'

/**
 * What the browser entry and the root route import statically is on every page: one `framework` chunk, read from the
 * module graph (Rollup's `getModuleInfo`), so no package is named. Rollup alone, or its `experimentalMinChunkSize`,
 * loads more scripts and more bytes (docs/benchmarks.md, "Browser chunks").
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

/**
 * React Router's package exports name only its development build (remix-run/react-router#14102): both builds get
 * `dist/production`, the same code with its dev-only warnings off. Drop this when upstream exports it by default.
 */
const reactRouterProduction: Plugin = {
	name: 'react-router-production',
	enforce: 'pre',
	async resolveId(source, importer, options) {
		if (source !== 'react-router' && source !== 'react-router/dom') return null
		const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
		return resolved && { ...resolved, id: resolved.id.replace('/dist/development/', '/dist/production/') }
	},
}

export default defineConfig({
	plugins: [
		reactRouterProduction,
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
			// React Router and what imports it are bundled, so the server runs one copy of it, its production build
			// (decision 0036): `server.mjs` takes the request handler from the build (app/entry.server.tsx).
			resolve: {
				noExternal: ['react-router', '@react-router/node', '@react-router/express', 'remix-i18next', 'remix-utils'],
			},
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
