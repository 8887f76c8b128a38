import { spawnSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { gunzipSync } from 'node:zlib'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { startMockApi } from '#tests/mock-api/server'
import { csrfTokenFrom, freePort, portalEnv, projectRoot, SERVER_NODE_ARGS, startPortal } from '#tests/setup/processes'
import { MockHooks, PASSWORD, uniqueEmail } from '#tests/mock-api/hooks-client'

test('with an empty environment the server exits before listening and names every variable', () => {
	const result = spawnSync(process.execPath, SERVER_NODE_ARGS, {
		cwd: projectRoot,
		env: { PATH: process.env.PATH, NODE_ENV: 'production' },
		encoding: 'utf8',
		timeout: 20_000,
	})
	expect(result.status).not.toBe(0)
	expect(result.stdout).not.toContain('listening')
	for (const name of [
		'API_BASE_URL',
		'PUBLIC_APP_URL',
		'UPLOAD_TMP_URL',
		'SERVICE_LOGO_URL',
		'CONTACT_EMAIL',
		'SOURCE_REPOSITORY_URL',
		'SESSION_SECRET',
		'API_CLIENT_CREDENTIAL',
	]) {
		expect(result.stderr).toContain(`- ${name}: is required`)
	}
})

test('an invalid value is named with its reason', () => {
	const result = spawnSync(process.execPath, ['./server.mjs'], {
		cwd: projectRoot,
		env: portalEnv({ API_BASE_URL: 'ftp://nope', PORT: '0' }),
		encoding: 'utf8',
		timeout: 20_000,
	})
	expect(result.status).not.toBe(0)
	expect(result.stderr).toContain('API_BASE_URL: must be an absolute http(s) URL')
	expect(result.stderr).toContain('PORT: must be between 1 and 65535')
})

test('/readyz is 503 with a short JSON body when the partner API does not answer', async () => {
	const port = await freePort()
	const deadApi = await freePort()
	const portal = await startPortal({
		env: portalEnv({ PORT: String(port), API_BASE_URL: `http://127.0.0.1:${deadApi}`, LOG_LEVEL: 'silent' }),
	})
	try {
		const ready = await fetch(`${portal.url}/readyz`)
		expect(ready.status).toBe(503)
		expect(await ready.json()).toEqual({ status: 'unavailable', api: 'unreachable' })
		expect((await fetch(`${portal.url}/healthz`)).status).toBe(200)
	} finally {
		await portal.close()
	}
})

test('one JSON log line per request, with no query string and no path secrets', async () => {
	const port = await freePort()
	const logFile = path.join(projectRoot, 'test-results', `ops-log-${port}.log`)
	const portal = await startPortal({ env: portalEnv({ PORT: String(port) }), logFile })
	try {
		await fetch(`${portal.url}/does-not-exist?code=123456&token=abc`, {
			headers: { 'x-request-id': 'ops-test-request-1' },
		})
		await fetch(`${portal.url}/auth/reset-password/token/SECRET-RESET-TOKEN`)
		await fetch(`${portal.url}/tokens/email_verification/SECRET-EMAIL-TOKEN`)
		await fetch(`${portal.url}/Auth/Reset-Password/Token/SECRET-MIXED-CASE`) // routing ignores case
	} finally {
		await portal.close()
	}
	const lines = (await readFile(logFile, 'utf8'))
		.split('\n')
		.filter(Boolean)
		.map((line) => JSON.parse(line) as Record<string, unknown>)
	const requests = lines.filter((line) => line.msg === 'request')
	// Reached directly, the portal names the request itself: a client's own id could forge another's reference.
	expect(requests).toContainEqual(
		expect.objectContaining({
			method: 'GET',
			path: '/does-not-exist',
			status: 404,
			request_id: expect.stringMatching(/^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/),
			duration_ms: expect.any(Number),
		}),
	)
	expect(JSON.stringify(requests)).not.toContain('ops-test-request-1')
	const text = JSON.stringify(lines)
	expect(text).not.toContain('123456')
	expect(text).not.toContain('SECRET-RESET-TOKEN')
	expect(text).not.toContain('SECRET-EMAIL-TOKEN')
	expect(text).not.toContain('SECRET-MIXED-CASE')
	expect(text).toContain('/Auth/Reset-Password/Token/[redacted]')
	expect(text).toContain('/auth/reset-password/token/[redacted]')
})

/** A local stand-in for Sentry: records every envelope it is sent. */
async function startSentrySink() {
	const envelopes: Array<{ text: string; types: string[] }> = []
	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = []
		req.on('data', (c: Buffer) => chunks.push(c))
		req.on('end', () => {
			const body = Buffer.concat(chunks)
			const text =
				req.headers['content-encoding'] === 'gzip' ? gunzipSync(body).toString('utf8') : body.toString('utf8')
			// Header line, then item header and payload lines: collect the item types.
			const types = text
				.split('\n')
				.slice(1)
				.filter((_, index) => index % 2 === 0)
				.flatMap((line) => {
					try {
						return [String((JSON.parse(line) as { type?: unknown }).type)]
					} catch {
						return []
					}
				})
			envelopes.push({ text: `${req.url}\n${text}`, types })
			res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
		})
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const port = (server.address() as AddressInfo).port
	return {
		envelopes,
		dsn: `http://publickey@127.0.0.1:${port}/42`,
		count: (type: string) => envelopes.filter((e) => e.types.includes(type)).length,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	}
}

/**
 * Adds `value` to the strings telemetry must never contain: as given, URL-decoded
 * and, for unsigned React Router cookies (base64 JSON), the strings inside.
 */
function addSecret(secrets: Set<string>, value: string | undefined | null) {
	if (!value || value.length < 6) return
	secrets.add(value)
	try {
		const decoded = decodeURIComponent(value)
		secrets.add(decoded)
		const walk = (v: unknown): void => {
			if (typeof v === 'string' && v.length >= 6) secrets.add(v)
			else if (v && typeof v === 'object') Object.values(v).forEach(walk)
		}
		walk(JSON.parse(Buffer.from(decoded, 'base64').toString('utf8')))
	} catch {
		// Not encoded, or sealed: the raw value is enough.
	}
}

/** A cookie-keeping HTTP client for the portal; every cookie value it receives is a secret. */
class PortalClient {
	readonly jar = new Map<string, string>()
	/** Responses the server SDK keeps a transaction for (it drops 3xx and 401–404 by default). */
	traced = 0
	constructor(
		readonly base: string,
		readonly secrets: Set<string>,
	) {}

	async send(path: string, form?: Record<string, string>) {
		const cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ')
		const response = await fetch(`${this.base}${path}`, {
			method: form ? 'POST' : 'GET',
			redirect: 'manual',
			headers: {
				...(cookie ? { cookie } : {}),
				...(form ? { 'content-type': 'application/x-www-form-urlencoded', origin: this.base } : {}),
			},
			body: form ? new URLSearchParams(form) : undefined,
		})
		if (!(response.status >= 300 && response.status < 400) && !(response.status >= 401 && response.status <= 404))
			this.traced += 1
		for (const header of response.headers.getSetCookie()) {
			const pair = header.split(';')[0]!
			const name = pair.slice(0, pair.indexOf('='))
			const value = pair.slice(pair.indexOf('=') + 1)
			if (!value || /max-age=0|expires=thu, 01 jan 1970/i.test(header)) this.jar.delete(name)
			else {
				this.jar.set(name, value)
				addSecret(this.secrets, value)
			}
		}
		return response
	}

	/** GETs a page with a form and returns its CSRF token. */
	async formToken(path: string) {
		const page = await this.send(path)
		expect(page.status, path).toBe(200)
		const token = csrfTokenFrom(await page.text())
		expect(token, `CSRF token on ${path}`).toBeTruthy()
		addSecret(this.secrets, token)
		return token!
	}
}

test('with SENTRY_DSN set, errors and traces reach Sentry without tokens, cookies, codes or secret paths', async () => {
	test.setTimeout(60_000)
	const sink = await startSentrySink()
	const port = await freePort()
	const portalUrl = `http://127.0.0.1:${port}`
	const mockServer = await startMockApi({ host: '127.0.0.1', port: 0, portalUrl, quiet: true, scryptCost: 1024 })
	const mock = new MockHooks(mockServer.url)
	const portal = await startPortal({
		env: portalEnv({
			PORT: String(port),
			PUBLIC_APP_URL: portalUrl,
			API_BASE_URL: mockServer.url,
			SENTRY_DSN: sink.dsn,
			LOG_LEVEL: 'silent',
		}),
	})
	const secrets = new Set<string>()
	const secretPaths: string[] = []
	try {
		const password = PASSWORD
		const partner = uniqueEmail('sentry')
		const twoStep = uniqueEmail('sentry-2fa')
		await mock.createUser({ email: partner, password, company_name: 'Sentry Ltd', country: 'GB', locale: 'en-GB' })
		await mock.createUser({ email: twoStep, password, email_two_step: true })

		// 1. Password reset through the emailed link, in mixed case (routing ignores case).
		const resetting = new PortalClient(portalUrl, secrets)
		let csrf = await resetting.formToken('/auth/reset-password')
		expect((await resetting.send('/auth/reset-password', { email: partner, csrf })).status).toBe(200)
		const resetLink = (await mock.lastEmail(partner)).links.find((l) => l.includes('/auth/reset-password/token/'))!
		const resetToken = resetLink.split('/').at(-1)!
		addSecret(secrets, resetToken)
		const resetPath = `/Auth/Reset-Password/Token/${resetToken}`
		secretPaths.push(resetPath, `/auth/reset-password/token/${resetToken}`)
		csrf = await resetting.formToken(resetPath)
		const newPassword = 'Brand-New-Secret-7'
		secrets.add(newPassword)
		const reset = await resetting.send(resetPath, { password: newPassword, password_confirmation: newPassword, csrf })
		expect(reset.status).toBe(302)
		expect(reset.headers.get('location')).toBe('/auth/sign-in')
		expect(await (await resetting.send('/auth/sign-in')).text()).toContain('Password changed with success.')

		// 2. An emailed verification link (/tokens/<type>/<token>).
		const registered = uniqueEmail('sentry-new')
		const registration = await fetch(`${mockServer.url}/user-registrations`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({
				first_name: 'Grace',
				last_name: 'Hopper',
				company_name: 'Compilers Ltd',
				country: 'GB',
				locale: 'en-GB',
				email: registered,
				password,
				password_confirmation: password,
			}),
		})
		expect(registration.status).toBe(201)
		const verifyLink = (await mock.lastEmail(registered)).links.find((l) => l.includes('/tokens/email_verification/'))!
		const verifyToken = verifyLink.split('/').at(-1)!
		addSecret(secrets, verifyToken)
		secretPaths.push(`/tokens/email_verification/${verifyToken}`)
		const linkClient = new PortalClient(portalUrl, secrets)
		expect((await linkClient.send(`/Tokens/email_verification/${verifyToken}`)).status).toBe(303)
		// Used once: now it renders "Link not valid" (404) under the same secret path.
		expect((await linkClient.send(`/tokens/Email_Verification/${verifyToken}`)).status).toBe(404)

		// 3. Sign in with the new password, start an authenticator setup (its sealed cookie goes
		// back once), pass a query string that carries a token, then a loader error.
		const signedIn = new PortalClient(portalUrl, secrets)
		csrf = await signedIn.formToken('/auth/sign-in')
		const signIn = await signedIn.send('/auth/sign-in', { email: partner, password: newPassword, csrf })
		expect(signIn.status).toBe(302)
		expect(signedIn.jar.has('user.access-token')).toBe(true)
		expect(signedIn.jar.has('user.refresh-token')).toBe(true)
		const totpPage = '/me/manage/security/multi-factor-authentication/totp'
		csrf = await signedIn.formToken(totpPage)
		expect((await signedIn.send(totpPage, { intent: 'start', csrf })).status).toBe(302)
		expect(signedIn.jar.has('user.totp-setup')).toBe(true)
		expect((await signedIn.send(totpPage)).status).toBe(200)
		const queryToken = `qs${crypto.randomUUID()}`
		secrets.add(queryToken)
		expect((await signedIn.send(`/contact?token=${queryToken}&code=${queryToken}`)).status).toBe(200)
		await mock.fault({ method: 'GET', path: '/user-authentications', status: 500, times: 1 })
		const failing = await signedIn.send('/')
		expect(failing.status).toBe(500)
		expect(await failing.text()).not.toMatch(/ApiError|user-authentications|\n[ \t]+at /) // no internals, no stack trace

		// 4. Two-step sign-in with an emailed code (the code also passes through a query string).
		const second = new PortalClient(portalUrl, secrets)
		csrf = await second.formToken('/auth/sign-in')
		const firstStep = await second.send('/auth/sign-in', { email: twoStep, password, csrf })
		expect(firstStep.headers.get('location')).toContain('/auth/sign-in/two-step')
		expect(second.jar.has('user.pending-sign-in')).toBe(true)
		// With email as the only method, the first step has sent the code already.
		const code = (await mock.lastEmail(twoStep)).codes[0]!
		expect(code).toMatch(/^\d{6}$/)
		csrf = await second.formToken(`/auth/sign-in/two-step?method=email&code=${code}`)
		const done = await second.send('/auth/sign-in/two-step', { intent: 'verify', method: 'email', code, csrf })
		expect(done.status).toBe(302)
		expect(second.jar.has('user.access-token')).toBe(true)
		expect((await second.send('/')).status).toBe(200)

		// Every request above ends a server transaction; wait until all of them and the error arrived.
		const traced = [resetting, linkClient, signedIn, second].reduce((sum, client) => sum + client.traced, 0)
		expect(traced).toBeGreaterThanOrEqual(11)
		await expect.poll(() => sink.count('transaction'), { timeout: 15_000 }).toBeGreaterThanOrEqual(traced)
		await expect
			.poll(
				() => sink.envelopes.some((e) => e.types.includes('event') && e.text.includes('GET /user-authentications')),
				{ timeout: 15_000 },
			)
			.toBe(true)

		const all = sink.envelopes.map((e) => e.text).join('\n')
		expect(all).toContain('/api/42/envelope/')
		const leaked = [...secrets].filter((secret) => all.includes(secret))
		expect(leaked, `${leaked.length} of ${secrets.size} secrets found in ${sink.envelopes.length} envelopes`).toEqual(
			[],
		)
		// Six-digit code: never as a number on its own (timestamps' fractions are preceded by a dot).
		expect(all).not.toMatch(new RegExp(`(?<![\\d.])${code}(?!\\d)`))
		// The secret paths were reported, with the secret segment redacted. (Emailed /tokens links
		// answer 303 or 404, which the SDK does not trace: unit tests cover their redaction.)
		expect(all).toContain('/Auth/Reset-Password/Token/[redacted]')
		for (const secretPath of secretPaths) expect(all.toLowerCase()).not.toContain(secretPath.toLowerCase())
		expect(all).not.toMatch(/reset-password\/token\/(?!\[redacted\]|:token)/i)
		expect(all).not.toMatch(/\/tokens\/[^/"\s]+\/(?!\[redacted\]|:token)[^/"\s]/i)
		expect(all).not.toMatch(/(user\.[\w-]+|XSRF-TOKEN)=(?!\[redacted\])/i)
		expect(all).not.toMatch(/[?&](code|token)=/i)
		expect(all).not.toContain(password)
	} finally {
		await test
			.info()
			.attach('sentry-envelopes', { body: sink.envelopes.map((e) => e.text).join('\n'), contentType: 'text/plain' })
		await portal.close()
		await mockServer.close()
		await sink.close()
	}
})

test('an action refused by the origin check is a warning in the log, never an error report', async () => {
	const sink = await startSentrySink()
	const port = await freePort()
	const portalUrl = `http://127.0.0.1:${port}`
	const mockServer = await startMockApi({ host: '127.0.0.1', port: 0, portalUrl, quiet: true, scryptCost: 1024 })
	const mock = new MockHooks(mockServer.url)
	const portal = await startPortal({
		env: portalEnv({
			PORT: String(port),
			PUBLIC_APP_URL: portalUrl,
			API_BASE_URL: mockServer.url,
			SENTRY_DSN: sink.dsn,
		}),
	})
	let output = ''
	portal.child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
	portal.child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
	try {
		const client = new PortalClient(portalUrl, new Set())
		const csrf = await client.formToken('/auth/sign-in')
		const cookie = [...client.jar].map(([name, value]) => `${name}=${value}`).join('; ')
		for (const [path, origin] of [
			['/auth/sign-in.data', 'https://evil.example'],
			['/auth/sign-in', 'https://evil.example'],
			['/contact.data', 'https://evil.example'],
			['/auth/sign-in', 'http://['],
			['/auth/sign-in', 'null'],
		] as const) {
			const response = await fetch(`${portalUrl}${path}`, {
				method: 'POST',
				redirect: 'manual',
				headers: { cookie, origin, 'content-type': 'application/x-www-form-urlencoded' },
				body: new URLSearchParams({ csrf, email: 'a@b.example', password: 'x' }),
			})
			expect(response.status, `${path} from ${origin}`).toBe(400)
		}
		// A genuine error afterwards: once it is reported, anything reported before it has arrived too.
		const email = uniqueEmail('origin')
		await mock.createUser({ email, password: PASSWORD })
		const signIn = await client.send('/auth/sign-in', { email, password: PASSWORD, csrf })
		expect(signIn.status).toBe(302)
		await mock.fault({ method: 'GET', path: '/user-authentications', status: 500, times: 1 })
		expect((await client.send('/')).status).toBe(500)
		await expect
			.poll(() => sink.envelopes.filter((e) => e.types.includes('event')).length, { timeout: 15_000 })
			.toBeGreaterThan(0)
		const events = sink.envelopes.filter((e) => e.types.includes('event'))
		expect(events.map((e) => e.text).join('\n')).toContain('GET /user-authentications')
		expect(events.filter((e) => /Bad Request|`origin` header/.test(e.text))).toEqual([])
		const logged = output
			.split('\n')
			.filter((line) => line.startsWith('{'))
			.map((line) => JSON.parse(line) as { level: string; msg: string })
		expect(logged.filter((entry) => entry.msg === 'cross-site action refused').map((e) => e.level)).toEqual([
			'warn',
			'warn',
			'warn',
			'warn',
			'warn',
		])
	} finally {
		await portal.close()
		await mockServer.close()
		await sink.close()
	}
})

test('behind one proxy: the address is the one it forwarded (never a client-written entry), checked as an address; its request id is taken', async () => {
	// A stand-in API that records the origin headers of every call the portal makes for a page.
	const seen: Array<string | undefined> = []
	const api = http.createServer((req, res) => {
		seen.push(req.headers['partner-client-ip'] as string | undefined)
		res.writeHead(503, { 'content-type': 'application/json' }).end('{"message":"Server Error."}')
	})
	await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve))
	const port = await freePort()
	const portal = await startPortal({
		env: portalEnv({
			PORT: String(port),
			PUBLIC_APP_URL: `http://127.0.0.1:${port}`,
			API_BASE_URL: `http://127.0.0.1:${(api.address() as AddressInfo).port}`,
			TRUST_PROXY: '1',
			LOG_LEVEL: 'silent',
		}),
	})
	try {
		const addressFor = async (forwarded: string) => {
			seen.length = 0
			// The reset page asks the API whether its token is usable: a call made for an anonymous visitor.
			const page = await fetch(`${portal.url}/auth/reset-password/token/any-token`, {
				headers: { 'x-forwarded-for': forwarded, 'x-request-id': 'proxy-request-0001' },
			})
			expect(page.headers.get('x-request-id')).toBe('proxy-request-0001')
			expect(seen.length, forwarded).toBeGreaterThan(0)
			return [...new Set(seen)]
		}
		// The proxy appends the peer it saw; whatever the client wrote before it is not believed.
		expect(await addressFor('203.0.113.66, 198.51.100.7')).toEqual(['198.51.100.7'])
		// Not an address at all: nothing is forwarded rather than the client's text.
		expect(await addressFor('I am 10.0.0.1 <b>not an ip</b>')).toEqual([undefined])
	} finally {
		await portal.close()
		await new Promise((resolve) => api.close(resolve))
	}
})

test('a path over 2 KB is a 414 and headers over 16 KB a 431, before any route or log reads them', async () => {
	const port = await freePort()
	const logFile = path.join(projectRoot, 'test-results', `ops-414-${port}.log`)
	const portal = await startPortal({ env: portalEnv({ PORT: String(port) }), logFile })
	try {
		expect((await fetch(`${portal.url}/tokens${'/'.repeat(16_000)}`)).status).toBe(414)
		expect((await fetch(`${portal.url}/auth/sign-in?redirect_to=${'a'.repeat(9_000)}`)).status).toBe(414)
		expect((await fetch(`${portal.url}/${'a'.repeat(2_000)}`)).status).toBe(404)
		expect((await fetch(`${portal.url}/auth/sign-in`, { headers: { 'user-agent': 'a'.repeat(17_000) } })).status).toBe(
			431,
		)
	} finally {
		await portal.close()
	}
	expect(await readFile(logFile, 'utf8')).not.toContain('/'.repeat(100))
})

test('behind a proxy that says https, every answer carries HSTS; over plain http none does', async () => {
	const port = await freePort()
	const portal = await startPortal({
		env: portalEnv({
			PORT: String(port),
			PUBLIC_APP_URL: `http://127.0.0.1:${port}`,
			TRUST_PROXY: '1',
			LOG_LEVEL: 'silent',
		}),
	})
	try {
		for (const path of ['/auth/sign-in', '/favicon.svg', '/does-not-exist']) {
			const https = await fetch(`${portal.url}${path}`, { headers: { 'x-forwarded-proto': 'https' } })
			expect(https.headers.get('strict-transport-security'), path).toBe('max-age=63072000; includeSubDomains')
			const http = await fetch(`${portal.url}${path}`)
			expect(http.headers.get('strict-transport-security'), path).toBeNull()
		}
	} finally {
		await portal.close()
	}
})

test('on SIGTERM: /readyz is 503 at once, in-flight requests finish, idle connections close, the process exits in time', async () => {
	const port = await freePort()
	const portalUrl = `http://127.0.0.1:${port}`
	const mockServer = await startMockApi({ host: '127.0.0.1', port: 0, portalUrl, quiet: true })
	const mock = new MockHooks(mockServer.url)
	const portal = await startPortal({
		env: portalEnv({
			PORT: String(port),
			PUBLIC_APP_URL: portalUrl,
			API_BASE_URL: mockServer.url,
			LOG_LEVEL: 'silent',
			SHUTDOWN_DELAY_MS: '1000',
			SHUTDOWN_TIMEOUT_MS: '5000',
		}),
	})
	const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
	try {
		// An idle keep-alive connection, and a request that will be in flight at the signal (its API call is slow).
		const idle = await new Promise<Socket>((resolve) => {
			http.get(`${portal.url}/healthz`, { agent }, (response) => {
				response.resume()
				response.on('end', () =>
					setImmediate(() => resolve(agent.freeSockets[Object.keys(agent.freeSockets)[0]!]![0]!)),
				)
			})
		})
		const idleClosed = new Promise((resolve) => idle.once('close', resolve))
		await mock.fault({ method: 'GET', path: '/authentication-types', delay_ms: 1500, times: 1 })
		const inFlight = fetch(`${portal.url}/readyz`)
		await expect.poll(async () => (await mock.requests()).some((r) => r.path === '/authentication-types')).toBe(true)
		const signalled = Date.now()
		const exited = new Promise<number | null>((resolve) => portal.child.once('exit', resolve))
		// Node handles a signal on a later turn of its event loop: a request sent right after `kill` can be answered
		// first. The process says when it has taken the signal; from then on /readyz must fail at once.
		const handled = new Promise<void>((resolve) => {
			let said = ''
			portal.child.stdout?.on('data', (chunk: Buffer) => {
				said += chunk.toString('utf8')
				if (said.includes('"msg":"shutting down"')) resolve()
			})
		})
		portal.child.kill('SIGTERM')
		await handled

		const ready = await fetch(`${portal.url}/readyz`)
		expect(ready.status).toBe(503)
		expect(ready.headers.get('connection')).toBe('close')
		expect((await fetch(`${portal.url}/healthz`)).status).toBe(200)
		// The request that was in flight is answered in full.
		expect((await inFlight).status).toBe(200)
		await idleClosed
		expect(await exited).toBe(0)
		expect(Date.now() - signalled).toBeLessThan(5000)
		await expect(fetch(`${portal.url}/healthz`)).rejects.toThrow()
	} finally {
		agent.destroy()
		await portal.close()
		await mockServer.close()
	}
})
