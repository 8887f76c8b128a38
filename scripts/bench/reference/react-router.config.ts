import path from 'node:path'
import type { Config } from '@react-router/dev/config'
import portal from '../../../react-router.config'

/**
 * The bare reference page of `npm run bench`: one route, built with the
 * portal's own `react-router` and the same future flags, into `.cache/`.
 */
export default {
	ssr: true,
	buildDirectory: path.resolve(import.meta.dirname, '..', '..', '..', '.cache', 'bench-reference', 'build'),
	future: portal.future,
} satisfies Config
