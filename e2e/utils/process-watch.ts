/**
 * Watching a portal process while a spec loads it: its event-loop delay (the preload `tests/setup/event-loop-probe.mjs`)
 * and its `/healthz`, polled on the side.
 */
import { existsSync, readFileSync } from 'node:fs'
import { expect } from '@playwright/test'
import { PROBE_FILE_VARIABLE, probePath } from '#tests/setup/event-loop-probe.mjs'

export type EventLoopDelay = { generation: number; samples: number; p50: number; p99: number; max: number }

/**
 * The event-loop delay of a process started with `env` (add it to the process's environment): `start()` begins a
 * measurement, `read()` ends it and answers its figures, in milliseconds, at the probe's 10 ms resolution.
 */
export function eventLoopProbe(file: string) {
	let pid: number | undefined
	let generation = 0
	const ended = () =>
		existsSync(file)
			? ((JSON.parse(readFileSync(file, 'utf8')) as { ended: EventLoopDelay | null }).ended ?? undefined)
			: undefined
	/** Ends the running measurement: SIGUSR2, then the probe's write that says so. */
	const end = async () => {
		if (pid === undefined) throw new Error('eventLoopProbe: start() first')
		generation++
		process.kill(pid, 'SIGUSR2')
		await expect
			.poll(() => ended()?.generation, { timeout: 5_000, message: 'the event-loop probe wrote' })
			.toBe(generation)
		return ended()!
	}
	return {
		env: { NODE_OPTIONS: `--import ${probePath}`, [PROBE_FILE_VARIABLE]: file },
		/** Begins a measurement in the process `processId` (what ran before it is dropped). */
		async start(processId: number) {
			pid = processId
			await end()
		},
		read: end,
	}
}

export type HealthWatch = { checks: number; slowestMs: number; problems: string[] }

/**
 * Polls `url` (a `/healthz`) every `everyMs` on the side, one check at a time, until `stop()` or `maxChecks`: each must
 * answer 200 within `withinMs`. A blocked event loop shows as one check that takes as long.
 */
export function watchHealth(url: string, { everyMs = 100, withinMs = 1_000, maxChecks = 3_000 } = {}) {
	const result: HealthWatch = { checks: 0, slowestMs: 0, problems: [] }
	let running: Promise<void> | undefined
	const check = async () => {
		const started = performance.now()
		let status = 0
		try {
			const response = await fetch(url, { signal: AbortSignal.timeout(10_000) })
			status = response.status
			await response.arrayBuffer()
		} catch (error) {
			result.problems.push(`no answer: ${String(error)}`)
		}
		const took = Math.round(performance.now() - started)
		result.checks++
		result.slowestMs = Math.max(result.slowestMs, took)
		if (status !== 0 && status !== 200) result.problems.push(`status ${status}`)
		if (took >= withinMs) result.problems.push(`answered in ${took} ms`)
	}
	const timer = setInterval(() => {
		if (result.checks >= maxChecks) return clearInterval(timer)
		running ??= check().finally(() => (running = undefined))
	}, everyMs)
	return {
		async stop() {
			clearInterval(timer)
			await running
			return result
		},
	}
}
