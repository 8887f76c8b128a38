import { readFileSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import type { RouteConfigEntry } from '@react-router/dev/routes'
import { csrfTokenFrom, freePort, portalEnv, projectRoot, startPortal } from '#tests/setup/processes'
import { expect, test } from './fixtures'
import { createPartner, signInOverHttp } from './utils/auth'
import { createFormTokens, postCreate, serviceIdOf } from './utils/services'
import routes from '#app/routes'

/**
 * Every form of the portal against a corpus of hostile field names, as an
 * anonymous attacker (guest forms) and as a signed-in partner (the rest): each
 * body carries a valid CSRF token first, so nothing but the form-body checks
 * stands between it and conform. Runs in the `ops` project (no browser).
 */

type FormRoute = { path: string; guest: boolean }

/** Every route whose module has an action, and whether it sits in the guest-only group. */
function formRoutes(entries: readonly RouteConfigEntry[], guest = false): FormRoute[] {
	return entries.flatMap((entry) => {
		const inGuest = guest || entry.file === 'routes/_guest.tsx'
		const source = readFileSync(path.join(projectRoot, 'app', entry.file), 'utf8')
		const own =
			entry.path && /export (async )?(function|const) action\b/.test(source)
				? [{ path: entry.path, guest: inGuest }]
				: []
		return [...own, ...formRoutes(entry.children ?? [], inGuest)]
	})
}

const hostileNames: Array<[string, (csrf: string) => string]> = [
	['a huge array index', (csrf) => `csrf=${csrf}&email[999999999]=x`],
	['an index of five million', (csrf) => `csrf=${csrf}&email[5000000]=x&password=x`],
	['5,000 levels of dots', (csrf) => `csrf=${csrf}&email${'.x'.repeat(5000)}=x`],
	['5,000 levels of brackets', (csrf) => `csrf=${csrf}&email${'[0]'.repeat(5000)}=x`],
	['__proto__', (csrf) => `csrf=${csrf}&__proto__[admin]=1&email.__proto__.x=1`],
	['constructor.prototype', (csrf) => `csrf=${csrf}&constructor.prototype.admin=1`],
	['10,000 fields', (csrf) => `csrf=${csrf}&${Array<string>(10_000).fill('f=').join('&')}`],
]

test('every form refuses hostile field names with a 4xx in well under a second, and the process lives on', async ({
	stack,
	mock,
	playwright,
}) => {
	const baseURL = stack.portalUrl
	const forms = formRoutes(routes)
	// The guest group, the signed-in group, the account pages and the service pages are all there.
	expect(forms.map((form) => form.path)).toEqual(
		expect.arrayContaining(['auth/sign-in', 'auth/sign-up', 'contact', 'services/:serviceId/manage/logo']),
	)
	expect(forms.length).toBeGreaterThan(25)

	const guest = await playwright.request.newContext({ baseURL })
	const partner = await createPartner(mock)
	const signedIn = await playwright.request.newContext({ baseURL })
	await signInOverHttp(signedIn, baseURL, partner.email, partner.password)
	const serviceId = serviceIdOf(await postCreate(signedIn, baseURL, await createFormTokens(signedIn)))
	const params: Record<string, string> = {
		serviceId,
		secretId: 'secret-1',
		deliveryId: 'delivery-1',
		checkId: 'check-1',
		token: 'a'.repeat(40),
	}
	try {
		for (const { path: pattern, guest: isGuest } of forms) {
			const request = isGuest ? guest : signedIn
			const url = '/' + pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name]!))
			const csrf = csrfTokenFrom(await (await request.get(isGuest ? '/auth/sign-in' : '/contact')).text())!
			expect(csrf, url).toBeTruthy()
			for (const [what, body] of hostileNames) {
				for (const target of [url, `${url}.data`]) {
					const started = performance.now()
					const response = await request.post(target, {
						data: body(encodeURIComponent(csrf)),
						headers: { 'content-type': 'application/x-www-form-urlencoded', Origin: baseURL },
						maxRedirects: 0,
					})
					const took = performance.now() - started
					expect(response.status(), `${what} → ${target}`).toBe(400)
					expect(took, `${what} → ${target}`).toBeLessThan(1000)
				}
			}
		}
		// The upload route's multipart body: the token first, then the hostile names.
		const logo = `/services/${serviceId}/manage/logo`
		const csrf = csrfTokenFrom(await (await signedIn.get(logo)).text())!
		const response = await signedIn.post(logo, {
			multipart: { csrf, intent: 'upload', 'logo[999999999]': 'x', [`a${'.x'.repeat(5000)}`]: 'y' },
			headers: { Origin: baseURL },
			maxRedirects: 0,
		})
		expect(response.status()).toBe(400)
		expect(await response.text()).toContain('The form could not be read.')
		// Still alive, still signed in.
		expect((await guest.get('/healthz')).status()).toBe(200)
		expect((await signedIn.get('/contact')).status()).toBe(200)
	} finally {
		await guest.dispose()
		await signedIn.dispose()
	}
})

/** Resident and peak memory of a process, in MB (Linux /proc). */
function memoryOf(pid: number) {
	const status = readFileSync(`/proc/${pid}/status`, 'utf8')
	const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN)
	return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 }
}

/** Posts `body` over its own connection and answers the status, however early the server answers and closes. */
function postRaw(url: string, headers: Record<string, string>, body: Buffer) {
	return new Promise<number>((resolve, reject) => {
		const request = http.request(url, { method: 'POST', headers: { ...headers, 'content-length': body.length } })
		request.on('response', (response) => {
			response.resume()
			resolve(response.statusCode ?? 0)
		})
		// Writing the rest after an early answer may fail; only a request that got no answer has failed.
		request.on('error', (error) => setImmediate(() => reject(error)))
		request.end(body)
	})
}

test('a hundred concurrent anonymous 10 MB uploads are refused without the process growing by 100 MB', async ({
	stack,
}) => {
	const { portalUrl } = stack
	const port = await freePort()
	const portal = await startPortal({
		env: portalEnv({ PORT: String(port), API_BASE_URL: stack.mockUrl, PUBLIC_APP_URL: `http://127.0.0.1:${port}` }),
	})
	try {
		const pid = portal.child.pid!
		const signInPage = await fetch(`${portal.url}/auth/sign-in`)
		// An attacker with a genuine CSRF cookie and token (anyone can load the sign-in page), but no session.
		const cookie = signInPage.headers
			.getSetCookie()
			.map((value) => value.split(';')[0])
			.join('; ')
		const csrf = csrfTokenFrom(await signInPage.text())!
		const boundary = 'HostileBoundary'
		const multipart = (first: string) =>
			Buffer.concat([
				Buffer.from(
					`--${boundary}\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n${first}\r\n` +
						`--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="a.png"\r\n` +
						'Content-Type: image/png\r\n\r\n',
				),
				Buffer.alloc(10 * 1024 * 1024, 1),
				Buffer.from(`\r\n--${boundary}--\r\n`),
			])
		const body = multipart(csrf)
		const before = memoryOf(pid)
		const statuses = await Promise.all(
			Array.from({ length: 100 }, (_, i) =>
				postRaw(
					`${portal.url}/services/any-${i}/manage/logo`,
					{
						'content-type': `multipart/form-data; boundary=${boundary}`,
						origin: portal.url,
						...(i % 2 ? { cookie } : {}),
					},
					body,
				),
			),
		)
		const after = memoryOf(pid)
		expect(new Set(statuses)).toEqual(new Set([403]))
		expect(after.peak - before.rss, `RSS ${before.rss.toFixed(0)} MB → peak ${after.peak.toFixed(0)} MB`).toBeLessThan(
			100,
		)
		test.info().annotations.push({
			type: 'memory',
			description: `RSS before ${before.rss.toFixed(0)} MB, peak during ${after.peak.toFixed(0)} MB`,
		})
		expect((await fetch(`${portal.url}/healthz`)).status).toBe(200)
		expect(portalUrl).toBeTruthy()
	} finally {
		await portal.close()
	}
})
