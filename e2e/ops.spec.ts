import { spawnSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { gunzipSync } from 'node:zlib'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { startMockApi } from '#tests/mock-api/server'
import { DEMO_EMAIL, DEMO_PASSWORD } from '#tests/mock-api/seed'
import { freePort, portalEnv, projectRoot, signInOverHttp, startPortal } from '#tests/setup/processes'

test('with an empty environment the server exits before listening and names every variable', () => {
	const result = spawnSync(process.execPath, ['--import', './instrument.server.mjs', './server.mjs'], {
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
		await fetch(`${portal.url}/does-not-exist?code=123456&token=abc`, { headers: { 'x-request-id': 'ops-test-request-1' } })
		await fetch(`${portal.url}/auth/reset-password/token/SECRET-RESET-TOKEN`)
		await fetch(`${portal.url}/tokens/email_verification/SECRET-EMAIL-TOKEN`)
	} finally {
		await portal.close()
	}
	const lines = (await readFile(logFile, 'utf8'))
		.split('\n')
		.filter(Boolean)
		.map((line) => JSON.parse(line) as Record<string, unknown>)
	const requests = lines.filter((line) => line.msg === 'request')
	expect(requests).toContainEqual(
		expect.objectContaining({
			method: 'GET',
			path: '/does-not-exist',
			status: 404,
			request_id: 'ops-test-request-1',
			duration_ms: expect.any(Number),
		}),
	)
	const text = JSON.stringify(lines)
	expect(text).not.toContain('123456')
	expect(text).not.toContain('SECRET-RESET-TOKEN')
	expect(text).not.toContain('SECRET-EMAIL-TOKEN')
	expect(text).toContain('/auth/reset-password/token/[redacted]')
})

test('with SENTRY_DSN set, a thrown loader error is reported (to a local sink)', async () => {
	const envelopes: string[] = []
	const sink = http.createServer((req, res) => {
		const chunks: Buffer[] = []
		req.on('data', (c: Buffer) => chunks.push(c))
		req.on('end', () => {
			const body = Buffer.concat(chunks)
			const text = req.headers['content-encoding'] === 'gzip' ? gunzipSync(body).toString('utf8') : body.toString('utf8')
			envelopes.push(`${req.url}\n${text}`)
			res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
		})
	})
	await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve))
	const sinkPort = (sink.address() as AddressInfo).port
	const port = await freePort()
	const portalUrl = `http://127.0.0.1:${port}`
	const mock = await startMockApi({ host: '127.0.0.1', port: 0, portalUrl, quiet: true })
	const portal = await startPortal({
		env: portalEnv({
			PORT: String(port),
			PUBLIC_APP_URL: portalUrl,
			API_BASE_URL: mock.url,
			SENTRY_DSN: `http://publickey@127.0.0.1:${sinkPort}/42`,
			LOG_LEVEL: 'silent',
		}),
	})
	try {
		const cookie = await signInOverHttp(portalUrl, DEMO_EMAIL, DEMO_PASSWORD)
		// The dashboard's loader reads the two-step methods: make that call fail.
		await fetch(`${mock.url}/__mock/faults`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ method: 'GET', path: '/user-authentications', status: 500, times: 1 }),
		})
		const page = await fetch(`${portalUrl}/`, { headers: { cookie } })
		expect(page.status).toBe(500)
		const html = await page.text()
		expect(html).toContain('Something went wrong')
		expect(html).not.toMatch(/ApiError|user-authentications|\n\s+at /) // no internals, no stack trace
		await expect
			.poll(() => envelopes.find((e) => e.includes('"type":"event"') && e.includes('GET /user-authentications')), { timeout: 15_000 })
			.toBeTruthy()
		const event = envelopes.find((e) => e.includes('"type":"event"'))!
		expect(event).toContain('/api/42/envelope/')
		expect(event).not.toContain(DEMO_PASSWORD)
		expect(event).not.toContain('user.access-token=')
	} finally {
		await portal.close()
		await mock.close()
		sink.close()
	}
})
