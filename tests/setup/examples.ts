/**
 * The webhook examples (examples/webhooks) run as a partner runs them: a process of its own on a free port of
 * 127.0.0.1, with the signing secret in WEBHOOK_SECRET. Used by tests/examples and the e2e journey.
 */
import { spawn } from 'node:child_process'
import { projectRoot } from './processes'

export const webhookExamples = [
	// `node --import tsx`, not the tsx command: one process, so SIGTERM reaches the example's own handler (the tsx
	// command relays signals to a child process, and under load it sometimes exits 143 before the child has).
	{ name: 'node', command: process.execPath, args: ['--import', 'tsx', 'examples/webhooks/node/server.ts'] },
	{ name: 'python', command: 'python3', args: ['examples/webhooks/python/server.py'] },
] as const
export type WebhookExample = (typeof webhookExamples)[number]

export type RunningExample = {
	/** http://127.0.0.1:PORT/ */
	url: string
	port: number
	/** Every stdout line so far, parsed (the examples write one JSON object a line). */
	lines: Record<string, unknown>[]
	/** SIGTERM; resolves with the exit code. */
	stop: () => Promise<number | null>
}

/** Starts an example on a free port and resolves once it says it is listening. */
export function startWebhookExample(example: WebhookExample, secret: string): Promise<RunningExample> {
	const child = spawn(example.command, example.args, {
		cwd: projectRoot,
		env: { ...process.env, WEBHOOK_SECRET: secret, PORT: '0', HOST: '127.0.0.1' },
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	const lines: Record<string, unknown>[] = []
	let stderr = ''
	child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
	const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
	return new Promise((resolve, reject) => {
		const timer = setTimeout(() => {
			child.kill('SIGKILL')
			reject(new Error(`${example.name} example did not start within 15 s:\n${stderr}`))
		}, 15_000)
		void exited.then((code) => {
			clearTimeout(timer)
			reject(new Error(`${example.name} example exited (${code}) before listening:\n${stderr}`))
		})
		let buffered = ''
		child.stdout.on('data', (chunk: Buffer) => {
			buffered += chunk.toString()
			let newline: number
			while ((newline = buffered.indexOf('\n')) >= 0) {
				const line = JSON.parse(buffered.slice(0, newline)) as Record<string, unknown>
				buffered = buffered.slice(newline + 1)
				lines.push(line)
				if (line.event !== 'listening') continue
				clearTimeout(timer)
				const url = String(line.url)
				resolve({
					url,
					port: Number(new URL(url).port),
					lines,
					stop: () => {
						child.kill('SIGTERM')
						return exited
					},
				})
			}
		})
	})
}
