import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'
import { terserOptions } from '../../terser-options'

export default defineConfig({
	root: import.meta.dirname,
	plugins: [reactRouter()],
	// Minified like the portal (`vite.config.ts`), so the first-load figures compare like with like.
	build: { target: 'es2022', emptyOutDir: true, minify: 'terser', terserOptions },
	environments: { ssr: { build: { minify: false } } },
	logLevel: 'warn',
})
