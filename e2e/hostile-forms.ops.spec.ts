import { readFileSync } from 'node:fs'
import http from 'node:http'
import { csrfTokenFrom, freePort, portalEnv, startPortal } from '#tests/setup/processes'
import { expect, test } from './fixtures'
import { createPartner, signInOverHttp } from './utils/auth'
import { formRoutes, memoryOf, rawStatus, rssOf } from './utils/hostile'
import { createFormTokens, postCreate, serviceIdOf } from './utils/services'
import { pngFile } from '#tests/mock-api/image-fixtures'

/**
 * Every form of the portal against a corpus of hostile requests, as an
 * anonymous attacker (guest and public forms) and as a signed-in partner (the
 * rest): each body carries a valid CSRF token, so nothing but the portal's own
 * reading of forms stands between it and conform. Runs in the `ops` project
 * (no browser).
 */

/** What no form of the portal sends, each a 400 "The form could not be read." before any schema sees it. */
const corpus: Array<[string, string]> = [
	// conform's reserved fields: an intent it would act on, its state it would parse and echo.
	[
		'an update intent at index 2^32-2',
		`__intent__=${encodeURIComponent('{"type":"update","payload":{"name":"zz","index":4294967294,"value":"v"}}')}`,
	],
	[
		'an update intent at index 8e6',
		`__intent__=${encodeURIComponent('{"type":"update","payload":{"name":"a","index":8000000,"value":"v"}}')}`,
	],
	[
		'an insert intent',
		`__intent__=${encodeURIComponent('{"type":"insert","payload":{"name":"email","index":1000000}}')}`,
	],
	['broken JSON in the intent', '__intent__=%7B'],
	['15,000-deep JSON in the intent', `__intent__=${'['.repeat(15_000)}${']'.repeat(15_000)}`],
	['a state to echo', `__state__=${encodeURIComponent('{"validated":{"email":true}}')}`],
	['any other __ name', '__anything=1'],
	// Names conform turns into objects and arrays.
	['a huge array index', 'email[999999999]=x'],
	['an index of five million', 'email[5000000]=x&password=x'],
	['5,000 levels of dots', `email${'.x'.repeat(5000)}=x`],
	['5,000 levels of brackets', `email${'[0]'.repeat(5000)}=x`],
	['__proto__', '__proto__[admin]=1&email.__proto__.x=1'],
	['constructor.prototype', 'constructor.prototype.admin=1'],
	['10,000 fields', Array<string>(10_000).fill('f=').join('&')],
	['a name 60,000 characters long', `${'n'.repeat(60_000)}=1`],
	['a name with line breaks', `${encodeURIComponent('subject\r\nBcc: victim@example.com')}=x&${'[0]'.repeat(10)}=y`],
]

test('every form refuses a hostile request with a 4xx within a second, on every spelling and method; the process lives on, its memory bounded, and the API sees no change', async ({
	stack,
	mock,
	playwright,
}) => {
	test.setTimeout(240_000)
	const forms = formRoutes()
	// The guest group, the signed-in group, the account pages and the service pages are all there.
	expect(forms.map((form) => form.path)).toEqual(
		expect.arrayContaining(['auth/sign-in', 'auth/sign-up', 'contact', 'services/:serviceId/manage/logo']),
	)
	expect(forms.find((form) => form.path === 'contact')?.guest).toBe(true)
	expect(forms.find((form) => form.path === 'services/:serviceId/manage')?.guest).toBe(false)
	expect(forms.length).toBeGreaterThan(25)

	// A portal of its own, so its memory is this test's alone, with a small heap: what RSS gains is what requests keep,
	// not garbage a large old or young generation would hold for a while.
	const port = await freePort()
	const logFile = test.info().outputPath('portal.log')
	const portal = await startPortal({
		env: {
			...portalEnv({ PORT: String(port), API_BASE_URL: stack.mockUrl, PUBLIC_APP_URL: `http://127.0.0.1:${port}` }),
			NODE_OPTIONS: '--max-old-space-size=256 --max-semi-space-size=8',
		},
		logFile,
	})
	const baseURL = portal.url
	const guest = await playwright.request.newContext({ baseURL })
	const signedIn = await playwright.request.newContext({ baseURL })
	try {
		const partner = await createPartner(mock)
		await signInOverHttp(signedIn, baseURL, partner.email, partner.password)
		const serviceId = serviceIdOf(await postCreate(signedIn, baseURL, await createFormTokens(signedIn)))
		const params: Record<string, string> = {
			serviceId,
			secretId: 'secret-1',
			deliveryId: 'delivery-1',
			checkId: 'check-1',
			token: 'a'.repeat(40),
			type: 'email_verification',
		}
		const pid = portal.child.pid!
		// Warm: every page once, so what grows later is what the corpus costs.
		for (const { path: pattern, guest: isGuest } of forms) {
			await (isGuest ? guest : signedIn).get('/' + pattern.replace(/:(\w+)/g, (_, name: string) => params[name]!))
		}
		const rssBefore = rssOf(pid)
		await mock.clearRequests()
		let requests = 0

		for (const { path: pattern, guest: isGuest } of forms) {
			const request = isGuest ? guest : signedIn
			const url = '/' + pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name]!))
			const csrf = csrfTokenFrom(await (await request.get(isGuest ? '/auth/sign-in' : '/contact')).text())
			expect(csrf, url).toBeDefined()
			const send = async (method: string, target: string, body: string, expected: number[], what: string) => {
				const started = performance.now()
				const response = await request.fetch(target, {
					method,
					data: `csrf=${encodeURIComponent(csrf!)}&${body}`,
					headers: { 'content-type': 'application/x-www-form-urlencoded', Origin: baseURL },
					maxRedirects: 0,
				})
				const took = performance.now() - started
				requests++
				expect(expected, `${what}: ${method} ${target} → ${response.status()}`).toContain(response.status())
				if (response.status() === 405) expect(response.headers().allow, `${method} ${target}`).toBe('GET, HEAD, POST')
				expect(took, `${what}: ${method} ${target}`).toBeLessThan(1000)
			}
			// Every spelling React Router takes for the same route: the page, its data request (what a browser with
			// JavaScript posts), other cases, a trailing slash.
			const jobs: Array<() => Promise<void>> = []
			for (const [what, body] of corpus) {
				const targets = what.includes('intent')
					? [url, `${url}.data`, url.toUpperCase(), `${url}/`]
					: what.includes('__')
						? [url, `${url}.data`]
						: [url]
				for (const target of targets) jobs.push(() => send('POST', target, body, [400], what))
			}
			// Every method but GET, HEAD and POST: 405 (PUT, PATCH, DELETE from the portal; the rest at the server).
			for (const method of ['PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'PROPFIND']) {
				jobs.push(() => send(method, url, 'email=a%40b.example', [405], method))
			}
			jobs.push(() => send('PUT', `${url}.data`, 'email=a%40b.example', [405], 'PUT'))
			// Four at a time, as a few attackers' connections would.
			await Promise.all(
				Array.from({ length: 4 }, async () => {
					for (let job = jobs.shift(); job; job = jobs.shift()) await job()
				}),
			)
			// And the process answers throughout.
			const health = performance.now()
			expect((await guest.get('/healthz')).status(), `after ${url}`).toBe(200)
			expect(performance.now() - health, `/healthz after ${url}`).toBeLessThan(1000)
		}
		// The upload route's multipart body: the token first, then the hostile names and fields.
		const logo = `/services/${serviceId}/manage/logo`
		const csrf = csrfTokenFrom(await (await signedIn.get(logo)).text())!
		const multipartCorpus: Array<Record<string, string>> = [
			{ 'logo[999999999]': 'x', [`a${'.x'.repeat(5000)}`]: 'y' },
			{ __intent__: '{"type":"update","payload":{"name":"zz","index":4294967294,"value":"v"}}' },
			{ __state__: '{' },
		]
		for (const extra of multipartCorpus) {
			const response = await signedIn.post(logo, {
				multipart: { csrf, intent: 'upload', ...extra },
				headers: { Origin: baseURL },
				maxRedirects: 0,
			})
			expect(response.status(), Object.keys(extra).join()).toBe(400)
			expect(await response.text()).toContain('The form could not be read.')
		}
		// A raw backslash, which the URL parser reads as a slash (`/auth\\sign-in` is sign-in to the app, not to a
		// proxy's path rules): refused before any route.
		for (const target of ['/auth\\sign-in', '/x\\..\\contact']) {
			expect(await rawStatus(`${baseURL}${target}`), target).toBe(400)
		}
		const rssAfter = rssOf(pid)
		test.info().annotations.push({
			type: 'corpus',
			description: `${forms.length} forms, ${requests} requests; RSS ${rssBefore.toFixed(0)} → ${rssAfter.toFixed(0)} MB`,
		})
		expect(rssAfter - rssBefore, `RSS ${rssBefore.toFixed(0)} → ${rssAfter.toFixed(0)} MB`).toBeLessThan(64)
		// A refused request is an expected outcome: no error in the log (no stack, no "unhandled error").
		const errors = readFileSync(logFile, 'utf8')
			.split('\n')
			.filter((line) => line.includes('"level":"error"') || /^\s+at /.test(line) || line.includes('Error:'))
		expect(errors).toEqual([])
		// Nothing reached the API but reads: no account, service, secret or session changed.
		const writes = (await mock.requests()).filter((entry) => entry.method !== 'GET')
		expect(writes).toEqual([])
		// Still alive, still signed in.
		expect((await guest.get('/healthz')).status()).toBe(200)
		expect((await signedIn.get('/contact')).status()).toBe(200)
		expect(portal.child.exitCode).toBeNull()
	} finally {
		await guest.dispose()
		await signedIn.dispose()
		await portal.close()
	}
})

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

test('a hundred concurrent anonymous 10 MB uploads, a third with a cookie shaped like a token, are refused without the process growing by 100 MB', async ({
	stack,
}) => {
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
						// None, the CSRF cookie, or that and an access token cookie the API does not know.
						...[{}, { cookie }, { cookie: `${cookie}; user.access-token=ImJvZ3VzIg==` }][i % 3],
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
	} finally {
		await portal.close()
	}
})

/** Sends the headers of a 10 MB upload and `first`, never the rest; answers the status and `Connection` it gets. */
function stalledPost(url: string, headers: Record<string, string>, first: Buffer) {
	return new Promise<{ status: number; connection?: string }>((resolve, reject) => {
		const request = http.request(url, { method: 'POST', headers: { ...headers, 'content-length': 10 * 1024 * 1024 } })
		request.on('response', (response) => {
			resolve({ status: response.statusCode ?? 0, connection: response.headers.connection })
			request.destroy()
		})
		// Writing after the answer may fail; only a request that got no answer has failed.
		request.on('error', (error) => setImmediate(() => reject(error)))
		request.write(first)
	})
}

test("slow uploads to another partner's service, or from an unverified partner, hold no upload slot: the owner's goes through", async ({
	stack,
	mock,
	playwright,
}) => {
	const port = await freePort()
	const portal = await startPortal({
		env: portalEnv({
			PORT: String(port),
			API_BASE_URL: stack.mockUrl,
			UPLOAD_TMP_URL: `${stack.mockUrl}/uploads/tmp`,
			SERVICE_LOGO_URL: `${stack.mockUrl}/uploads/service-logos`,
			PUBLIC_APP_URL: `http://127.0.0.1:${port}`,
		}),
	})
	const [owner, intruder, unverified] = await Promise.all(
		[0, 1, 2].map(() => playwright.request.newContext({ baseURL: portal.url })),
	)
	try {
		for (const [request, verified] of [
			[owner!, true],
			[intruder!, true],
			[unverified!, false],
		] as const) {
			const { email, password } = await createPartner(mock, { verified })
			await signInOverHttp(request, portal.url, email, password)
		}
		const serviceId = serviceIdOf(await postCreate(owner!, portal.url, await createFormTokens(owner!)))
		const logo = `/services/${serviceId}/manage/logo`
		// Four each, every one with its session, its CSRF token first and the file's first bytes, then nothing more:
		// read as they came, they held every upload slot of the process for two minutes.
		const slow = []
		for (const request of [intruder!, unverified!]) {
			const cookie = (await request.storageState()).cookies.map(({ name, value }) => `${name}=${value}`).join('; ')
			const csrf = csrfTokenFrom(await (await request.get('/contact')).text())!
			const first = Buffer.from(
				`--B\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n${csrf}\r\n` +
					`--B\r\nContent-Disposition: form-data; name="logo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n` +
					'x'.repeat(16 * 1024),
			)
			const headers = { cookie, origin: portal.url, 'content-type': 'multipart/form-data; boundary=B' }
			for (let i = 0; i < 4; i++) slow.push(stalledPost(`${portal.url}${logo}`, headers, first))
		}
		// Answered at once, the connection closed: another partner's service is a 404, an unverified partner goes back.
		expect(await Promise.all(slow)).toEqual([
			...Array<unknown>(4).fill({ status: 404, connection: 'close' }),
			...Array<unknown>(4).fill({ status: 302, connection: 'close' }),
		])
		const csrf = csrfTokenFrom(await (await owner!.get(logo)).text())!
		const upload = await owner!.post(logo, {
			multipart: {
				csrf,
				intent: 'upload',
				logo: { name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(pngFile(200, 200)) },
			},
			headers: { Origin: portal.url },
			maxRedirects: 0,
		})
		expect(upload.status()).toBe(302)
		expect(upload.headers().location).toBe(`/services/${serviceId}`)
	} finally {
		await Promise.all([owner, intruder, unverified].map((request) => request!.dispose()))
		await portal.close()
	}
})
