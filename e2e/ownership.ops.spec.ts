import { csrfTokenFrom } from '#tests/setup/processes'
import { readBrowserManifest, routeChain, routePattern, type ManifestRoute } from '#tests/setup/route-manifest'
import { expect, test } from './fixtures'
import { createPartner, PASSWORD, signInOverHttp } from './utils/auth'
import { apiAccessToken, createFormTokens, postCreate, serviceIdOf } from './utils/services'

/**
 * Ownership (spec: "ownership checks answer 404"): every page of a service, from the built manifest so a page added
 * tomorrow is covered the day it is built, is a 404 for another partner's service, a malformed service id and, on
 * one's own service, an id that names nothing (a secret, a delivery, a check): to look at and to post (each form our
 * own pages render for that route, as filled in), as a document and as React Router's `.data` request. Over HTTP,
 * signed in, once (the `ops` project: no browser).
 */

const SERVICE_LAYOUT = 'routes/services/service'
const UNKNOWN_ID = 'an unknown id on our service'

type Route = { route: ManifestRoute; pattern: string; matches: RegExp }
type Form = { action: string; fields: Record<string, string> }

/** Every route under one service's layout, with its URL pattern and a matcher for its URLs. */
function serviceRoutes(): Route[] {
	const { manifest } = readBrowserManifest()
	return Object.values(manifest.routes)
		.filter((route) => routeChain(manifest, route).some((r) => r.id === SERVICE_LAYOUT))
		.map((route) => {
			const pattern = `/${routePattern(manifest, route)}`
			const source = pattern.replace(/[.]/g, '\\.').replace(/:\w+/g, '[^/]+')
			return { route, pattern, matches: new RegExp(`^${source}$`) }
		})
}

const fill = (pattern: string, serviceId: string, other: string) =>
	pattern.replace(':serviceId', encodeURIComponent(serviceId)).replace(/:\w+/g, other)

/** The `.data` URL of `url` for React Router's data requests (an index route's action takes `?index`). */
const dataUrl = (url: string, route: ManifestRoute, method: 'GET' | 'POST') =>
	`${url}.data${route.index && method === 'POST' ? '?index' : ''}`

const decode = (text: string) =>
	text
		.replace(/&quot;/g, '"')
		.replace(/&#x27;|&#39;/g, "'")
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
		.replace(/&amp;/g, '&')
const attribute = (tag: string, name: string) => {
	const value = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]
	return value === undefined ? undefined : decode(value)
}

/**
 * The post forms of a page as a partner would send them untouched: each field's value, checked boxes, selected
 * options, the first named button (its intent), and the partner's password where one is asked.
 */
function postForms(html: string, pagePath: string): Form[] {
	const forms: Form[] = []
	for (const [, attrs, body] of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
		if (attribute(attrs!, 'method')?.toLowerCase() !== 'post') continue
		const fields: Record<string, string> = {}
		for (const [tag] of body!.matchAll(/<input\b[^>]*>/g)) {
			const name = attribute(tag, 'name')
			const type = attribute(tag, 'type') ?? 'text'
			if (!name || type === 'file' || type === 'submit') continue
			if ((type === 'checkbox' || type === 'radio') && !/\schecked\b/.test(tag)) continue
			fields[name] = type === 'password' ? PASSWORD : (attribute(tag, 'value') ?? '')
		}
		for (const [, tag, text] of body!.matchAll(/<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/g)) {
			const name = attribute(tag!, 'name')
			if (name) fields[name] = decode(text!)
		}
		for (const [, tag, options] of body!.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/g)) {
			const name = attribute(tag!, 'name')
			const option = /<option\b[^>]*\sselected\b[^>]*>/.exec(options!)?.[0] ?? /<option\b[^>]*>/.exec(options!)?.[0]
			if (name && option) fields[name] = attribute(option, 'value') ?? ''
		}
		const button = /<button\b[^>]*\sname="[^"]+"[^>]*>/.exec(body!)?.[0]
		if (button) fields[attribute(button, 'name')!] ??= attribute(button, 'value') ?? ''
		forms.push({ action: new URL(attribute(attrs!, 'action') ?? pagePath, 'http://portal').pathname, fields })
	}
	return forms
}

test('every page of a service is a 404 for a service or an id one does not own, to look at and to post', async ({
	playwright,
	baseURL,
	mock,
}) => {
	test.setTimeout(120_000)
	const signedIn = async () => {
		const partner = await createPartner(mock)
		const request = await playwright.request.newContext({ baseURL })
		await signInOverHttp(request, baseURL!, partner.email, partner.password)
		const service = serviceIdOf(await postCreate(request, baseURL!, await createFormTokens(request)))
		return { partner, request, service }
	}
	const them = await signedIn()
	const us = await signedIn()
	const theirBearer = await apiAccessToken(mock, them.partner.email)
	const theirService = async () =>
		(
			await fetch(`${mock.url}/services/${them.service}`, { headers: { authorization: `Bearer ${theirBearer}` } })
		).json()
	const before = await theirService()

	const routes = serviceRoutes()
	// The manifest was read right: the service's pages are there, a page, a form and a download among them.
	expect(routes.map((r) => r.pattern)).toEqual(
		expect.arrayContaining([
			'/services/:serviceId',
			'/services/:serviceId/manage',
			'/services/:serviceId/developers/secrets/:secretId/revoke',
			'/services/:serviceId/statistics.csv',
		]),
	)

	// The forms of our own service's pages, by the route they post to, as filled in for our service.
	const ours: Array<Form & { route: ManifestRoute }> = []
	const hasIds = (pattern: string) => pattern.split(':').length > 2
	const visit = async (path: string) => {
		const page = await us.request.get(path)
		expect(page.status(), path).toBe(200)
		const html = await page.text()
		for (const form of postForms(html, path)) {
			const target = routes.find((r) => r.matches.test(form.action))
			if (target) ours.push({ ...form, route: target.route })
		}
		return html
	}
	for (const { pattern } of routes.filter((r) => r.route.hasDefaultExport && !hasIds(r.pattern))) {
		await visit(fill(pattern, us.service, ''))
	}
	// Then the pages of ids (a secret's revoke page, a delivery's), linked from our pages once there is one to
	// revoke (a second secret) and a delivery.
	const rotate = ours.find((form) => form.action === `/services/${us.service}/developers/secrets/rotate`)!
	const rotated = await us.request.post(rotate.action, { form: rotate.fields, headers: { Origin: baseURL! } })
	expect(rotated.status()).toBe(200)
	await mock.sendWebhookEvent(us.service, { type: 'password_changed_to_random_string' })
	const linked = new Set<string>()
	for (const path of [`/services/${us.service}/developers`, `/services/${us.service}/webhooks`]) {
		for (const [, href] of (await (await us.request.get(path)).text()).matchAll(/\shref="([^"]+)"/g)) {
			const link = new URL(decode(href!), 'http://portal').pathname
			if (routes.some((r) => hasIds(r.pattern) && r.matches.test(link))) linked.add(link)
		}
	}
	for (const path of linked) await visit(path)
	const csrf = csrfTokenFrom(await (await us.request.get(`/services/${us.service}/manage`)).text())!

	const cases = routes.flatMap(({ route, pattern }) => [
		{ name: "another partner's service", url: fill(pattern, them.service, 'not-an-id'), route },
		{ name: 'a malformed service id', url: fill(pattern, 'not-a-service-id', 'not-an-id'), route },
		...(hasIds(pattern) ? [{ name: UNKNOWN_ID, url: fill(pattern, us.service, 'not-an-id'), route }] : []),
	])
	const answers: string[] = []
	for (const { name, url, route } of cases) {
		const page = await us.request.get(url, { maxRedirects: 0 })
		answers.push(`GET ${url} (${name}) → ${page.status()}`)
		expect(await page.text(), url).toContain('Page not found')
		// Never a file, whatever the page would have sent.
		expect(page.headers()['content-disposition'], url).toBeUndefined()
		if (route.hasDefaultExport) {
			const data = await us.request.get(dataUrl(url, route, 'GET'), { maxRedirects: 0 })
			answers.push(`GET ${dataUrl(url, route, 'GET')} (${name}) → ${data.status()}`)
		}
		if (!route.hasAction) continue
		const forms = ours.filter((form) => form.route === route)
		// Each form as our pages fill it in, and an empty one: a service that is not ours is a 404 before its form is
		// read. (An unknown id on our own service is the API's to answer, once the form is valid.)
		const empty = { fields: { csrf } }
		const posts = forms.length && name === UNKNOWN_ID ? forms : [...forms, empty]
		for (const { fields } of posts) {
			for (const target of [url, dataUrl(url, route, 'POST')]) {
				const response = await us.request.post(target, { form: fields, headers: { Origin: baseURL! }, maxRedirects: 0 })
				answers.push(`POST ${target} (${name}, ${JSON.stringify(fields)}) → ${response.status()}`)
			}
		}
	}
	expect(answers.filter((answer) => !answer.endsWith('→ 404'))).toEqual([])
	// Nothing of theirs changed.
	expect(await theirService()).toEqual(before)
	await them.request.dispose()
	await us.request.dispose()
})
