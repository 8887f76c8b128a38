import { expect, type APIRequestContext, type PlaywrightWorkerArgs } from '@playwright/test'
import { csrfTokenFrom } from '#tests/setup/processes'
import { createPartner, signInOverHttp } from './auth'
import type { MockHooks } from '#tests/mock-api/hooks-client'

export const LIST = '/services/manage'

/** A valid create form. */
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

/** Posts the create form over HTTP, as a browser without JS would; answers the new service's details path. */
export async function postCreate(
	request: APIRequestContext,
	baseURL: string,
	form: { csrf: string; idempotencyKey: string },
	name = SERVICE.name,
) {
	const response = await request.post(LIST, {
		form: { ...SERVICE, name, csrf: form.csrf, idempotency_key: form.idempotencyKey },
		headers: { Origin: baseURL },
		maxRedirects: 0,
	})
	expect(response.status()).toBe(302)
	return new URL(response.headers().location!, baseURL).pathname
}

/** The details path of a service that belongs to another, freshly signed-up partner. */
export async function anotherPartnersService(
	mock: MockHooks,
	playwright: PlaywrightWorkerArgs['playwright'],
	baseURL: string,
) {
	const other = await createPartner(mock)
	const request = await playwright.request.newContext({ baseURL })
	await signInOverHttp(request, baseURL, other.email, other.password)
	const path = await postCreate(request, baseURL, await createFormTokens(request))
	await request.dispose()
	return path
}
