import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createServer, type AddressInfo } from 'node:net'
import { describe, expect, test } from 'vitest'
import { projectRoot } from '#tests/setup/processes'

/**
 * `npm run demo` as a process, with whatever follows its HOST check made to fail at once and harmlessly: no PATH
 * (so no `npm run build`) and a mock API port nothing can listen on. Only the check's own answer is looked at.
 */
async function demo(env: Record<string, string | undefined>) {
	const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/demo.ts'], {
		cwd: projectRoot,
		env: { HOME: process.env.HOME ?? '', PATH: '', PORT: '3999', MOCK_API_PORT: '-1', ...env },
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	let output = ''
	child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
	child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
	const [code] = (await once(child, 'exit')) as [number | null]
	return { code, output }
}

const REFUSAL = /opens the portal to other machines.*Set SESSION_SECRET/s
const OWN_SECRET = 'an-operator-chosen-secret-0123456789abcdef'

describe('npm run demo', () => {
	test.each([
		{ HOST: '0.0.0.0' },
		{ HOST: '::', SESSION_SECRET: '' },
		{ HOST: '192.168.1.20', SESSION_SECRET: 'demo-only-secret-do-not-use-in-production-0123' },
	])(
		'refuses $HOST without a session secret of its own, before building or starting anything',
		async (env) => {
			const { code, output } = await demo(env)
			expect(code).toBe(1)
			expect(output).toMatch(REFUSAL)
			expect(output).toContain(`HOST=${env.HOST} `)
			expect(output).not.toContain('Building')
		},
		20_000,
	)

	test.each([{ HOST: '0.0.0.0', SESSION_SECRET: OWN_SECRET }, { HOST: '::1' }, { HOST: '127.0.0.1' }])(
		'goes on for $HOST (a loopback address, or a secret of its own)',
		async (env) => {
			const { output } = await demo(env)
			expect(output).not.toMatch(REFUSAL)
			// It got past the check: to the build (no npm on PATH here) or to the mock API (no port).
			expect(output).toMatch(/Building|ERR_SOCKET_BAD_PORT/)
		},
		20_000,
	)

	test('a taken port is named, with the variable that moves it, before anything starts', async () => {
		const taken = createServer()
		await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
		const { port } = taken.address() as AddressInfo
		try {
			const { code, output } = await demo({ PORT: String(port) })
			expect(code).toBe(1)
			expect(output).toContain(`port ${port} on 127.0.0.1 is taken`)
			expect(output).toContain(`PORT=${port + 1} npm run demo`)
			expect(output).not.toContain('EADDRINUSE')
			expect(output).not.toContain('Building')
		} finally {
			taken.close()
		}
	}, 20_000)
})
