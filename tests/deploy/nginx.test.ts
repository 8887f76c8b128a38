import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { freePort, projectRoot, waitForHttp } from '#tests/setup/processes'
import { NGINX_PATH, portalNginxConf } from '#tests/setup/replicas'
import { anonymousFormSpellings, otherPagePaths } from './anonymous-forms'

// How nginx and the portal behave with this file is in e2e/edge-limits.replicas.spec.ts; here, what can be read from
// it alone, and then what nginx itself makes of it (headers sent on, log lines).
const template = readFileSync(path.join(projectRoot, 'deploy', 'nginx', 'portal.conf.template'), 'utf8')

describe('deploy/nginx', () => {
	test('the limited location matches every spelling of every anonymous form (app/routes.ts), and no other page', () => {
		const [, modifier, pattern] =
			/location (~\*?) (\S+) \{[^}]*limit_req zone=portal_anonymous_forms /.exec(template) ?? []
		expect(modifier, 'case-insensitive, as React Router matches').toBe('~*')
		const location = new RegExp(pattern!, 'i')
		const spellings = anonymousFormSpellings()
		expect(spellings.length).toBeGreaterThan(50)
		expect(spellings.filter((spelling) => !location.test(spelling))).toEqual([])
		expect(otherPagePaths().filter((other) => location.test(other))).toEqual([])
	})

	test('the limit counts every method but GET and HEAD, which React Router answers without an action', () => {
		const [, body] = /map \$request_method \$portal_anonymous_post \{([^}]*)\}/.exec(template) ?? []
		const entries = body!
			.split(';')
			.map((entry) => entry.trim().split(/\s+/))
			.filter((entry) => entry[0])
		expect(entries).toEqual([
			['GET', '""'],
			['HEAD', '""'],
			['default', '$binary_remote_addr'],
		])
	})

	test('the access log uses the redacting format, which names neither the request line, the Referer nor a query', () => {
		expect(template).toMatch(/^\taccess_log \$\{ACCESS_LOG\} portal_redacted;$/m)
		const [format] = /log_format portal_redacted [^;]+;/.exec(template) ?? []
		expect(format).toContain('"$request_method $portal_log_path $server_protocol"')
		expect(format).toContain('"$portal_log_referer"')
		expect(format).not.toMatch(/\$(request|request_uri|http_referer|args|query_string|arg_\w+)\b/)
	})
})

/**
 * The template run by nginx itself (NGINX_PATH, Debian's by default, as in e2e) in front of a stub that answers
 * with the headers it was sent: what reaches the portal, and what nginx writes with the official image's
 * `error_log … notice`.
 */
describe('deploy/nginx, run by nginx', () => {
	let dir: string
	let port: number
	let nginx: ChildProcess
	let upstream: Server

	beforeAll(async () => {
		upstream = createServer((req, res) => {
			req.resume()
			res.setHeader('content-type', 'application/json')
			res.end(JSON.stringify(req.headers))
		})
		upstream.listen(0, '127.0.0.1')
		await once(upstream, 'listening')
		dir = await mkdtemp(path.join(tmpdir(), 'nginx-test-'))
		port = await freePort()
		const upstreamAddress = `127.0.0.1:${(upstream.address() as AddressInfo).port}`
		await writeFile(
			path.join(dir, 'portal.conf'),
			await portalNginxConf(`127.0.0.1:${port}`, [upstreamAddress], path.join(dir, 'access.log')),
		)
		await writeFile(
			path.join(dir, 'nginx.conf'),
			[
				'worker_processes 1;',
				`pid ${dir}/nginx.pid;`,
				// The official nginx image's level.
				`error_log ${dir}/error.log notice;`,
				'events { worker_connections 64; }',
				'http {',
				...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${dir}/${kind};`),
				`  include ${dir}/portal.conf;`,
				'}',
			].join('\n'),
		)
		nginx = spawn(NGINX_PATH, ['-p', dir, '-c', `${dir}/nginx.conf`, '-g', 'daemon off;'], { stdio: 'inherit' })
		await waitForHttp(`http://127.0.0.1:${port}/healthz`, { child: nginx, timeoutMs: 5000 })
	})
	afterAll(async () => {
		if (nginx?.exitCode === null) {
			nginx.kill('SIGQUIT')
			await once(nginx, 'exit')
		}
		upstream?.close()
		if (dir) await rm(dir, { recursive: true, force: true })
	})

	/** A request sent with its path exactly as given (fetch would resolve it) and any headers (Referer too). */
	function send(method: string, target: string, headers: Record<string, string> = {}) {
		return new Promise<{ status: number; body: string }>((resolve, reject) => {
			const req = request({ host: '127.0.0.1', port, method, path: target, headers }, (res) => {
				let body = ''
				res.on('data', (chunk: Buffer) => (body += chunk.toString()))
				res.on('end', () => resolve({ status: res.statusCode!, body }))
			})
			req.on('error', reject)
			req.end()
		})
	}
	const accessLog = () => readFile(path.join(dir, 'access.log'), 'utf8').catch(() => '')

	test('the forwarded headers and the request id come from nginx, whatever the client sent', async () => {
		const answer = await send('GET', '/healthz', {
			'X-Forwarded-For': '203.0.113.9',
			'X-Forwarded-Proto': 'https',
			'X-Forwarded-Host': 'evil.example',
			'X-Request-Id': 'chosen-by-the-client-1',
		})
		const headers = JSON.parse(answer.body) as Record<string, string>
		expect(headers).toMatchObject({
			'x-forwarded-for': '127.0.0.1',
			'x-forwarded-proto': 'http',
			host: `127.0.0.1:${port}`,
			'x-forwarded-host': `127.0.0.1:${port}`,
		})
		expect(headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/)
		// The id the portal logs is the one on nginx's access log line.
		await vi.waitFor(async () => expect(await accessLog()).toContain(` ${headers['x-request-id']}\n`))
	})

	test('the access log redacts emailed tokens in every spelling the router reads, in the path and the Referer', async () => {
		const paths = [
			'/auth/reset-password/token/SECRET01',
			'//auth//reset-password//token//SECRET02',
			'/auth/reset-password/%74oken/SECRET03',
			'/%61uth/reset-password/token/SECRET04',
			'/AUTH/Reset-Password/TOKEN/SECRET05.data',
			'/tokens/email_verification/SECRET06',
			'//Tokens//Email_Verification//SECRET07',
			'/%54OKENS/email_verification/SECRET08',
		]
		const referers = [
			'/auth/reset-password/token/SECRET11?x=1',
			'//auth//reset-password//token//SECRET12',
			'/auth/reset-password/%74oken/SECRET13',
			'/auth/reset-password/%74%6F%6B%65%6E/SECRET14',
			'/AUTH/RESET-PASSWORD/TOKEN/SECRET15',
			'/tokens//email_verification/SECRET16',
			'/%54okens/email_verification/SECRET17',
			'/auth%2Freset-password%2Ftoken%2FSECRET18',
		].map((referer) => `https://portal.example${referer}`)
		for (const target of paths) await send('GET', target)
		for (const referer of referers) await send('GET', '/services', { Referer: referer })
		await send('GET', '/services', { Referer: 'https://portal.example/services/svc_1/settings?tab=QUERY' })

		await vi.waitFor(async () =>
			expect(await accessLog()).toContain('"https://portal.example/services/svc_1/settings"'),
		)
		const lines = (await accessLog()).split('\n')
		expect(lines.filter((line) => /SECRET|QUERY/.test(line))).toEqual([])
		// Every one of them logged, redacted: paths in the request line, pages in the Referer.
		expect(lines.filter((line) => /"GET \/\S+\/\[redacted\] HTTP\/1\.1"/.test(line))).toHaveLength(paths.length)
		expect(lines.filter((line) => /"https:\/\/portal\.example\/\S*\[redacted\]"/.test(line))).toHaveLength(
			referers.length,
		)
	})

	test('a post refused by the limit is answered 429 at the edge and leaves neither its path nor its Referer in the error log', async () => {
		const post = () =>
			send('POST', '/auth/reset-password/token/SECRET21', {
				Referer: 'https://portal.example/auth/reset-password/token/SECRET22',
				'Content-Length': '0',
			})
		let refused = 0
		// The burst (20) and one more pass; the next is refused.
		for (let i = 0; i < 22 && refused === 0; i++) if ((await post()).status === 429) refused = i + 1
		expect(refused).toBe(22)
		// nginx writes an error line before it answers. The log is written (at notice), just not with the refusal.
		const errors = await readFile(path.join(dir, 'error.log'), 'utf8')
		expect(errors).toMatch(/\[notice\]/)
		expect(errors).not.toMatch(/SECRET|limiting requests/)
	})
})
