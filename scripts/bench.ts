/**
 * `npm run bench`: figures, not pass/fail. Build size of what browsers
 * download, server cold start, and server-render latency/throughput on this
 * machine, against the in-process mock API. Loopback only; bounded loops.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { startMockApi } from '#tests/mock-api/server'
import { DEMO_EMAIL, DEMO_PASSWORD } from '#tests/mock-api/seed'
import { freePort, portalEnv, projectRoot, signInOverHttp, startPortal } from '#tests/setup/processes'

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`

function buildSizes() {
	const dir = path.join(projectRoot, 'build', 'client', 'assets')
	const files = readdirSync(dir).filter((f) => f.endsWith('.js') || f.endsWith('.css'))
	const rows = files.map((f) => {
		const raw = readFileSync(path.join(dir, f))
		return { file: f, raw: statSync(path.join(dir, f)).size, gzip: gzipSync(raw).length }
	})
	const js = rows.filter((r) => r.file.endsWith('.js'))
	const css = rows.filter((r) => r.file.endsWith('.css'))
	const sum = (list: typeof rows, key: 'raw' | 'gzip') => list.reduce((n, r) => n + r[key], 0)
	const lazy = js.filter((r) => r.file.startsWith('sentry.client'))
	console.log('\n== Browser assets (build/client/assets)')
	console.log(`JS total         ${kb(sum(js, 'raw'))} raw, ${kb(sum(js, 'gzip'))} gzip (${js.length} files)`)
	console.log(`JS without Sentry (loaded only with a DSN): ${kb(sum(js, 'gzip') - sum(lazy, 'gzip'))} gzip`)
	console.log(`CSS total        ${kb(sum(css, 'raw'))} raw, ${kb(sum(css, 'gzip'))} gzip`)
	for (const r of [...js].sort((a, b) => b.gzip - a.gzip).slice(0, 5))
		console.log(`  ${r.file.padEnd(44)} ${kb(r.gzip)} gzip`)
}

function percentile(sorted: number[], p: number) {
	return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

async function load(
	url: string,
	{ total, concurrency, headers = {} }: { total: number; concurrency: number; headers?: Record<string, string> },
) {
	const times: number[] = []
	let next = 0
	const started = performance.now()
	async function worker() {
		while (next < total) {
			next += 1
			const t0 = performance.now()
			const response = await fetch(url, { headers, redirect: 'manual' })
			await response.arrayBuffer()
			if (response.status >= 400) throw new Error(`${url} answered ${response.status}`)
			times.push(performance.now() - t0)
		}
	}
	await Promise.all(Array.from({ length: concurrency }, worker))
	const seconds = (performance.now() - started) / 1000
	times.sort((a, b) => a - b)
	return { rps: total / seconds, p50: percentile(times, 50), p95: percentile(times, 95) }
}

async function main() {
	buildSizes()
	const port = await freePort()
	const portalUrl = `http://127.0.0.1:${port}`
	const mock = await startMockApi({
		host: '127.0.0.1',
		port: 0,
		portalUrl,
		contactEmail: 'partners@example.com',
		quiet: true,
	})
	const env = portalEnv({ PORT: String(port), PUBLIC_APP_URL: portalUrl, API_BASE_URL: mock.url, LOG_LEVEL: 'silent' })

	console.log('\n== Server cold start (spawn → /healthz 200), 3 runs')
	const starts: number[] = []
	for (let i = 0; i < 3; i++) {
		const t0 = performance.now()
		const p = await startPortal({ env })
		starts.push(performance.now() - t0)
		await p.close()
	}
	console.log(starts.map((ms) => `${ms.toFixed(0)} ms`).join(', '))

	const portal = await startPortal({ env })
	try {
		const sessionCookie = await signInOverHttp(portalUrl, DEMO_EMAIL, DEMO_PASSWORD)

		console.log('\n== Server render, 300 requests, 10 concurrent (portal + mock on this machine)')
		for (const [name, url, headers] of [
			['GET /auth/sign-in (guest page)', `${portalUrl}/auth/sign-in`, {}],
			['GET / (dashboard, signed in)', `${portalUrl}/`, { cookie: sessionCookie }],
			['GET /healthz', `${portalUrl}/healthz`, {}],
		] as const) {
			await load(url, { total: 30, concurrency: 5, headers }) // warm-up
			const r = await load(url, { total: 300, concurrency: 10, headers })
			console.log(
				`${name.padEnd(34)} ${r.rps.toFixed(0).padStart(5)} req/s   p50 ${r.p50.toFixed(1)} ms   p95 ${r.p95.toFixed(1)} ms`,
			)
		}
	} finally {
		await portal.close()
		await mock.close()
	}
}

await main()
