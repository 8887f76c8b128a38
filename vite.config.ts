import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'
import { terserOptions } from './scripts/terser-options'

/**
 * The browser's modules in fewer files. Left to itself Rollup makes a chunk of every module two routes share: a
 * page then preloaded 21 to 27 scripts, most under 1 KB gzip, each a request (a round trip on a phone) and its own
 * gzip overhead. React, React Router, i18next and what the entry needs form one `framework` chunk; what the root layout and
 * many routes use forms one `shared` chunk (small modules of 0.2–0.8 KB that a third of the routes use go there
 * too: a request costs more than the bytes); the parts several service pages show form `service-parts`.
 * Form-only and page-only modules stay with the pages that use them (decision 0016).
 */
const FRAMEWORK =
	/\/node_modules\/(react|react-dom|scheduler|react-router|cookie|set-cookie-parser|i18next|react-i18next|html-parse-stringify|void-elements|i18next-resources-to-backend|remix-i18next)\/|vite\/preload-helper/
const SHARED = [
	/\/app\/components\/ui\/(button|spinner|notice|flash|copy-button)\.tsx$/,
	/\/app\/components\/countdown\.tsx$/,
	/\/app\/api\/contract\/constants\.ts$/,
	/\/app\/utils\/date-time\.ts$/,
	/\/app\/components\/(route-error-boundary|error-page)\.tsx$/,
	/\/app\/utils\/(nonce|meta)\.tsx?$/,
	/\/app\/(i18n|auth\/redirect|locales\/index)\.ts$/,
	/\/node_modules\/remix-utils\/build\/react\/(authenticity-token|use-hydrated)\.js$/,
]
/** What several service pages show: the details page took these as five more scripts of 0.2–0.7 KB. */
const SERVICE_PARTS = /\/app\/components\/services\/(service-summary|secret-once|webhook-parts)\.tsx$/
function clientChunk(id: string): string | undefined {
	if (FRAMEWORK.test(id)) return 'framework'
	if (SHARED.some((pattern) => pattern.test(id))) return 'shared'
	if (SERVICE_PARTS.test(id)) return 'service-parts'
	return undefined // Rollup's own split
}

export default defineConfig({
	plugins: [reactRouter()],
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
		client: { build: { rollupOptions: { output: { manualChunks: clientChunk } } } },
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
