import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'

export default defineConfig({
	plugins: [reactRouter()],
	build: {
		// Keep server-only code out of the browser bundle; fail loudly if it leaks.
		target: 'es2022',
		// The translation catalogue is fetched as JSON files (`app/locales/catalogue-urls.ts`): never inline
		// one into the JavaScript as a data: URL, however small.
		assetsInlineLimit: (file) => (file.endsWith('.json') ? false : undefined),
	},
	server: { port: Number(process.env.PORT ?? 3000) },
})
