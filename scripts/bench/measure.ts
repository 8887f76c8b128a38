/**
 * The bench's instruments: a server's CPU time as the OS counts it, a load
 * generator with a fixed number of connections and requests, a cold start
 * timer and resident memory (what a page makes the browser download first is
 * in `first-load.ts`).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import http from 'node:http'

const CLOCK_TICKS = (() => {
	try {
		return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100
	} catch {
		return 100
	}
})()

/** User + system CPU time of process `pid` (every thread), in ms, from `/proc/<pid>/stat`. */
export function cpuMs(pid: number): number {
	const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
	// Fields after the command name (which may hold spaces) start at field 3 (state).
	const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
	const utime = Number(fields[11])
	const stime = Number(fields[12])
	return ((utime + stime) * 1000) / CLOCK_TICKS
}

export const cpuAvailable = () => existsSync(`/proc/${process.pid}/stat`)

export type Server = { url: string; child: ChildProcess; close: () => Promise<void> }

/**
 * Spawns `node <args>` and resolves once `readyPath` answers 200, polling
 * every 10 ms; `startMs` is spawn → that 200.
 */
export async function spawnServer({
	args,
	cwd,
	env,
	url,
	readyPath,
	timeoutMs = 20_000,
}: {
	args: string[]
	cwd: string
	env: Record<string, string>
	url: string
	readyPath: string
	timeoutMs?: number
}): Promise<Server & { startMs: number }> {
	const t0 = performance.now()
	const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] })
	let errors = ''
	child.stderr?.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString('utf8')).slice(-2000)))
	const close = () =>
		new Promise<void>((resolve) => {
			if (child.exitCode !== null || child.signalCode !== null) return resolve()
			child.once('exit', () => resolve())
			child.kill('SIGTERM')
			setTimeout(() => child.kill('SIGKILL'), 5_000).unref()
		})
	const deadline = Date.now() + timeoutMs
	for (;;) {
		if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}:\n${errors}`)
		// A body read that times out is a failed poll too (not an unhandled rejection).
		const status = await fetch(`${url}${readyPath}`, { signal: AbortSignal.timeout(1_000) })
			.then(async (r) => (await r.arrayBuffer(), r.status))
			.catch(() => 0)
		if (status === 200) return { url, child, close, startMs: performance.now() - t0 }
		if (Date.now() > deadline) {
			await close()
			throw new Error(`${url}${readyPath} did not answer 200 within ${timeoutMs} ms (last ${status}):\n${errors}`)
		}
		await new Promise((resolve) => setTimeout(resolve, 10))
	}
}

function percentile(sorted: number[], p: number) {
	return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

/** One GET as a browser sends it (gzip accepted): milliseconds until the whole answer arrived; a 4xx or 5xx fails. */
function timedGet(agent: http.Agent, url: string, headers: Record<string, string>) {
	return new Promise<number>((resolve, reject) => {
		const t0 = performance.now()
		const request = http.get(url, { agent, headers: { 'accept-encoding': 'gzip', ...headers } }, (response) => {
			response.on('data', () => {})
			response.on('end', () => {
				if ((response.statusCode ?? 500) >= 400) reject(new Error(`${url} answered ${response.statusCode}`))
				else resolve(performance.now() - t0)
			})
			response.on('error', reject)
		})
		request.on('error', reject)
	})
}

export type LoadResult = { requests: number; rps: number; p50: number; p99: number; cpuPerRequestMs: number }

/**
 * `total` GETs of `url` over `connections` keep-alive connections, as a
 * browser sends them (gzip accepted), after `warmup` unmeasured ones. The
 * CPU time of the server (or of every process of a group) over the measured
 * part, per request.
 */
export async function load(
	servers: { child: ChildProcess } | ReadonlyArray<{ child: ChildProcess }>,
	url: string,
	{
		total,
		connections,
		warmup = Math.min(200, total),
		headers = {},
	}: { total: number; connections: number; warmup?: number; headers?: Record<string, string> },
): Promise<LoadResult> {
	const agent = new http.Agent({ keepAlive: true, maxSockets: connections })
	const get = () => timedGet(agent, url, headers)
	async function run(count: number) {
		const times: number[] = []
		let next = 0
		const worker = async () => {
			while (next < count) {
				next += 1
				times.push(await get())
			}
		}
		await Promise.all(Array.from({ length: connections }, worker))
		return times
	}
	try {
		await run(warmup)
		const pids = ('child' in servers ? [servers] : servers).map((server) => server.child.pid!)
		const cpuNow = () => pids.reduce((sum, pid) => sum + cpuMs(pid), 0)
		const cpu0 = cpuNow()
		const t0 = performance.now()
		const times = await run(total)
		const seconds = (performance.now() - t0) / 1000
		const cpu = cpuNow() - cpu0
		times.sort((a, b) => a - b)
		return {
			requests: total,
			rps: total / seconds,
			p50: percentile(times, 50),
			p99: percentile(times, 99),
			cpuPerRequestMs: cpu / total,
		}
	} finally {
		agent.destroy()
	}
}

/**
 * Latency at a steady arrival rate: `total` GETs of `url` started `rate` per second whatever the answers do (an open
 * loop, as partners' browsers arrive), below the server's capacity. What one partner waits, where `load` measures a
 * server kept saturated by `connections` clients that each wait for their answer.
 */
export async function steadyLoad(
	url: string,
	{ rate, total, headers = {} }: { rate: number; total: number; headers?: Record<string, string> },
): Promise<{ p50: number; p99: number }> {
	const agent = new http.Agent({ keepAlive: true })
	try {
		const answers: Array<Promise<number>> = []
		const t0 = performance.now()
		for (let i = 0; i < total; i++) {
			const wait = t0 + (i * 1000) / rate - performance.now()
			if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
			const answer = timedGet(agent, url, headers)
			// A failed answer fails the run through Promise.all below, not as an unhandled rejection meanwhile.
			answer.catch(() => {})
			answers.push(answer)
		}
		const times = (await Promise.all(answers)).sort((a, b) => a - b)
		return { p50: percentile(times, 50), p99: percentile(times, 99) }
	} finally {
		agent.destroy()
	}
}

/** Resident memory of a process (VmRSS), in bytes. */
export function residentBytes(pid: number): number {
	const line = readFileSync(`/proc/${pid}/status`, 'utf8')
		.split('\n')
		.find((entry) => entry.startsWith('VmRSS:'))
	return Number(line?.match(/(\d+)/)?.[1] ?? 0) * 1024
}
