import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'
import { DEMO_EMAIL, DEMO_PASSWORD } from './seed'

const root = path.resolve(import.meta.dirname, '..', '..')
const tsx = path.join(root, 'node_modules', '.bin', 'tsx')

test(
	'the CLI serves, logs one line per request without secrets, and saves its snapshot on SIGTERM',
	{ timeout: 20_000 },
	async () => {
		const dir = await mkdtemp(path.join(tmpdir(), 'mock-api-cli-'))
		const snapshot = path.join(dir, 'state.json')
		const child = spawn(
			tsx,
			[
				'tests/mock-api/cli.ts',
				'--port',
				'0',
				'--host',
				'127.0.0.1',
				'--portal-url',
				'http://portal.test',
				'--contact-email',
				'team@example.test',
				'--snapshot',
				snapshot,
				'--access-ttl',
				'60',
				'--scrypt-cost',
				'1024',
				'--allowed-host',
				'mock.test',
			],
			{ cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
		)
		let output = ''
		child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
		child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
		try {
			const url = await new Promise<string>((resolve, reject) => {
				const timer = setTimeout(() => reject(new Error(`no start: ${output}`)), 15_000)
				child.stdout.on('data', () => {
					const match = /listening on (http:\/\/\S+)/.exec(output)
					if (match) {
						clearTimeout(timer)
						resolve(match[1]!)
					}
				})
				child.once('exit', (code) => reject(new Error(`exited ${code}: ${output}`)))
			})
			const passwordType = (await (await fetch(`${url}/authentication-types?filter[key:exact]=password`)).json())
				.data[0].id
			const signIn = await fetch(`${url}/authentication-tokens/authentication-type-id/${passwordType}`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
			})
			expect(signIn.status).toBe(201)
			const { data } = await signIn.json()
			// --access-ttl 60
			expect(Date.parse(data[0].expires_at) - Date.now()).toBeLessThanOrEqual(61_000)
			const created = await fetch(`${url}/__mock/users`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ email: 'cli@example.test', password: 'Cli-Password-1' }),
			})
			expect(created.status).toBe(201)
			const { port } = new URL(url)
			const statusWithHost = (host: string) =>
				new Promise<number | undefined>((resolve, reject) =>
					http
						.get(`${url}/__mock/clock`, { headers: { host } }, (res) => resolve(res.resume().statusCode))
						.on('error', reject),
				)
			expect(await statusWithHost(`mock.test:${port}`)).toBe(200)
			expect(await statusWithHost(`other.test:${port}`)).toBe(421)

			const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
			child.kill('SIGTERM')
			expect(await exited).toBe(0)
			expect(existsSync(snapshot)).toBe(true)
			expect(await readFile(snapshot, 'utf8')).toContain('cli@example.test')
			expect(output).toMatch(/mock-api POST \/authentication-tokens\/authentication-type-id\/\S+ 201 \d+ms/)
			expect(output).not.toContain(data[0].token_raw)
			expect(output).not.toContain('Cli-Password-1')
		} finally {
			if (child.exitCode === null) child.kill('SIGKILL')
			await rm(dir, { recursive: true, force: true })
		}
	},
)

test('the CLI refuses bad flags', { timeout: 20_000 }, async () => {
	const child = spawn(tsx, ['tests/mock-api/cli.ts', '--port', 'abc'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
	let stderr = ''
	child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
	const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
	expect(code).toBe(2)
	expect(stderr).toContain('--port must be a non-negative integer')
})
