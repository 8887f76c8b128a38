import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { csrfTokenFrom } from '#tests/setup/processes'
import { PASSWORD } from './auth'
import { endpoints, fillPath, pickTokenPair, serviceResponse, tokenPairResponse } from '#app/api/contract/index'
import type { MockHooks } from '#tests/mock-api/hooks-client'
import { pngFile } from '#tests/mock-api/image-fixtures'

export const LIST = '/services/manage'

/** A whole service: the create form takes its name and category, the settings form the rest (`postCreate`). */
export const SERVICE = {
	name: 'Ledger Sync',
	description: 'Keeps your ledgers in step.',
	category: 'finance',
	website_url: 'https://ledger.example.com',
	webhook_url: 'https://ledger.example.com/hooks',
	authorization_url: 'https://ledger.example.com/connect',
}

/** The create form as the page renders it: its CSRF token and idempotency key. */
export async function createFormTokens(request: APIRequestContext) {
	const html = await (await request.get(LIST)).text()
	const idempotencyKey = /name="idempotency_key" value="([^"]+)"/.exec(html)?.[1]
	const csrf = csrfTokenFrom(html)
	if (!csrf || !idempotencyKey) throw new Error(`GET ${LIST}: no CSRF token or idempotency key`)
	return { csrf, idempotencyKey }
}

/**
 * Posts the create form over HTTP, as a browser without JS would (the name and category), then the settings
 * form with the rest of `SERVICE`: a whole service, as a partner sets it up. Answers its details path.
 */
export async function postCreate(
	request: APIRequestContext,
	baseURL: string,
	form: { csrf: string; idempotencyKey: string },
	name = SERVICE.name,
) {
	return postCreateWithTokens(request, baseURL, form, { name })
}

async function postCreateWithTokens(
	request: APIRequestContext,
	baseURL: string,
	form: { csrf: string; idempotencyKey: string },
	fields: Partial<typeof SERVICE>,
) {
	const service = { ...SERVICE, ...fields }
	const details = await postNameAndCategory(request, baseURL, form, service)
	await postSettings(request, baseURL, details, service)
	return details
}

/** Posts the create form alone: a service of a name and a category, nothing else set. Answers its details path. */
export async function postNameAndCategory(
	request: APIRequestContext,
	baseURL: string,
	form: { csrf: string; idempotencyKey: string },
	{ name = SERVICE.name, category = SERVICE.category } = {},
) {
	const response = await request.post(LIST, {
		form: { name, category, csrf: form.csrf, idempotency_key: form.idempotencyKey },
		headers: { Origin: baseURL },
		maxRedirects: 0,
	})
	expect(response.status()).toBe(302)
	return new URL(response.headers().location!, baseURL).pathname
}

/** Posts the settings form of the service at `detailsPath` over HTTP with `fields` (blank: not set). */
export async function postSettings(
	request: APIRequestContext,
	baseURL: string,
	detailsPath: string,
	fields: Record<string, string>,
) {
	const settings = `${detailsPath}/manage`
	const html = await (await request.get(settings)).text()
	const csrf = csrfTokenFrom(html)
	const version = /name="version"[^>]*value="(\d+)"/.exec(html)?.[1]
	if (!csrf || !version) throw new Error(`GET ${settings}: no CSRF token or version`)
	const response = await request.post(settings, {
		form: { ...fields, csrf, version },
		headers: { Origin: baseURL },
		maxRedirects: 0,
	})
	expect(response.status()).toBe(302)
	// Not followed: the details page shows the new service's client secret once. Its "Settings saved." flash is then
	// still waiting and greets the test's first page, so a test waits for a later save by its URL, not by that text.
}

/**
 * Creates a whole service like `postCreate`, with some fields changed (e.g. a website on a domain of its own, so
 * DNS records and files served by the mock's hooks concern this service alone).
 */
export async function postCreateWith(
	request: APIRequestContext,
	baseURL: string,
	fields: Partial<typeof SERVICE>,
): Promise<string> {
	return postCreateWithTokens(request, baseURL, await createFormTokens(request), fields)
}

/** The service id of a details path (`/services/<id>`). */
export const serviceIdOf = (detailsPath: string) => decodeURIComponent(detailsPath.split('/')[2]!)

/**
 * An access token for `email` from the partner API itself (the mock), to set up what a page of another branch
 * does (a logo, translations) without going through the portal.
 */
export async function apiAccessToken(mock: MockHooks, email: string, password = PASSWORD) {
	const types = (await (await fetch(`${mock.url}${endpoints.listAuthenticationTypes.path}?per_page=100`)).json()) as {
		data: Array<{ id: string; key: string }>
	}
	const type = types.data.find((candidate) => candidate.key === 'password')
	if (!type) throw new Error('the mock API has no password authentication type')
	const response = await fetch(`${mock.url}${fillPath(endpoints.createAuthenticationToken.path, { id: type.id })}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', accept: 'application/json' },
		body: JSON.stringify({ email, password }),
	})
	if (response.status !== 201) throw new Error(`sign-in on the mock API → ${response.status}: ${await response.text()}`)
	const pair = pickTokenPair(tokenPairResponse.parse(await response.json()).data)
	if (!pair) throw new Error('sign-in on the mock API answered no token pair')
	return pair.access
}

/** A call to the partner API (the mock) as `bearer`; a string body is JSON. Throws unless 2xx. */
async function apiCall(mock: MockHooks, bearer: string, method: string, path: string, body?: BodyInit) {
	const headers: Record<string, string> = { authorization: `Bearer ${bearer}`, accept: 'application/json' }
	if (typeof body === 'string') headers['content-type'] = 'application/json'
	const response = await fetch(`${mock.url}${path}`, { method, headers, body })
	if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${await response.text()}`)
	return (await response.json()) as { data: { id: string } }
}

/** An endpoint of the contract called on the partner API (the mock) as `bearer`, by name; throws unless 2xx. */
export async function callEndpoint(
	mock: MockHooks,
	bearer: string,
	name: keyof typeof endpoints,
	params: Record<string, string>,
	body?: unknown,
) {
	const response = await fetch(`${mock.url}${fillPath(endpoints[name].path, params)}`, {
		method: endpoints[name].method,
		headers: { authorization: `Bearer ${bearer}`, accept: 'application/json', 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	})
	if (!response.ok) throw new Error(`${name} → ${response.status}: ${await response.text()}`)
	return response.status === 204 ? null : ((await response.json()) as { data: unknown })
}

/** Gives the service a logo through the API (a 128×128 PNG: temporary upload, then attach). */
export async function setLogoThroughApi(mock: MockHooks, bearer: string, serviceId: string) {
	const upload = await apiCall(mock, bearer, 'POST', endpoints.uploadTmpFile.path, pngFile(128, 128))
	await apiCall(
		mock,
		bearer,
		'PUT',
		fillPath(endpoints.attachServiceLogo.path, { id: serviceId }),
		JSON.stringify({ upload_id: upload.data.id }),
	)
}

/**
 * Meets the whole review checklist through the API: the domain proven by its TXT record (served by the mock) and
 * a logo. The URLs and the description (with the name, the en-GB translation) are set by `postCreate`.
 */
export async function meetChecklistThroughApi(mock: MockHooks, bearer: string, serviceId: string) {
	const response = await fetch(`${mock.url}${fillPath(endpoints.getService.path, { id: serviceId })}`, {
		headers: { authorization: `Bearer ${bearer}`, accept: 'application/json' },
	})
	const service = serviceResponse.parse(await response.json()).data
	const record = service.domain_verification.dns_record
	if (!record) throw new Error('the service has no website URL')
	await mock.addDnsRecord({ ...record })
	await apiCall(mock, bearer, 'POST', fillPath(endpoints.verifyServiceDomain.path, { id: serviceId }))
	await setLogoThroughApi(mock, bearer, serviceId)
}

/** A section's link on the details page: named by the section, its state the link's description. */
export const sectionLink = (page: Page, name: string) =>
	page.getByRole('region', { name: 'Sections' }).getByRole('link', { name, exact: true })
