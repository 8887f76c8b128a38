/**
 * `tsx scripts/bench-hydration.ts`: the browser's main thread on the pages of HYDRATION_PAGES (default
 * `sign-in,dashboard,details`; `list` too) as a phone sees it, for A/B runs of a change to what the browser loads and
 * runs before hydration. `npm run build` first.
 * The mock API and the built portal run as `npm run bench` runs them (its helpers); then, per page:
 *
 * - HYDRATION_LOADS (default 0) loads in Chromium under a 4× CPU slowdown (Chrome DevTools Protocol), from navigation
 *   to `<html data-hydrated>` and 500 ms after, traced: the main thread's tasks in total, script time, and the time
 *   tasks spent beyond 50 ms (what Total Blocking Time adds up, here over the whole load);
 * - Lighthouse, mobile, applied throttling (`--throttling-method=devtools`, 4× CPU slowdown), HYDRATION_RUNS runs
 *   (default 5): score, FCP, LCP, TBT, CLS (median and range), and from its trace the main thread by kind of work,
 *   script time per file and the long tasks;
 *   with HYDRATION_TRACES=<dir>, each load's trace is kept there (DevTools' Performance panel opens it);
 * - with HYDRATION_PROFILE=1, a V8 CPU profile of one such load, written to .cache/profiles/ for
 *   `tsx scripts/bench/profile-summary.ts <file>`.
 *
 * A/B: HYDRATION_BUILDS=dirA,dirB (default: this project) runs one portal per directory, each holding a copy of
 * `server.mjs`, `instrument.server.mjs`, a link to `app/` and its own `build/`; loads and runs alternate between
 * them round by round, so a busy machine weighs on both alike.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { chromium, type CDPSession } from '@playwright/test'
import { chromiumPath, lighthouse, type LighthouseResult } from './bench/lighthouse'
import { spawnServer, type Server } from './bench/measure'
import { DEMO_EMAIL, DEMO_PASSWORD } from '#tests/mock-api/seed'
import { startMockApi } from '#tests/mock-api/server'
import { freePort, portalEnv, projectRoot, SERVER_NODE_ARGS, signInOverHttp } from '#tests/setup/processes'

const RUNS = Number(process.env.HYDRATION_RUNS ?? 5)
const LOADS = Number(process.env.HYDRATION_LOADS ?? 0)
const PROFILE = process.env.HYDRATION_PROFILE === '1'
/** A directory to keep each load's trace in (for Chromium DevTools' Performance panel), when set. */
const TRACES = process.env.HYDRATION_TRACES && path.resolve(process.env.HYDRATION_TRACES)
const BUILDS = (process.env.HYDRATION_BUILDS ?? projectRoot).split(',').map((dir) => path.resolve(dir))
const chrome = chromiumPath()
if (!chrome) throw new Error('no Chromium: set CHROMIUM_PATH')

const mock = await startMockApi({ quiet: true })
const portals: Array<Server & { name: string }> = []
for (const dir of BUILDS) {
	const port = await freePort()
	const url = `http://127.0.0.1:${port}`
	const env = portalEnv({ PORT: String(port), PUBLIC_APP_URL: url, API_BASE_URL: mock.url, LOG_LEVEL: 'silent' })
	const server = await spawnServer({ args: SERVER_NODE_ARGS, cwd: dir, env, url, readyPath: '/readyz' })
	portals.push({ ...server, name: path.relative(projectRoot, dir) || 'this build' })
}

const median = (values: number[]) => {
	const sorted = [...values].sort((a, b) => a - b)
	const middle = Math.floor(sorted.length / 2)
	return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}
const spread = (values: number[], digits = 0) =>
	`${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`
const file = (url: string) => url.replace(/^https?:\/\/[^/]+/, '') || '(document)'

type TraceEvent = {
	name: string
	ph: string
	pid: number
	tid: number
	ts: number
	dur?: number
	args?: { name?: string }
}

/**
 * One load under a 4× CPU slowdown, traced, until the page has hydrated and 500 ms after: the renderer's main-thread
 * tasks (top-level `RunTask`s), in ms.
 */
async function tracedLoad(cdp: CDPSession, load: () => Promise<void>, saveAs?: string) {
	const events: TraceEvent[] = []
	cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])))
	const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()))
	await cdp.send('Tracing.start', {
		categories: 'devtools.timeline,disabled-by-default-devtools.timeline',
		transferMode: 'ReportEvents',
	})
	await load()
	await cdp.send('Tracing.end')
	await complete
	if (saveAs) {
		mkdirSync(path.dirname(saveAs), { recursive: true })
		writeFileSync(saveAs, JSON.stringify({ traceEvents: events }))
	}
	const mainThreads = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
	const tasksOf = ({ pid, tid }: TraceEvent) =>
		events.filter((e) => e.pid === pid && e.tid === tid && e.name === 'RunTask' && e.ph === 'X')
	// The page's renderer is the busiest one.
	const tasks = mainThreads.map(tasksOf).sort((a, b) => b.length - a.length)[0] ?? []
	// Top-level tasks only (a nested run loop can report one task inside another).
	const durations: number[] = []
	let end = 0
	for (const task of tasks.sort((a, b) => a.ts - b.ts)) {
		if (task.ts < end) continue
		end = task.ts + (task.dur ?? 0)
		durations.push((task.dur ?? 0) / 1000)
	}
	return {
		tasks: durations.reduce((a, b) => a + b, 0),
		longest: Math.max(0, ...durations),
		blocking: durations.reduce((sum, d) => sum + Math.max(0, d - 50), 0),
	}
}

try {
	const cookie = await signInOverHttp(portals[0]!.url, DEMO_EMAIL, DEMO_PASSWORD)
	// The demo's first service in the list, for its details page.
	const list = await (await fetch(`${portals[0]!.url}/services/manage`, { headers: { cookie } })).text()
	const serviceId = /href="\/services\/(?!manage|new)([\w-]+)"/.exec(list)?.[1]
	const allPages = {
		'sign-in': { path: '/auth/sign-in', headers: {} },
		dashboard: { path: '/', headers: { cookie } },
		details: { path: `/services/${serviceId}`, headers: { cookie } },
		list: { path: '/services/manage', headers: { cookie } },
	} satisfies Record<string, { path: string; headers: Record<string, string> }>
	const chosen = (process.env.HYDRATION_PAGES ?? 'sign-in,dashboard,details').split(',')
	const pages = Object.fromEntries(Object.entries(allPages).filter(([name]) => chosen.includes(name)))
	const label = (portal: { name: string }, page: string) => (portals.length > 1 ? `${page} [${portal.name}]` : page)

	if (LOADS > 0 || PROFILE) {
		const browser = await chromium.launch({ executablePath: chrome })
		const loads: Record<string, Array<Awaited<ReturnType<typeof tracedLoad>> & { script: number }>> = {}
		try {
			const phone = async (headers: Record<string, string>) => {
				const context = await browser.newContext({
					viewport: { width: 412, height: 823 },
					deviceScaleFactor: 1.75,
					isMobile: true,
					hasTouch: true,
					extraHTTPHeaders: headers,
				})
				const tab = await context.newPage()
				const cdp = await context.newCDPSession(tab)
				await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
				await cdp.send('Performance.enable')
				return { context, tab, cdp }
			}
			const hydrated = async (tab: Awaited<ReturnType<typeof phone>>['tab'], url: string) => {
				await tab.goto(url)
				await tab.locator('html[data-hydrated]').waitFor({ state: 'attached' })
			}
			for (let round = 0; round < LOADS; round++) {
				for (const [name, page] of Object.entries(pages)) {
					for (const portal of round % 2 ? [...portals].reverse() : portals) {
						const { context, tab, cdp } = await phone(page.headers)
						const traced = await tracedLoad(
							cdp,
							async () => {
								await hydrated(tab, `${portal.url}${page.path}`)
								await tab.waitForTimeout(500)
							},
							TRACES ? path.join(TRACES, `${name}-${portals.indexOf(portal)}-${round + 1}.json`) : undefined,
						)
						const { metrics } = await cdp.send('Performance.getMetrics')
						const script = 1000 * (metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0)
						;(loads[label(portal, name)] ??= []).push({ ...traced, script })
						await context.close()
					}
				}
			}
			for (const [name, results] of Object.entries(loads)) {
				const of = (pick: (r: (typeof results)[number]) => number) => spread(results.map(pick))
				console.log(
					`${name}, ${results.length} loads under 4× CPU, median (range): main-thread tasks ${of((r) => r.tasks)} ms, ` +
						`script ${of((r) => r.script)} ms, longest task ${of((r) => r.longest)} ms, beyond 50 ms ${of((r) => r.blocking)} ms`,
				)
			}
			if (PROFILE) {
				for (const portal of portals) {
					for (const [name, page] of Object.entries(pages)) {
						const { context, tab, cdp } = await phone(page.headers)
						await cdp.send('Profiler.enable')
						await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
						await cdp.send('Profiler.start')
						await hydrated(tab, `${portal.url}${page.path}`)
						const { profile } = await cdp.send('Profiler.stop')
						const out = path.join(
							projectRoot,
							'.cache',
							'profiles',
							`hydration-${name}-${portals.indexOf(portal)}.cpuprofile`,
						)
						mkdirSync(path.dirname(out), { recursive: true })
						writeFileSync(out, JSON.stringify(profile))
						console.log(`${label(portal, name)}: profile ${path.relative(projectRoot, out)}`)
						await context.close()
					}
				}
			}
		} finally {
			await browser.close()
		}
	}

	const results: Record<string, LighthouseResult[]> = {}
	for (let run = 0; run < RUNS; run++) {
		for (const [name, page] of Object.entries(pages)) {
			for (const portal of run % 2 ? [...portals].reverse() : portals) {
				const result = await lighthouse(`${portal.url}${page.path}`, {
					projectRoot,
					chrome,
					headers: page.headers,
					throttling: 'devtools',
				})
				;(results[label(portal, name)] ??= []).push(result)
				console.log(
					`${label(portal, name)} run ${run + 1}: ${result.performance}, FCP ${result.fcpMs}, LCP ${result.lcpMs}, ` +
						`TBT ${result.tbtMs} ms, long tasks ` +
						(result.longTasks.map((task) => `${task.duration} ms ${file(task.url)}`).join(', ') || 'none'),
				)
			}
		}
	}
	for (const [name, runs] of Object.entries(results)) {
		const of = (pick: (result: LighthouseResult) => number, digits = 0) => spread(runs.map(pick), digits)
		console.log(`\n${name}, ${runs.length} Lighthouse runs, median (range)`)
		console.log(
			`  performance ${of((r) => r.performance)}; FCP ${of((r) => r.fcpMs)} ms, LCP ${of((r) => r.lcpMs)} ms, ` +
				`TBT ${of((r) => r.tbtMs)} ms, CLS ${of((r) => r.cls, 3)}; scores ${runs.map((r) => r.performance).join('/')}`,
		)
		const groups = [...new Set(runs.flatMap((r) => Object.keys(r.mainThread)))]
		console.log(`  main thread: ${groups.map((group) => `${group} ${of((r) => r.mainThread[group] ?? 0)}`).join(', ')}`)
		const urls = [...new Set(runs.flatMap((r) => r.scriptsByFile.map((s) => s.url)))]
		for (const url of urls) {
			const by = (pick: 'total' | 'scripting' | 'parseCompile') =>
				of((r) => r.scriptsByFile.find((s) => s.url === url)?.[pick] ?? 0)
			console.log(
				`  ${file(url)}: total ${by('total')}, evaluation ${by('scripting')}, parse/compile ${by('parseCompile')}`,
			)
		}
	}
} finally {
	for (const portal of portals) await portal.close()
	await mock.close()
}
