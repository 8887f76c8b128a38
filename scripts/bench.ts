/**
 * `npm run bench`: the performance budget (issue 54) as figures, each judged row against its target. The portal
 * (`npm start`, with the Deployment's NODE_OPTIONS) and a bare one-route React Router page on `react-router-serve`
 * (built from this project's own dependencies, `scripts/bench/reference/`) run as child processes on their own CPU;
 * the upstream stub (recorded partner API answers replayed after a fixed latency) runs in a process of its own, and
 * the load generator in this one, both on the other CPUs (`cpuLayout`). CPU time and memory come from the OS.
 * Loopback only; every loop is bounded. See docs/benchmarks.md.
 *
 * Knobs: BENCH_QUICK=1 (a short run to check the bench itself: 5 s windows, one round, one Lighthouse run; never
 * judged), BENCH_WINDOW_S (seconds per steady window, default 30), BENCH_STEADY_ROUNDS (default 3),
 * BENCH_CPU_ROUNDS (paired rounds, default 7), BENCH_REQUESTS (per CPU run, default 600), BENCH_WARMUP (unmeasured
 * requests per page first, default 2000), BENCH_LIGHTHOUSE=0 (skip Lighthouse; skipped anyway without Chromium),
 * BENCH_LIGHTHOUSE_RUNS (applied throttling, default 5), BENCH_LIGHTHOUSE_SIMULATED_RUNS (default 2),
 * BENCH_PROFILE=1 (CPU profile of the loaded portal, see README).
 */
import { existsSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { deploymentMemory, deploymentNodeOptions, imageNodeMajor } from './bench/deployment'
import { firstLoad, type FirstLoad } from './bench/first-load'
import { chromiumPath, lighthouse, type LighthouseResult } from './bench/lighthouse'
import {
	commandOf,
	cpuAvailable,
	cpuLayout,
	descendants,
	load,
	pin,
	residentMemory,
	spawnServer,
	steadyLoad,
	type Latency,
	type LoadResult,
} from './bench/measure'
import {
	forkUpstreamStub,
	measuredPages,
	portalEnvBehindStub,
	recordPageViews,
	type StubCall,
} from './bench/upstream-stub'
import { freePort, projectRoot, SERVER_NODE_ARGS } from '#tests/setup/processes'
import { NGINX_PATH, startReplicaStack } from '#tests/setup/replicas'

const QUICK = process.env.BENCH_QUICK === '1'
const knob = (name: string, full: number, quick: number) => Number(process.env[name] ?? (QUICK ? quick : full))
/** Seconds of each steady-rate window. */
const WINDOW_S = knob('BENCH_WINDOW_S', 30, 5)
/** Interleaved rounds of the steady-rate rows (the median round is judged). */
const STEADY_ROUNDS = knob('BENCH_STEADY_ROUNDS', 3, 1)
/** Paired rounds of the CPU rows: each page right after the bare page, the ratio per round, the median judged. */
const CPU_ROUNDS = knob('BENCH_CPU_ROUNDS', 7, 3)
const REQUESTS = knob('BENCH_REQUESTS', 600, 300)
/**
 * Unmeasured requests per page before the first round. A Node server takes a few thousand requests to settle (JIT
 * tiers, heap sizes): measured after 200, the bare page cost 3.1–3.8 ms, and 1.9–2.5 ms once settled.
 */
const WARMUP = knob('BENCH_WARMUP', 2000, 500)
const LIGHTHOUSE_RUNS = knob('BENCH_LIGHTHOUSE_RUNS', 5, 1)
const SIMULATED_RUNS = knob('BENCH_LIGHTHOUSE_SIMULATED_RUNS', 2, 1)
const LATENCY_MS = 5
/** The partner API's latency at a realistic load; against `LATENCY_MS` it counts each page's sequential API rounds. */
const API_LATENCY_MS = 45
/** A realistic load per process (requests per second), and the rate the heap cap is judged at. */
const REALISTIC_RATE = 20
const HEAP_RATE = 50
/** Connections of the CPU rows (a closed loop below saturation) and of the capacity rows (saturated). */
const CPU_CONNECTIONS = 10
const CAPACITY_CONNECTIONS = 50
const SCALES = [1, 100, 10_000]
const SCALE_ROUNDS = knob('BENCH_SCALE_ROUNDS', 3, 1)
const COLD_STARTS = 3
const CAPACITY_PROCESSES = [1, 3]
/** BENCH_PROFILE=1: the loaded portal writes a V8 CPU profile into .cache/profiles/ when it stops. */
const PROFILE = process.env.BENCH_PROFILE === '1'
const PROFILE_ARGS = ['--cpu-prof', `--cpu-prof-dir=${path.join(projectRoot, '.cache', 'profiles')}`]

const PAGE_KEYS = ['signIn', 'dashboard', 'details', 'list'] as const
type PageKey = (typeof PAGE_KEYS)[number]
const SIGNED_IN = ['dashboard', 'details', 'list'] as const
const TARGET = {
	/** p95 of the portal's own time at `REALISTIC_RATE`: the answer less the API's share. */
	ownP95Ms: 25,
	apiRounds: 1.15,
	/** Details at `HEAP_RATE`: p90 under the Deployment's heap cap ÷ p90 without one. */
	heapP90Ratio: 1.5,
	firstLoadKb: 160,
	lighthouse: { medianPerformance: 98, minPerformance: 90, categories: 100, tbtMs: 100 },
	scaleSpread: 1.2,
	coldStartMs: 1000,
}

const referenceBuild = path.join(projectRoot, '.cache', 'bench-reference', 'build')
const portalClientDir = path.join(projectRoot, 'build', 'client')

const started = performance.now()
/** Progress on stderr, so a long run shows where it is (the table goes to stdout at the end). */
const note = (text: string) =>
	process.stderr.write(`[bench ${((performance.now() - started) / 1000).toFixed(0)} s] ${text}\n`)

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`
const seconds = (milliseconds: number) => `${(milliseconds / 1000).toFixed(2)} s`
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`
const check = (ok: boolean) => (ok ? '✓' : '✗')
const median = (values: number[]) => {
	const sorted = values.toSorted((a, b) => a - b)
	const middle = Math.floor(sorted.length / 2)
	return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}
const range = (values: number[], digits = 2) =>
	`${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`

type Row = { measure: string; figure?: string; target?: string; verdict?: string }
const rows: Row[] = []
const heading = (measure: string) => rows.push({ measure })
const row = (measure: string, figure: string, target = '', verdict = '') =>
	rows.push({ measure, figure, target, verdict })

function printTable() {
	const widths = [44, 52, 22]
	const line = (cells: string[]) =>
		cells
			.map((cell, i) => (i < widths.length ? cell.padEnd(widths[i]!) : cell))
			.join(' ')
			.trimEnd()
	console.log(line(['measure', 'figure', 'target', 'result']))
	console.log('-'.repeat(128))
	for (const r of rows) {
		if (r.figure === undefined) console.log(`\n${r.measure}`)
		else console.log(line([`  ${r.measure}`, r.figure, r.target ?? '', r.verdict ?? '']))
	}
}

/** "a, b ×2, c": the calls of one page view, repeats flagged. */
function describeCalls(calls: StubCall[]) {
	const counts = new Map<string, number>()
	for (const call of calls) counts.set(call.endpoint, (counts.get(call.endpoint) ?? 0) + 1)
	const repeated = new Set(calls.map((c) => `${c.method} ${c.url}`)).size !== calls.length
	return {
		text: [...counts].map(([name, n]) => (n > 1 ? `${name} ×${n}` : name)).join(', '),
		repeated,
		hasUser: counts.has('getCurrentUser'),
	}
}

async function main() {
	if (!cpuAvailable()) throw new Error('the bench reads CPU time from /proc (Linux only)')
	const cpus = cpuLayout()
	// This process (the load generator), and the stub and browsers it starts, keep off the servers' CPU.
	if (cpus) pin(process.pid, cpus.bench)
	const nodeOptions = deploymentNodeOptions()
	console.log(
		`npm run bench${QUICK ? ' (BENCH_QUICK: a check of the bench, not judged)' : ''}: ${os.cpus().length} cores ` +
			`(${cpus ? `servers on CPU ${cpus.servers}, stub and load generator on ${cpus.bench}` : 'not pinned'}), ` +
			`node ${process.version}, portal NODE_OPTIONS "${nodeOptions}", load average ${os.loadavg()[0]!.toFixed(1)}`,
	)
	// Every server runs on the Node.js that runs this script; a pod runs the image's, and the CPU rows move with it.
	const imageMajor = imageNodeMajor()
	if (Number(process.versions.node.split('.')[0]) !== imageMajor) {
		console.log(
			`note: the Docker image runs Node ${imageMajor}, this run Node ${process.versions.node}: the CPU and latency ` +
				`rows are not a pod's (docs/benchmarks.md, "Node.js majors"); run the bench with Node ${imageMajor} first ` +
				'in PATH for them',
		)
	}

	note('recording the API answers')
	// 1. Record: the portal signs in and views each page once through the stub, in front of the mock API.
	const stub = await forkUpstreamStub({ latencyMs: LATENCY_MS, cwd: projectRoot })
	const port = await freePort()
	const portalUrl = `http://127.0.0.1:${port}`
	const startPortal = (profile = false, portalPort = port, options = nodeOptions) =>
		spawnServer({
			args: [...(profile ? PROFILE_ARGS : []), ...SERVER_NODE_ARGS],
			cwd: projectRoot,
			env: portalEnvBehindStub(portalPort, stub, options),
			url: `http://127.0.0.1:${portalPort}`,
			readyPath: '/readyz',
			cpus: cpus?.servers,
		})

	let portal = await startPortal()
	let cookie: string
	let serviceId: string
	try {
		;({ cookie, serviceId } = await recordPageViews(portalUrl, stub))
	} finally {
		await portal.close()
	}
	await stub.replay()
	await stub.takeCalls()

	const pages = measuredPages(cookie, serviceId)

	note('cold starts')
	// 2. Cold start: spawn → /readyz 200 (which asks the upstream).
	const starts: number[] = []
	for (let i = 0; i < COLD_STARTS; i++) {
		const p = await startPortal()
		starts.push(p.startMs)
		await p.close()
	}

	portal = await startPortal(PROFILE)
	const referencePort = await freePort()
	const reference = await spawnServer({
		// React Router's own production server, as its templates run it (`react-router-serve ./build/server/index.js`).
		args: [
			path.join(projectRoot, 'node_modules', '@react-router', 'serve', 'bin.js'),
			path.join(referenceBuild, 'server', 'index.js'),
		],
		cwd: projectRoot,
		env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', PORT: String(referencePort), HOST: '127.0.0.1' },
		url: `http://127.0.0.1:${referencePort}`,
		readyPath: '/',
		cpus: cpus?.servers,
	})
	const targets = {
		reference: { url: `${reference.url}/`, headers: {}, pid: reference.child.pid! },
		...Object.fromEntries(
			PAGE_KEYS.map((key) => [
				key,
				{ url: `${portalUrl}${pages[key].path}`, headers: pages[key].headers, pid: portal.child.pid! },
			]),
		),
	} as Record<'reference' | PageKey, { url: string; headers: Record<string, string>; pid: number }>
	const ALL = ['reference', ...PAGE_KEYS] as const

	/** CPU per request of each round, by page, and the answers that failed in those rounds. */
	const cpuRounds: Record<string, number[]> = {}
	const cpuFailures: Record<string, number> = {}
	/** Latency at `REALISTIC_RATE` by page: each round with the API at `API_LATENCY_MS`, one at `LATENCY_MS`. */
	const realistic: Record<string, Latency[]> = {}
	const fastApi: Record<string, Latency> = {}
	/** Details at `HEAP_RATE`, each round, under the Deployment's options and without the old-generation cap. */
	const heap: Record<'capped' | 'uncapped', Latency[]> = { capped: [], uncapped: [] }
	const uncappedOptions = nodeOptions.replace(/--max-old-space-size=\d+\s*/, '').trim()
	const scale: Record<string, number[]> = {}
	const firstLoads: Record<string, FirstLoad> = {}
	let memory: { portal: ReturnType<typeof residentMemory>; reference: ReturnType<typeof residentMemory> }
	const capacity: Array<{ processes: number; result: LoadResult; nginxShare: number; memory: number[] }> = []
	const apiCalls: Record<string, ReturnType<typeof describeCalls>> = {}
	let applied: Record<string, Array<LighthouseResult | Error>> | null = null
	let simulated: Record<string, Array<LighthouseResult | Error>> | null = null
	try {
		const html = async (pathname: string, headers: Record<string, string>) => {
			const response = await fetch(`${portalUrl}${pathname}`, { headers, redirect: 'manual' })
			await response.arrayBuffer()
			if (response.status !== 200) throw new Error(`${pathname}: ${response.status}`)
		}

		note('API calls per page view')
		// 3. API calls of one (warm) page view.
		for (const key of SIGNED_IN) {
			await html(pages[key].path, pages[key].headers)
			await stub.takeCalls()
			await html(pages[key].path, pages[key].headers)
			apiCalls[key] = describeCalls(await stub.takeCalls())
		}
		note('first load in Chromium')
		// 4. What a first visit downloads (scripts and translations), in Chromium.
		const chrome = chromiumPath()
		if (chrome) {
			const browser = await chromium.launch({ executablePath: chrome, args: ['--no-sandbox'] })
			try {
				for (const key of PAGE_KEYS) {
					firstLoads[key] = await firstLoad(browser, targets[key].url, portalClientDir, pages[key].headers)
				}
				firstLoads.reference = await firstLoad(browser, reference.url, path.join(referenceBuild, 'client'))
			} finally {
				await browser.close()
			}
		}

		note(`CPU per request: warm-up, then ${CPU_ROUNDS} paired rounds`)
		// 5. CPU per request, paired: each round runs the bare page, then each page, so a burst of other work on the
		// machine lands on one round's ratios, and the median round is judged.
		const run = (key: (typeof ALL)[number], total = REQUESTS, warmup = 0) =>
			load([targets[key].pid], targets[key].url, {
				total,
				warmup,
				connections: CPU_CONNECTIONS,
				headers: targets[key].headers,
			})
		for (const key of ALL) await run(key, WARMUP)
		for (let round = 0; round < CPU_ROUNDS; round++) {
			for (const key of ALL) {
				const result = await run(key)
				;(cpuRounds[key] ??= []).push(result.cpuPerRequestMs)
				cpuFailures[key] = (cpuFailures[key] ?? 0) + result.failed
			}
		}

		note(
			`steady rates: ${STEADY_ROUNDS} rounds at ${REALISTIC_RATE} req/s (two API latencies), details at ${HEAP_RATE}`,
		)
		// 6. Latency at a steady rate, open loop, from the scheduled send: the pages interleaved round by round, first
		// with the API at its realistic latency, then 40 ms faster (each sequential round of API calls moves p50 by 40).
		const steadyRun = (url: string, headers: Record<string, string>, rate = REALISTIC_RATE) =>
			steadyLoad(url, { rate, seconds: WINDOW_S, headers })
		await stub.setLatency(API_LATENCY_MS)
		for (let round = 0; round < STEADY_ROUNDS; round++) {
			for (const key of ALL) (realistic[key] ??= []).push(await steadyRun(targets[key].url, targets[key].headers))
		}
		await stub.setLatency(LATENCY_MS)
		for (const key of PAGE_KEYS) fastApi[key] = await steadyRun(targets[key].url, targets[key].headers)
		// The heap cap's cost: details at HEAP_RATE in this process and in one without the cap, round by round.
		const uncapped = await startPortal(false, await freePort(), uncappedOptions)
		try {
			const details = (base: string) => steadyRun(`${base}${pages.details.path}`, pages.details.headers, HEAP_RATE)
			for (const server of [portal, uncapped])
				await load([server.child.pid!], `${server.url}${pages.details.path}`, {
					total: WARMUP,
					connections: CPU_CONNECTIONS,
					headers: pages.details.headers,
				})
			for (let round = 0; round < STEADY_ROUNDS; round++) {
				heap.capped.push(await details(portal.url))
				heap.uncapped.push(await details(uncapped.url))
			}
		} finally {
			await uncapped.close()
		}

		note('scale')
		// 7. Scale: CPU per request of the list and of 90 days of details with 1, 100 and 10 000 services.
		const scaled = (count: number, pathname: string, total: number, warmup = 0) =>
			load([portal.child.pid!], `${portalUrl}${pathname}`, {
				total,
				warmup,
				connections: CPU_CONNECTIONS,
				headers: { cookie },
			}).then((result) => (warmup ? undefined : (scale[`${pathname}@${count}`] ??= []).push(result.cpuPerRequestMs)))
		const scalePaths = ['/services/manage', `/services/${serviceId}?days=90`]
		for (const count of SCALES) {
			await stub.setServiceCount(count)
			for (const pathname of scalePaths) await scaled(count, pathname, WARMUP / 2, 1)
		}
		for (let round = 0; round < SCALE_ROUNDS; round++) {
			for (const count of SCALES) {
				await stub.setServiceCount(count)
				for (const pathname of scalePaths) await scaled(count, pathname, REQUESTS)
			}
		}
		await stub.setServiceCount(null)
		memory = { portal: residentMemory(portal.child.pid!), reference: residentMemory(reference.child.pid!) }

		note('capacity through nginx')
		// 8. Capacity: the signed-in dashboard through nginx (deploy/nginx) with one and with three processes,
		// saturated; the CPU of every portal process and of nginx counts, so requests per CPU-second is what one core
		// serves.
		if (existsSync(NGINX_PATH)) {
			for (const processes of CAPACITY_PROCESSES) {
				const before = new Set(descendants(process.pid))
				const stack = await startReplicaStack({
					count: processes,
					env: () => ({
						API_BASE_URL: stub.url,
						SERVICE_LOGO_URL: stub.logoStorageUrl,
						LOG_LEVEL: 'silent',
						NODE_OPTIONS: nodeOptions,
					}),
				})
				try {
					const portalPids = stack.portals.map((p) => p.child.pid!)
					const nginxPids = descendants(process.pid).filter((pid) => !before.has(pid) && commandOf(pid) === 'nginx')
					// A deployment's processes share every core: they inherited the load generator's.
					if (cpus) for (const pid of [...portalPids, ...nginxPids]) pin(pid, cpus.all)
					const options = { connections: CAPACITY_CONNECTIONS, headers: { cookie } }
					await load(portalPids, `${stack.url}/`, { ...options, total: WARMUP })
					const nginx = await load(nginxPids, `${stack.url}/`, { ...options, total: REQUESTS * 3 })
					const result = await load([...portalPids, ...nginxPids], `${stack.url}/`, { ...options, total: REQUESTS * 3 })
					capacity.push({
						processes,
						result,
						nginxShare: nginx.cpuPerRequestMs / result.cpuPerRequestMs,
						memory: portalPids.map((pid) => residentMemory(pid).resident),
					})
				} finally {
					await stack.close()
				}
			}
		}

		note('Lighthouse')
		// 9. Lighthouse (mobile): applied throttling judged, simulated reported; the pages interleaved run by run.
		if (process.env.BENCH_LIGHTHOUSE !== '0' && chrome) {
			// Chromium gets every core, as on a phone's own: its 4× slowdown applies to this machine's speed.
			if (cpus) pin(process.pid, cpus.all)
			applied = Object.fromEntries(PAGE_KEYS.map((key) => [key, []]))
			simulated = Object.fromEntries(PAGE_KEYS.map((key) => [key, []]))
			for (const [results, throttling, runs] of [
				[applied, 'devtools', LIGHTHOUSE_RUNS],
				[simulated, 'simulate', SIMULATED_RUNS],
			] as const) {
				for (let run = 0; run < runs; run++) {
					for (const key of PAGE_KEYS) {
						results[key]!.push(
							await lighthouse(targets[key].url, {
								projectRoot,
								chrome,
								headers: pages[key].headers,
								throttling,
							}).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error)))),
						)
					}
				}
			}
		}
	} finally {
		await reference.close()
		await portal.close()
	}
	const misses = await stub.misses()
	await stub.close()

	const failures = [
		...Object.entries(realistic).flatMap(([key, runs]) =>
			runs.map((r) => [`${key} at ${REALISTIC_RATE} req/s`, r.failed] as const),
		),
		...Object.entries(fastApi).map(([key, r]) => [`${key} with the ${LATENCY_MS} ms stub`, r.failed] as const),
		...Object.entries(heap).flatMap(([key, runs]) =>
			runs.map((r) => [`details at ${HEAP_RATE} req/s, ${key}`, r.failed] as const),
		),
		...Object.entries(cpuFailures).map(([key, n]) => [`${key} (CPU rows)`, n] as const),
	]
		.filter(([, n]) => n > 0)
		.map(([where, n]) => `${where}: ${n}`)
	// 10. The table. A quick run judges nothing that time or CPU decide (byte counts are judged anyway).
	const judge = (ok: boolean) => (QUICK ? 'quick run' : check(ok))
	const medianOf = (runs: Latency[], p: 'p50' | 'p90' | 'p95' | 'p99') => median(runs.map((r) => r[p]))
	const apiShareMs = API_LATENCY_MS - LATENCY_MS

	heading(
		`What a partner waits at ${REALISTIC_RATE} req/s per process, ${API_LATENCY_MS} ms API (open loop, from the ` +
			`scheduled send; ${WINDOW_S} s windows, median of ${STEADY_ROUNDS} interleaved rounds): the portal's own time ` +
			`= answer − ${API_LATENCY_MS} ms × its API rounds, p95 / p99 (answer p50)`,
	)
	const runs = realistic.reference!
	row(
		'bare React Router page (reference)',
		`${ms(medianOf(runs, 'p95'))} / ${ms(medianOf(runs, 'p99'))} (p50 ${ms(medianOf(runs, 'p50'))})`,
	)
	/** Sequential rounds of API calls per page: Δp50 between the two API latencies ÷ their difference. */
	const apiRounds = Object.fromEntries(
		PAGE_KEYS.map((key) => [key, (medianOf(realistic[key]!, 'p50') - fastApi[key]!.p50) / apiShareMs]),
	) as Record<PageKey, number>
	for (const key of PAGE_KEYS) {
		const apiMs = API_LATENCY_MS * Math.round(apiRounds[key])
		const own = (p: 'p95' | 'p99') => medianOf(realistic[key]!, p) - apiMs
		row(
			pages[key].name,
			`${ms(own('p95'))} / ${ms(own('p99'))} (p50 ${ms(medianOf(realistic[key]!, 'p50'))}; p95 by round ` +
				`${realistic[key]!.map((r) => (r.p95 - apiMs).toFixed(0)).join(', ')})`,
			`p95 ≤ ${TARGET.ownP95Ms} ms`,
			judge(own('p95') <= TARGET.ownP95Ms),
		)
	}

	heading(
		`API rounds per signed-in page: Δp50 at ${REALISTIC_RATE} req/s between a ${LATENCY_MS} and a ` +
			`${API_LATENCY_MS} ms API ÷ ${apiShareMs} ms`,
	)
	for (const key of SIGNED_IN) {
		row(
			pages[key].name,
			`${apiRounds[key].toFixed(2)} (p50 ${ms(fastApi[key]!.p50)} → ${ms(medianOf(realistic[key]!, 'p50'))})`,
			`≤ ${TARGET.apiRounds}`,
			judge(apiRounds[key] <= TARGET.apiRounds),
		)
	}

	heading(
		`Heap cap: service details at ${HEAP_RATE} req/s, ${LATENCY_MS} ms API, p90 under "${nodeOptions}" ÷ p90 ` +
			`under "${uncappedOptions}" (median of ${STEADY_ROUNDS} interleaved rounds)`,
	)
	const heapRatio = medianOf(heap.capped, 'p90') / medianOf(heap.uncapped, 'p90')
	row(
		'p90 capped / uncapped',
		`${ms(medianOf(heap.capped, 'p90'))} / ${ms(medianOf(heap.uncapped, 'p90'))} = ${heapRatio.toFixed(2)}× ` +
			`(p99 ${ms(medianOf(heap.capped, 'p99'))} / ${ms(medianOf(heap.uncapped, 'p99'))})`,
		`≤ ${TARGET.heapP90Ratio}×`,
		judge(heapRatio <= TARGET.heapP90Ratio),
	)
	heading('API calls per page view (at the upstream stub, warm reference caches)')
	for (const key of SIGNED_IN) {
		const calls = apiCalls[key]!
		row(pages[key].name, calls.text, 'user + own data, no repeats', check(calls.hasUser && !calls.repeated))
	}

	heading(
		`CPU per request vs the bare page (OS CPU time ÷ requests, ${CPU_CONNECTIONS} connections; ${CPU_ROUNDS} paired ` +
			`interleaved rounds: median ratio, its range; reported)`,
	)
	row(
		'bare React Router page (reference)',
		`${ms(median(cpuRounds.reference!))} (range ${range(cpuRounds.reference!)})`,
	)
	for (const key of PAGE_KEYS) {
		const ratios = cpuRounds[key]!.map((cpu, round) => cpu / cpuRounds.reference![round]!)
		const ratio = median(ratios)
		row(pages[key].name, `${ms(median(cpuRounds[key]!))}, ${ratio.toFixed(2)}× (range ${range(ratios)}×)`)
	}
	// One service is one row; from 100 on every list shows a full page, so the cost must stop growing there.
	heading(
		`Scale: CPU per request with ${SCALES.join(' / ')} services (details with 90 days; median of ${SCALE_ROUNDS} ` +
			`interleaved rounds; judged from ${SCALES[1]} on, where a page is full)`,
	)
	for (const [pathname, name] of [
		['/services/manage', 'services list'],
		[`/services/${serviceId}?days=90`, 'service details ?days=90'],
	] as const) {
		const cpu = SCALES.map((count) => median(scale[`${pathname}@${count}`]!))
		const full = cpu.slice(1)
		const spread = Math.max(...full) / Math.min(...full)
		row(
			name,
			`${cpu.map((value) => value.toFixed(2)).join(' / ')} ms (max/min from ${SCALES[1]} on ${spread.toFixed(2)})`,
			`within ${Math.round((TARGET.scaleSpread - 1) * 100)}%`,
			judge(spread <= TARGET.scaleSpread),
		)
	}

	heading('First load: every script and translation file a first visit downloads (Chromium; gzip, brotli as served)')
	if (!firstLoads.reference) row('skipped', 'no Chromium (set CHROMIUM_PATH)')
	else {
		row(
			'bare React Router page (reference)',
			`${kb(firstLoads.reference.gzipBytes)} gzip (${firstLoads.reference.files} files)`,
		)
		for (const key of PAGE_KEYS) {
			const first = firstLoads[key]!
			row(
				pages[key].name,
				`${kb(first.gzipBytes)} gzip, ${first.brotliBytes === null ? 'no .br built' : `${kb(first.brotliBytes)} br`} (${first.files} files)`,
				`≤ ${TARGET.firstLoadKb} KB gzip`,
				check(first.gzipBytes <= TARGET.firstLoadKb * 1024),
			)
		}
		for (const key of ['signIn', 'details'] as const) {
			row(
				`largest on ${pages[key].name}`,
				firstLoads[key]!.largest.map((f) => `${f.file} ${kb(f.gzipBytes)}`).join(', '),
			)
		}
	}

	const t = TARGET.lighthouse
	heading(
		`Lighthouse mobile, applied throttling (devtools), ${LIGHTHOUSE_RUNS} runs: median performance ≥ ` +
			`${t.medianPerformance} and no run < ${t.minPerformance}, median TBT ≤ ${t.tbtMs} ms; accessibility / best ` +
			`practices / SEO ${t.categories} every run`,
	)
	if (!applied || !simulated) row('skipped', chromiumPath() ? 'BENCH_LIGHTHOUSE=0' : 'no Chromium (set CHROMIUM_PATH)')
	else {
		for (const key of PAGE_KEYS) {
			const runs = applied[key]!
			const failed = runs.find((r): r is Error => r instanceof Error)
			if (failed) {
				row(pages[key].name, `failed: ${failed.message.split('\n')[0]!.slice(0, 60)}`, '', '✗')
				continue
			}
			const done = runs as LighthouseResult[]
			const categoriesOk = done.every(
				(r) => r.accessibility >= t.categories && r.bestPractices >= t.categories && r.seo >= t.categories,
			)
			const performance = median(done.map((r) => r.performance))
			const tbt = median(done.map((r) => r.tbtMs))
			row(
				pages[key].name,
				`performance ${done.map((r) => r.performance).join(', ')} (median ${performance}); a11y/BP/SEO ` +
					`${done.map((r) => `${r.accessibility}/${r.bestPractices}/${r.seo}`).join(', ')}`,
				`median ≥ ${t.medianPerformance}, each ≥ ${t.minPerformance}; ${t.categories}`,
				judge(
					performance >= t.medianPerformance && done.every((r) => r.performance >= t.minPerformance) && categoriesOk,
				),
			)
			row(
				'  median TBT (each run)',
				`${ms(tbt)} (${done.map((r) => r.tbtMs.toFixed(0)).join(', ')})`,
				`≤ ${t.tbtMs} ms`,
				judge(tbt <= t.tbtMs),
			)
			row(
				'  median FCP / LCP / CLS',
				`${seconds(median(done.map((r) => r.fcpMs)))} / ${seconds(median(done.map((r) => r.lcpMs)))} / ` +
					median(done.map((r) => r.cls)).toFixed(3),
			)
			const shortfalls = done.toSorted((a, b) => a.performance - b.performance)[0]!.shortfalls
			if (shortfalls.length) row('  costs points (lowest run)', shortfalls.join(', '))
		}
		heading(`Beside it, not judged: Lighthouse's simulated throttling (its default), ${SIMULATED_RUNS} runs`)
		for (const key of PAGE_KEYS) {
			const runs = simulated[key]!
			const failed = runs.find((r): r is Error => r instanceof Error)
			row(
				pages[key].name,
				failed
					? `failed: ${failed.message.split('\n')[0]!.slice(0, 60)}`
					: (runs as LighthouseResult[])
							.map((r) => `${r.performance} (FCP ${seconds(r.fcpMs)}, ${r.scriptsBeforePaint} scripts before paint)`)
							.join(', '),
			)
		}
	}

	heading(
		`Capacity (reported): signed-in dashboard through nginx, ${CAPACITY_CONNECTIONS} connections, ` +
			`${REQUESTS * 3} requests; portal and nginx CPU counted`,
	)
	if (!capacity.length) row('skipped', `no nginx at ${NGINX_PATH} (apt-get install nginx-light)`)
	for (const { processes, result, nginxShare, memory: resident } of capacity) {
		row(
			`${processes} process${processes > 1 ? 'es' : ''} on ${os.cpus().length} cores`,
			`${result.rps.toFixed(0)} req/s, ${(1000 / result.cpuPerRequestMs).toFixed(0)} req per core-second ` +
				`(nginx ${(nginxShare * 100).toFixed(0)}% of the CPU), p99 ${ms(result.p99)}, ${resident.map(mb).join(' / ')}`,
		)
	}
	const { request, limit } = deploymentMemory()
	heading(
		`Memory after the load: resident = private (heap, buffers, code) + mapped files (node binary); the ` +
			`Deployment requests ${mb(request)}, limit ${mb(limit)}`,
	)
	const resident = (m: typeof memory.portal) =>
		`${mb(m.resident)} = ${mb(m.anonymous)} + ${mb(m.file)}; peak ${mb(m.peak)}`
	row('bare React Router page (reference)', resident(memory.reference))
	row(
		`portal process (NODE_OPTIONS "${nodeOptions}")`,
		resident(memory.portal),
		`resident ≤ ${mb(request)}`,
		check(memory.portal.resident <= request),
	)
	heading('Cold start')
	row(
		`spawn → /readyz 200 (${COLD_STARTS} runs)`,
		starts.map((s) => `${s.toFixed(0)}`).join(', ') + ' ms',
		`≤ ${TARGET.coldStartMs} ms`,
		judge(Math.max(...starts) <= TARGET.coldStartMs),
	)
	if (failures.length)
		row('answers that failed (4xx/5xx or none; a failed steady answer counts as ∞)', failures.join(', '), 'none', '✗')
	if (misses) row('upstream stub: calls with no recorded answer (404)', String(misses))
	console.log()
	printTable()
}

await main()
