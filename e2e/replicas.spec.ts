import { test as base, expect, type Page } from '@playwright/test'
import http from 'node:http'
import autocannon from 'autocannon'
import { MockHooks, PASSWORD, uniqueEmail } from '#tests/mock-api/hooks-client'
import { startMockApi } from '#tests/mock-api/server'
import { csrfTokenFrom, freePort, portalEnv } from '#tests/setup/processes'
import { startReplicaStack, type ReplicaStack } from '#tests/setup/replicas'
import { createPartner, fillSignIn, signInOverHttp } from './utils/auth'
import { SERVICE } from './utils/services'

/**
 * Three production portal processes with the same configuration behind nginx
 * (deploy/nginx/portal.conf.template; round-robin, no sticky sessions), one
 * mock API. JavaScript on. Which process answered is read from the harness's
 * `X-Served-By` header.
 */
const test = base.extend<{ mock: MockHooks }, { stack: ReplicaStack & { mockUrl: string } }>({
	stack: [
		async ({}, use) => {
			const port = await freePort()
			const mockApi = await startMockApi({
				host: '127.0.0.1',
				port: 0,
				portalUrl: `http://127.0.0.1:${port}`,
				quiet: true,
				scryptCost: 1024,
			})
			const stack = await startReplicaStack({
				port,
				env: () => ({
					API_BASE_URL: mockApi.url,
					UPLOAD_TMP_URL: `${mockApi.url}/uploads/tmp`,
					SERVICE_LOGO_URL: `${mockApi.url}/uploads/service-logos`,
					LOG_LEVEL: 'silent',
				}),
			})
			await use({ ...stack, mockUrl: mockApi.url })
			await stack.close()
			await mockApi.close()
		},
		{ scope: 'worker', timeout: 60_000 },
	],
	baseURL: async ({ stack }, use) => use(stack.url),
	mock: async ({ stack }, use) => {
		const mock = new MockHooks(stack.mockUrl)
		await use(mock)
		await mock.clearFaults()
	},
})

/** Records which process answered each document and `.data` request of `page`. */
function servedBy(page: Page, stack: ReplicaStack) {
	const processes: number[] = []
	page.on('response', (response) => {
		const url = new URL(response.url())
		if (url.origin !== stack.url || url.pathname.startsWith('/assets/')) return
		const index = stack.processOf(response.headers()['x-served-by'] ?? null)
		if (index >= 0) processes.push(index)
	})
	return processes
}

test('sign up, verify, sign in with two-step and work through a service, answered by every process in turn', async ({
	page,
	mock,
	stack,
}) => {
	const served = servedBy(page, stack)
	const email = uniqueEmail('replicas')
	await page.goto('/auth/sign-up')
	await page.getByLabel('First name').fill('Grace')
	await page.getByLabel('Last name').fill('Hopper')
	await page.getByLabel('Company name').fill('Compilers Ltd')
	await page.getByLabel('Email address').fill(email)
	await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
	await page.getByLabel('Re-enter password').fill(PASSWORD)
	await page.getByRole('button', { name: 'Create account' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Email verification required' })).toBeVisible()
	const link = (await mock.lastEmail(email)).links.find((l) => l.includes('/tokens/email_verification/'))!
	await page.goto(link)
	await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Grace' })).toBeVisible()

	// Two-step sign-in: the pending sign-in (a sealed cookie) crosses processes between the steps.
	await page.context().clearCookies()
	const twoStep = await createPartner(mock, { email_two_step: true })
	await page.goto('/auth/sign-in')
	await fillSignIn(page, twoStep.email, PASSWORD)
	await expect(page.getByText(`We have sent a 6-digit code to ${twoStep.email}.`)).toBeVisible()
	const code = (await mock.lastEmail(twoStep.email)).codes[0]!
	await page.getByRole('textbox', { name: 'Code' }).fill(code)
	await page.getByRole('button', { name: 'Continue' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeVisible()

	// A service: created, then its pages, each request to whichever process is next.
	await page.goto('/services/manage')
	await page.getByLabel('Name', { exact: true }).fill(SERVICE.name)
	await page.getByLabel('Category').selectOption({ label: 'Finance' })
	await page.getByRole('button', { name: 'Create service' }).click()
	await expect(page.getByRole('heading', { level: 1, name: SERVICE.name })).toBeVisible()
	const details = new URL(page.url()).pathname
	for (const section of ['manage', 'developers', 'webhooks', 'verifications', 'translations', 'protections']) {
		const response = await page.goto(`${details}/${section}`)
		expect(response?.status(), section).toBe(200)
	}
	await page.goto(details)
	await expect(page.getByRole('heading', { level: 1, name: SERVICE.name })).toBeVisible()

	// Every process answered, and consecutive requests moved between them.
	expect(new Set(served)).toEqual(new Set([0, 1, 2]))
	const moves = served.slice(1).filter((index, i) => index !== served[i]).length
	expect(moves).toBeGreaterThan(served.length / 2)
})

test('a form rendered by one process is accepted by another: CSRF token, sealed cookies, honeypot', async ({
	playwright,
	mock,
	stack,
	baseURL,
}) => {
	const partner = await createPartner(mock)
	const request = await playwright.request.newContext({ baseURL })
	try {
		for (let attempt = 0; attempt < 3; attempt++) {
			const form = await request.get('/auth/sign-in')
			const html = await form.text()
			const honeypot = Object.fromEntries(
				[...html.matchAll(/<input[^<>]*>/g)].flatMap(([tag]) => {
					const name = /name="((?:name|from)__confirm)"/.exec(tag)?.[1]
					return name ? [[name, /value="([^"]*)"/.exec(tag)?.[1] ?? '']] : []
				}),
			)
			const post = await request.post('/auth/sign-in', {
				form: { email: partner.email, password: PASSWORD, csrf: csrfTokenFrom(html)!, ...honeypot },
				headers: { Origin: baseURL! },
				maxRedirects: 0,
			})
			const [renderedBy, acceptedBy] = [form, post].map((r) => stack.processOf(r.headers()['x-served-by'] ?? null))
			expect(renderedBy).not.toBe(acceptedBy)
			expect(post.status(), `rendered by ${renderedBy}, posted to ${acceptedBy}`).toBe(302)
			expect(post.headers().location).toBe('/')
			await request.post('/auth/sign-out', {
				form: { csrf: csrfTokenFrom(await (await request.get('/auth/sign-out')).text())! },
				headers: { Origin: baseURL! },
				maxRedirects: 0,
			})
		}
	} finally {
		await request.dispose()
	}
})

test('twenty concurrent requests with an expired access token, over all three processes, stay signed in', async ({
	playwright,
	mock,
	stack,
	baseURL,
}) => {
	const partner = await createPartner(mock)
	const request = await playwright.request.newContext({ baseURL })
	try {
		await signInOverHttp(request, baseURL!, partner.email, PASSWORD)
		await mock.expireAccessTokens(partner.email)
		await mock.clearRequests()
		const responses = await Promise.all(
			Array.from({ length: 20 }, () => request.get('/services/manage', { maxRedirects: 0 })),
		)
		expect(responses.map((r) => r.status())).toEqual(Array(20).fill(200))
		expect(new Set(responses.map((r) => stack.processOf(r.headers()['x-served-by'] ?? null)))).toEqual(
			new Set([0, 1, 2]),
		)
		// Only refreshes create tokens here: each process refreshes once per request batch (single-flight), and
		// the API hands parallel refreshes of one token the same new pair (its grace period).
		const refreshes = (await mock.requests()).filter(
			(r) => r.method === 'POST' && r.path.startsWith('/authentication-tokens/'),
		).length
		expect(refreshes).toBeGreaterThanOrEqual(1)
		test.info().annotations.push({ type: 'refreshes', description: `${refreshes} refreshes for 20 requests` })
		console.log(`replicas: ${refreshes} refreshes at the API for 20 concurrent requests over 3 processes`)
		// Whichever new pair the browser kept, nothing was revoked: still signed in, on every process.
		for (let i = 0; i < 3; i++) expect((await request.get('/', { maxRedirects: 0 })).status()).toBe(200)
	} finally {
		await request.dispose()
	}
})

test('a rolling restart under load, moving SESSION_SECRET to the fallbacks, fails no request and signs no one out', async ({
	playwright,
	mock,
	stack,
	baseURL,
}) => {
	test.setTimeout(120_000)
	const partner = await createPartner(mock)
	const request = await playwright.request.newContext({ baseURL })
	try {
		await signInOverHttp(request, baseURL!, partner.email, PASSWORD)
		// A form rendered before the deploy, to be sent after it.
		const csrf = csrfTokenFrom(await (await request.get('/contact')).text())!
		const cookie = (await request.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join('; ')
		const oldSecret = portalEnv().SESSION_SECRET!
		const newSecret = `rotated-${'x'.repeat(40)}`
		const statuses = new Map<number, number>()
		let finish: (result: autocannon.Result) => void = () => {}
		const finished = new Promise<autocannon.Result>((resolve) => (finish = resolve))
		const load = autocannon(
			{ url: `${stack.url}/`, connections: 50, duration: 60, headers: { cookie } },
			(_error, result) => finish(result),
		)
		load.on('response', (_client, statusCode) => statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1))
		// Each process in turn: SIGTERM, wait for it to exit, start it with the new secret and the old as fallback.
		for (let i = 0; i < stack.portals.length; i++) {
			await stack.restart(i, { SESSION_SECRET: newSecret, SESSION_SECRET_FALLBACKS: oldSecret })
		}
		load.stop()
		const result = await finished
		console.log(
			`replicas: rolling restart under load: ${result.requests.total} requests, statuses ${JSON.stringify(
				Object.fromEntries(statuses),
			)}, ${result.errors} errors, ${result.timeouts} timeouts`,
		)
		expect(result.requests.total).toBeGreaterThan(100)
		expect(result.errors).toBe(0)
		expect(result.timeouts).toBe(0)
		expect([...statuses.keys()]).toEqual([200])

		// Still signed in on every process, and the form from before the deploy is accepted after it.
		for (let i = 0; i < 3; i++) expect((await request.get('/', { maxRedirects: 0 })).status()).toBe(200)
		const sent = await request.post('/contact', {
			form: { csrf, subject: 'After the deploy', message: 'Sent from a page rendered before it.' },
			headers: { Origin: baseURL! },
			maxRedirects: 0,
		})
		expect(sent.status()).toBe(302)
	} finally {
		await request.dispose()
	}
})

/** A form post from its own client address (127.0.0.0/8 is all loopback), so it has its own edge counter. */
function postFrom(localAddress: string, url: string, body: string) {
	return new Promise<{ status: number; text: string }>((resolve, reject) => {
		const request = http.request(url, {
			method: 'POST',
			localAddress,
			headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(url).origin },
		})
		request.on('response', (response) => {
			let text = ''
			response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
			response.on('end', () => resolve({ status: response.statusCode ?? 0, text }))
		})
		request.on('error', reject)
		request.end(body)
	})
}

test('anonymous form posts are limited per client address at the edge, for every process behind it', async ({
	stack,
}) => {
	// One post and a burst of 20 more pass (each refused by the portal for its missing CSRF token: 403); the next
	// ones get the edge's 429.
	const statuses: number[] = []
	for (let i = 0; i < 23; i++) {
		statuses.push((await postFrom('127.0.0.2', `${stack.url}/auth/reset-password`, 'email=a%40b.example')).status)
	}
	expect(statuses.slice(0, 21)).toEqual(Array(21).fill(403))
	expect(statuses.slice(21)).toEqual([429, 429])
	const refused = await postFrom('127.0.0.2', `${stack.url}/auth/sign-in.data`, 'email=a%40b.example')
	expect(refused.status).toBe(429)
	expect(refused.text).toContain('Too many attempts from your network')
	// Another address has its own counter; pages still load for the limited one.
	expect((await postFrom('127.0.0.3', `${stack.url}/auth/sign-up`, 'email=x')).status).toBe(403)
	expect((await fetch(`${stack.url}/auth/sign-in`)).status).toBe(200)
})
