import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'

export default defineConfig({
	root: import.meta.dirname,
	plugins: [reactRouter()],
	build: { target: 'es2022', emptyOutDir: true },
	logLevel: 'warn',
})
