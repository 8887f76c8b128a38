import i18next from 'i18next'
import { describe, expect, test } from 'vitest'
import { metaOf, pageMeta } from './meta'
import { errorPageMeta } from '#app/components/route-error-boundary'

/** en-GB with the catalogue (`tests/setup/unit-env.ts` initialises i18next), as a loader's `getT(context)`. */
const t = i18next.getFixedT('en-GB', ['common', 'auth', 'settings'])

/** What React Router hands a meta function for an error: the thrown Response as a route error response. */
const routeError = (status: number, body: unknown = null) => ({ status, statusText: '', internal: false, data: body })

describe('a page title from its loader', () => {
	test('is "Page – Partner Portal", with the page’s description or else the portal’s', () => {
		expect(pageMeta(t, t('auth:signIn.title'))).toEqual({
			title: 'Sign in – Partner Portal',
			description: t('common:meta.description'),
		})
		expect(pageMeta(t, 'Acme', 'About Acme')).toEqual({ title: 'Acme – Partner Portal', description: 'About Acme' })
	})

	test('is what the route’s meta shows; a route without data shows none (its error page has its own)', () => {
		expect(metaOf({ title: 'Acme – Partner Portal', description: 'About Acme' })).toEqual([
			{ title: 'Acme – Partner Portal' },
			{ name: 'description', content: 'About Acme' },
		])
		expect(metaOf(undefined)).toEqual([])
	})
})

describe('an error page’s title', () => {
	const errorPages = { notFound: pageMeta(t, t('errors.notFound')), generic: pageMeta(t, t('errors.generic')) }
	const matches = [
		{ id: 'root', loaderData: { requestId: 'r', errorPages } },
		{ id: 'routes/_app', loaderData: {} },
	]

	test('is the root loader’s: "Page not found" for a 404, "Something went wrong" for anything else', () => {
		expect(errorPageMeta(routeError(404), matches)).toEqual(metaOf(errorPages.notFound))
		expect(errorPageMeta(routeError(503), matches)).toEqual(metaOf(errorPages.generic))
		expect(errorPageMeta(new Error('boom'), matches)).toEqual(metaOf(errorPages.generic))
		expect(errorPageMeta(routeError(404), matches)[0]).toEqual({ title: 'Page not found – Partner Portal' })
	})

	test('is a refusal’s own, which comes before any loader', () => {
		const refusal = { requestId: 'r', ...pageMeta(t, t('settings:logo.tooLarge.title')) }
		expect(errorPageMeta(routeError(413, refusal), [{ id: 'root', loaderData: undefined }])).toEqual([
			{ title: 'The file is too large – Partner Portal' },
			{ name: 'description', content: t('common:meta.description') },
		])
	})

	test('is nothing without an error, or without strings in the request’s language', () => {
		expect(errorPageMeta(undefined, matches)).toEqual([])
		expect(errorPageMeta(routeError(500), [{ id: 'root', loaderData: undefined }])).toEqual([])
	})
})
