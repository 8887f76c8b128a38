import { type RouteConfig, index, route } from '@react-router/dev/routes'

export default [
	index('routes/_index.tsx'),
	route('healthz', 'routes/healthz.ts'),
	route('readyz', 'routes/readyz.ts'),
	// Catch-all last, so unmatched URLs still run the root middleware (headers, logs).
	route('*', 'routes/$.tsx'),
] satisfies RouteConfig
