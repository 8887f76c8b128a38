import path from 'node:path'
import { test as base, expect, type Response } from '@playwright/test'
import { MockHooks } from '#tests/mock-api/hooks-client'
import { startMockApi } from '#tests/mock-api/server'
import { freePort, portalEnv, startPortal } from '#tests/setup/processes'
import { createPartner, signInOverHttp, type Partner } from './utils/auth'
import { formatFindings, validateHtml, type HtmlFinding } from './utils/html-validate'

export const CONTACT_EMAIL = 'partners@example.com'
/** The portal's partner API timeout in e2e runs: a fault that waits longer is a timeout. */
export const API_TIMEOUT_MS = 3_000

type WorkerFixtures = {
	/** The mock delivers webhooks to this machine too (`test.use` it in a spec that runs a local receiver). */
	allowPrivateWebhooks: boolean
	portalHost: string
	stack: { portalUrl: string; mockUrl: string }
}
type TestFixtures = {
	mock: MockHooks
	/**
	 * A verified partner (two-step off, PASSWORD), signed in over HTTP in this test's browser context; the page
	 * is still blank. Take it as `partner: _signedIn` when only the sign-in is needed.
	 */
	partner: Partner
}

/**
 * Each Playwright worker gets its own mock API (in-process) and its own
 * production portal process, so tests in parallel workers never share
 * users, emails or the mock clock.
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
	allowPrivateWebhooks: [false, { option: true, scope: 'worker' }],
	// WebAuthn takes no IP address as a relying party: the passkey specs address the portal as localhost.
	portalHost: ['127.0.0.1', { option: true, scope: 'worker' }],
	stack: [
		async ({ allowPrivateWebhooks, portalHost }, use, workerInfo) => {
			const port = await freePort()
			const portalUrl = `http://${portalHost}:${port}`
			const mockApi = await startMockApi({
				host: '127.0.0.1',
				port: 0,
				portalUrl,
				contactEmail: CONTACT_EMAIL,
				quiet: true,
				// Still scrypt, at a test cost: every test signs up and signs in at least once.
				scryptCost: 1024,
				allowPrivateWebhooks,
			})
			const portal = await startPortal({
				env: portalEnv({
					PORT: String(port),
					PUBLIC_APP_URL: portalUrl,
					API_BASE_URL: mockApi.url,
					// The mock is also the two storages (its logo URLs must pass the CSP).
					UPLOAD_TMP_URL: `${mockApi.url}/uploads/tmp`,
					SERVICE_LOGO_URL: `${mockApi.url}/uploads/service-logos`,
					CONTACT_EMAIL,
					API_TIMEOUT_MS: String(API_TIMEOUT_MS),
				}),
				logFile: path.join(workerInfo.project.outputDir, `portal-worker-${workerInfo.workerIndex}.log`),
			})
			await use({ portalUrl, mockUrl: mockApi.url })
			await portal.close()
			await mockApi.close()
		},
		{ scope: 'worker', timeout: 60_000 },
	],
	baseURL: async ({ stack }, use) => {
		await use(stack.portalUrl)
	},
	mock: async ({ stack }, use) => {
		const mock = new MockHooks(stack.mockUrl)
		await use(mock)
		// A fault a test left unused must not fail the next test of this worker.
		await mock.clearFaults()
	},
	partner: async ({ mock, context, baseURL }, use) => {
		const partner = await createPartner(mock)
		await signInOverHttp(context.request, baseURL!, partner.email, partner.password)
		await use(partner)
	},
	// The browser context, in the js-disabled project also failing the test if a page the portal sent it is not valid
	// HTML. An override of `context`, not an automatic fixture: a test without a browser (the ops project) starts none.
	context: async ({ context, baseURL }, use, testInfo) => {
		if (!jsDisabled(testInfo)) return use(context)
		// Every HTML document the portal sends to a page of this test's context (any status: error pages too),
		// validated while the test goes on; html-validate.ts skips a page this worker has validated before.
		const pages: Promise<HtmlFinding[]>[] = []
		const onResponse = (response: Response) => {
			const request = response.request()
			if (request.resourceType() !== 'document' || response.frame().parentFrame() !== null) return
			if (!response.url().startsWith(`${baseURL}/`)) return
			if (!response.headers()['content-type']?.startsWith('text/html')) return
			// A redirect has no body to read.
			if (response.status() >= 300 && response.status() < 400) return
			pages.push(
				response.text().then(
					(html) => validateHtml(html, `${request.method()} ${response.url()} → ${response.status()}`),
					// The body is gone when the browser dropped the document before it was read.
					() => [],
				),
			)
		}
		context.on('response', onResponse)
		await use(context)
		context.off('response', onResponse)
		const findings = (await Promise.all(pages)).flat()
		if (findings.length > 0) throw new Error(formatFindings(findings))
	},
	// With JavaScript, `page.goto` also waits until React has hydrated the page (the root marks `<html
	// data-hydrated>`), as a person's first keystroke does in practice: React resets a textarea typed into before it
	// hydrates, which made tests that type at once flaky under load.
	// The portal's pages only: the mock's inbox has no script to hydrate.
	page: async ({ page, baseURL }, use, testInfo) => {
		if (!jsDisabled(testInfo)) {
			const goto = page.goto.bind(page)
			const portal = baseURL ? new URL(baseURL).origin : null
			page.goto = async (url, options) => {
				const response = await goto(url, options)
				const ours = response !== null && new URL(response.url()).origin === portal
				if (ours && response.headers()['content-type']?.startsWith('text/html') && options?.waitUntil !== 'commit') {
					await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
				}
				return response
			}
		}
		await use(page)
	},
})

export { expect }

/** True in the JavaScript-disabled project. */
export function jsDisabled(testInfo: { project: { name: string } }) {
	return testInfo.project.name === 'js-disabled'
}
