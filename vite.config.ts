import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'
import { terserOptions } from './scripts/terser-options'

export default defineConfig({
	plugins: [reactRouter()],
	build: {
		target: 'es2022',
		// The browser's JavaScript is minified by terser: a few KB (gzip) smaller than esbuild's (issue 13).
		minify: 'terser',
		terserOptions,
		// The translation catalogue is fetched as JSON files (`app/locales/catalogue-urls.ts`): never inline
		// one into the JavaScript as a data: URL, however small.
		assetsInlineLimit: (file) => (file.endsWith('.json') ? false : undefined),
	},
	// The server's code stays readable (stack traces in logs).
	environments: { ssr: { build: { minify: false } } },
	server: { port: Number(process.env.PORT ?? 3000) },
})
