import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'

export default defineConfig({
	plugins: [reactRouter()],
	build: {
		// Keep server-only code out of the browser bundle; fail loudly if it leaks.
		target: 'es2022',
	},
	server: { port: Number(process.env.PORT ?? 3000) },
})
