import { matchRoutes, type RouteObject } from 'react-router'
import { describe, expect, test } from 'vitest'
import routes from '#app/routes'
import { SIGNING_SECRET_ID, verificationsPage } from '#app/services/pages'
import { fillEmailTemplate, partnerEmails } from './emails'

type Config = { path?: string; index?: boolean; children?: Config[] }
/** The portal's route config (app/routes.ts) as React Router matches it. */
const toObjects = (config: Config[]): RouteObject[] =>
	config.map(({ path, index, children }) =>
		index ? { index: true, path } : { path, children: children && toObjects(children) },
	)
const portalRoutes = toObjects(routes as Config[])

describe('the links of partnerEmails', () => {
	const sample = { service_id: 'c214db04-e5b9-4a83-9c88-3dd5dfb01441', token: 'tok_123' }

	test('each opens a page of the portal (not its catch-all), anchors included', () => {
		const links = Object.entries(partnerEmails).filter(([, { link }]) => link)
		expect(links.length).toBeGreaterThan(10)
		for (const [kind, { link }] of links) {
			const [pathname, hash] = fillEmailTemplate(link!, sample).split('#')
			const matched = matchRoutes(portalRoutes, pathname!)
			expect(matched?.at(-1)?.route.path, kind).not.toBe('*')
			expect(matched?.at(-1)?.pathname, kind).toBe(pathname)
			if (hash === undefined) continue
			expect([SIGNING_SECRET_ID, verificationsPage(sample.service_id, 'review').split('#')[1]], kind).toContain(hash)
		}
	})

	test('a placeholder without a value stays as it is', () => {
		expect(fillEmailTemplate('{service} was approved', {})).toBe('{service} was approved')
		expect(fillEmailTemplate('{service} was approved', { service: 'Demo Pay' })).toBe('Demo Pay was approved')
	})
})
