/**
 * `npx tsx scripts/bench-ab.ts DIR_A DIR_B …`: server CPU per request of two or more portal builds (or heap options,
 * or Node.js binaries), A/B, against the same recorded API answers (the bench's upstream stub, 5 ms). Each DIR holds
 * what `npm start` runs from (`build/`, `server.mjs`, `instrument.server.mjs`, `package.json`, `node_modules`, `app/`:
 * copy the build, link the rest) and optionally a `node-options` file (that variant's NODE_OPTIONS; otherwise the
 * Deployment's) and a `node` link to another Node.js binary (otherwise the one running this script). Every variant
 * runs at once on the servers' CPU, measured in turn: round by round, variant by variant, page by page, so a burst of
 * other work lands on one round; the median round is printed with every round and each variant's change against the
 * first, then the resident memory of each process. Not judged: `npm run bench` judges; this says which
 * lever moves it (docs/benchmarks.md, "Server CPU levers").
 *
 * Knobs: AB_ROUNDS (default 5), AB_REQUESTS (per page and round, default 500), AB_PAGES (default
 * signIn,dashboard,details,list), AB_PROFILE=1 (each variant writes a CPU profile into .cache/profiles/<variant>/).
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { deploymentNodeOptions } from './bench/deployment'
import { cpuLayout, load, pin, residentMemory, spawnServer, type Server } from './bench/measure'
import { forkUpstreamStub, measuredPages, portalEnvBehindStub, recordPageViews } from './bench/upstream-stub'
import { freePort, projectRoot, SERVER_NODE_ARGS } from '#tests/setup/processes'

const variants = process.argv.slice(2).map((dir) => path.resolve(dir))
if (variants.length < 2) throw new Error('usage: tsx scripts/bench-ab.ts DIR_A DIR_B [DIR_C …]')
const ROUNDS = Number(process.env.AB_ROUNDS ?? 5)
const REQUESTS = Number(process.env.AB_REQUESTS ?? 500)
const PAGES = (process.env.AB_PAGES ?? 'signIn,dashboard,details,list').split(',')
const PROFILE = process.env.AB_PROFILE === '1'
const WARMUP = 1000
const CONNECTIONS = 10

const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]!
const name = (dir: string) => path.basename(dir)
const nodeOptions = (dir: string) =>
	existsSync(path.join(dir, 'node-options'))
		? readFileSync(path.join(dir, 'node-options'), 'utf8').trim()
		: deploymentNodeOptions()

const cpus = cpuLayout()
if (cpus) pin(process.pid, cpus.bench)
const stub = await forkUpstreamStub({ latencyMs: 5, cwd: projectRoot })

async function start(dir: string, profile: boolean) {
	const port = await freePort()
	const url = `http://127.0.0.1:${port}`
	const env = portalEnvBehindStub(port, stub, nodeOptions(dir))
	const profileArgs = ['--cpu-prof', `--cpu-prof-dir=${path.join(projectRoot, '.cache', 'profiles', name(dir))}`]
	const args = [...(profile ? profileArgs : []), ...SERVER_NODE_ARGS]
	const node = existsSync(path.join(dir, 'node')) ? path.join(dir, 'node') : undefined
	return spawnServer({ args, cwd: dir, env, url, readyPath: '/readyz', cpus: cpus?.servers, node })
}

// Record: the first variant signs in and views each page once through the stub, in front of the mock API.
const recorder = await start(variants[0]!, false)
let cookie: string
let serviceId: string
try {
	;({ cookie, serviceId } = await recordPageViews(recorder.url, stub))
} finally {
	await recorder.close()
}
await stub.replay()

const pages: Record<string, { path: string; headers: Record<string, string> }> = measuredPages(cookie, serviceId)
const servers: Server[] = []
for (const dir of variants) servers.push(await start(dir, PROFILE))
const cpuMs: Record<string, number[]> = {}
try {
	const run = (server: Server, page: string, total: number, warmup: number) =>
		load([server.child.pid!], `${server.url}${pages[page]!.path}`, {
			total,
			warmup,
			connections: CONNECTIONS,
			headers: pages[page]!.headers,
		})
	for (const server of servers) for (const page of PAGES) await run(server, page, WARMUP, WARMUP / 2)
	for (let round = 0; round < ROUNDS; round++) {
		for (const [index, server] of servers.entries()) {
			for (const page of PAGES) {
				const result = await run(server, page, REQUESTS, 50)
				if (result.failed) console.error(`${name(variants[index]!)} ${page}: ${result.failed} failed`)
				;(cpuMs[`${index} ${page}`] ??= []).push(result.cpuPerRequestMs)
			}
		}
	}
	console.log(`CPU ms per request, median of ${ROUNDS} rounds [every round]; change against ${name(variants[0]!)}`)
	for (const page of PAGES) {
		const base = median(cpuMs[`0 ${page}`]!)
		const cells = variants.map((dir, index) => {
			const rounds = cpuMs[`${index} ${page}`]!
			const change = ((median(rounds) / base - 1) * 100).toFixed(1)
			return `${name(dir)} ${median(rounds).toFixed(2)} (${change} %) [${rounds.map((v) => v.toFixed(1)).join(' ')}]`
		})
		console.log(`${page.padEnd(10)} ${cells.join('  |  ')}`)
	}
	for (const [index, server] of servers.entries()) {
		const memory = residentMemory(server.child.pid!)
		const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`
		console.log(
			`${name(variants[index]!)} (NODE_OPTIONS "${nodeOptions(variants[index]!)}"): resident ${mb(memory.resident)}, ` +
				`peak ${mb(memory.peak)}`,
		)
	}
} finally {
	for (const server of servers) await server.close()
	await stub.close()
}
