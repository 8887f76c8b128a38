import path from 'node:path'
import type { Config } from '@react-router/dev/config'

/**
 * The bare reference page of `npm run bench`: one route, built with the
 * portal's own `react-router` and the same future flags, into `.cache/`.
 */
export default {
	ssr: true,
	buildDirectory: path.resolve(import.meta.dirname, '..', '..', '..', '.cache', 'bench-reference', 'build'),
	future: {
		v8_middleware: true,
		v8_splitRouteModules: true,
		v8_viteEnvironmentApi: true,
		v8_passThroughRequests: true,
		v8_trailingSlashAwareDataRequests: true,
	},
} satisfies Config
