import type { EntryContext } from 'react-router'
import { describe, expect, it } from 'vitest'
import { ancestorPaths, renderContext } from './render-routes.server'

const route = (id: string, parentId: string | undefined, extra: { path?: string; index?: boolean } = {}) => ({
	id,
	parentId,
	...extra,
	module: `/assets/${id}.js`,
	hasAction: false,
	hasLoader: false,
	hasClientAction: false,
	hasClientLoader: false,
	hasClientMiddleware: false,
	hasErrorBoundary: false,
})
const ROUTES = {
	root: route('root', undefined, { path: '' }),
	app: route('app', 'root'),
	dashboard: route('dashboard', 'app', { index: true }),
	list: route('list', 'app', { path: 'services/manage' }),
	details: route('details', 'app', { path: 'services/:serviceId' }),
	manage: route('manage', 'app', { path: 'services/:serviceId/manage' }),
	contact: route('contact', 'app', { path: 'contact' }),
	missing: route('missing', 'root', { path: '*' }),
}
const chain = (...ids: string[]) => ({ routesMeta: ids.map((id) => ({ route: { id } })) })

function context(pathname: string, matched: string[]) {
	return {
		manifest: {
			entry: { module: '/assets/entry.js', imports: [] },
			url: '/assets/manifest.js',
			version: '1',
			routes: ROUTES,
		},
		branches: [
			chain('root', 'app', 'manage'),
			chain('root', 'app', 'list'),
			chain('root', 'app', 'details'),
			chain('root', 'app', 'contact'),
			chain('root', 'app', 'dashboard'),
			chain('root'),
			chain('root', 'missing'),
		],
		staticHandlerContext: { basename: '/', location: { pathname }, matches: matched.map((id) => ({ route: { id } })) },
	} as unknown as EntryContext
}

describe('renderContext', () => {
	it('keeps the matched routes and those the ancestor paths match, and their branches in order', () => {
		const trimmed = renderContext(context('/services/abc/manage', ['root', 'app', 'manage']))
		// "/" matches the dashboard; "/services" nothing but the catch-all; "/services/abc" the details page.
		expect(Object.keys(trimmed.manifest.routes).sort()).toEqual([
			'app',
			'dashboard',
			'details',
			'manage',
			'missing',
			'root',
		])
		expect(trimmed.branches.map((branch) => branch.routesMeta.at(-1)!.route.id)).toEqual([
			'manage',
			'details',
			'dashboard',
			'root',
			'missing',
		])
		expect(trimmed.manifest.url).toBe('/assets/manifest.js')
	})

	it('leaves the whole context when nothing matched', () => {
		const whole = context('/', [])
		expect(renderContext(whole)).toBe(whole)
	})
})

describe('ancestorPaths', () => {
	it('is "/" and every shorter prefix, as React Router\'s inline manifest covers', () => {
		expect(ancestorPaths('/')).toEqual(['/'])
		expect(ancestorPaths('/contact')).toEqual(['/'])
		expect(ancestorPaths('/services/abc/manage/')).toEqual(['/', '/services/abc', '/services'])
	})
})
