/**
 * The bench's instruments: a server's CPU time as the OS counts it, a closed-loop load generator (a fixed number of
 * connections and requests) for CPU per request, an open-loop one (a steady arrival rate) for latency, a cold start
 * timer, resident memory, and the CPUs a process may run on.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
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

const TASKSET = ['/usr/bin/taskset', '/bin/taskset'].find((candidate) => existsSync(candidate))

/**
 * The CPUs the servers under test run on, and those the bench's own processes (the load generator, the API stub,
 * nginx, Chromium) run on: apart where the machine has two or more cores and `taskset` (util-linux), so generating
 * the load does not take the CPU the servers' figures are read from. `null`: not pinned.
 */
export function cpuLayout(): { servers: string; bench: string; all: string } | null {
	const cores = readdirSync('/sys/devices/system/cpu').filter((name) => /^cpu\d+$/.test(name)).length
	if (!TASKSET || cores < 2) return null
	return { servers: '0', bench: `1-${cores - 1}`, all: `0-${cores - 1}` }
}

/** Pins process `pid` and every thread it has to `cpus` (a taskset list); its future threads and children inherit it. */
export function pin(pid: number, cpus: string) {
	if (TASKSET) execFileSync(TASKSET, ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' })
}

/** Every process below `pid` (children, their children…), from /proc. */
export function descendants(pid: number): number[] {
	const children = (id: number) =>
		readdirSync(`/proc/${id}/task`).flatMap((task) => {
			try {
				return readFileSync(`/proc/${id}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)
			} catch {
				return []
			}
		})
	const found: number[] = []
	for (let queue = children(pid); queue.length;) {
		const next = queue.shift()!
		found.push(next)
		queue = [...queue, ...children(next)]
	}
	return found
}

/** The command name of process `pid` (`nginx`, `node`…). */
export const commandOf = (pid: number) => readFileSync(`/proc/${pid}/comm`, 'utf8').trim()

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
	cpus,
	node = process.execPath,
	timeoutMs = 20_000,
}: {
	args: string[]
	cwd: string
	env: Record<string, string>
	url: string
	readyPath: string
	/** The CPUs it runs on (`cpuLayout().servers`), every thread from the start. */
	cpus?: string
	/** The Node.js binary (default: the one running this script). */
	node?: string
	timeoutMs?: number
}): Promise<Server & { startMs: number }> {
	const t0 = performance.now()
	// taskset executes node in its own place: the child's pid is the server's.
	const [command, commandArgs] = cpus && TASKSET ? [TASKSET, ['-c', cpus, node, ...args]] : [node, args]
	const child = spawn(command, commandArgs, { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] })
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

/**
 * One GET as a browser sends it (gzip accepted): milliseconds from `since` (by default, now) until the whole answer
 * arrived; a 4xx or 5xx fails.
 */
function timedGet(agent: http.Agent, url: string, headers: Record<string, string>, since = performance.now()) {
	return new Promise<number>((resolve, reject) => {
		const t0 = since
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

export type LoadResult = {
	requests: number
	rps: number
	p50: number
	p99: number
	cpuPerRequestMs: number
	/** Answers that were a 4xx or 5xx or never came: counted, printed by the bench, not timed. */
	failed: number
}

/**
 * `total` GETs of `url` over `connections` keep-alive connections, as a browser sends them (gzip accepted), after
 * `warmup` unmeasured ones (a closed loop: each connection sends its next request when the answer is in). The CPU
 * time of the processes `pids` (a server, or every process of a stack) over the measured part, per request.
 */
export async function load(
	pids: number[],
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
	let failed = 0
	async function run(count: number) {
		const times: number[] = []
		let next = 0
		const worker = async () => {
			while (next < count) {
				next += 1
				await get().then(
					(time) => times.push(time),
					() => (failed += 1),
				)
			}
		}
		await Promise.all(Array.from({ length: connections }, worker))
		return times
	}
	try {
		await run(warmup)
		failed = 0
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
			failed,
		}
	} finally {
		agent.destroy()
	}
}

export type Latency = { p50: number; p90: number; p95: number; p99: number; failed: number }

/**
 * Latency at a steady arrival rate: GETs of `url` started `rate` per second for `seconds`, whatever the answers do
 * (an open loop, as partners' browsers arrive), each timed **from the moment it was scheduled to be sent**: when the
 * generator itself falls behind, the wait counts, so a stalled server cannot hide the requests it held up
 * (no coordinated omission). What one partner waits, where `load` keeps a server saturated.
 */
export async function steadyLoad(
	url: string,
	{ rate, seconds, headers = {} }: { rate: number; seconds: number; headers?: Record<string, string> },
): Promise<Latency> {
	const agent = new http.Agent({ keepAlive: true })
	try {
		const answers: Array<Promise<number>> = []
		const t0 = performance.now()
		const total = Math.round(rate * seconds)
		for (let i = 0; i < total; i++) {
			const scheduled = t0 + (i * 1000) / rate
			const wait = scheduled - performance.now()
			if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
			// A failed answer counts as one that never came (the run's longest wait), and is counted.
			answers.push(timedGet(agent, url, headers, scheduled).catch(() => Number.POSITIVE_INFINITY))
		}
		const times = (await Promise.all(answers)).sort((a, b) => a - b)
		const failed = times.filter((time) => time === Number.POSITIVE_INFINITY).length
		const [p50, p90, p95, p99] = [50, 90, 95, 99].map((p) => percentile(times, p)) as [number, number, number, number]
		return { p50, p90, p95, p99, failed }
	} finally {
		agent.destroy()
	}
}

/** Resident memory of a process (VmRSS) and what it is made of, in bytes, from `/proc/<pid>/status`. */
export function residentMemory(pid: number) {
	const status = readFileSync(`/proc/${pid}/status`, 'utf8')
	const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0) * 1024
	return {
		resident: field('VmRSS'),
		/** Private memory: the JavaScript heap, Node's and its libraries' allocations (zlib, buffers, code). */
		anonymous: field('RssAnon'),
		/** Mapped files: the node binary and shared libraries, shared with every process that maps them. */
		file: field('RssFile'),
		/** The highest resident size the process reached. */
		peak: field('VmHWM'),
	}
}
