/**
 * `tsx scripts/bench/profile-summary.ts [file.cpuprofile]`: the hot spots of a
 * V8 CPU profile (`node --cpu-prof`), by self time per function and per package.
 * Without a file, the newest profile in .cache/profiles/.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

type Node = {
	id: number
	callFrame: { functionName: string; url: string; lineNumber: number }
	hitCount?: number
	children?: number[]
}
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number }

const dir = path.resolve(import.meta.dirname, '..', '..', '.cache', 'profiles')
const file =
	process.argv[2] ??
	readdirSync(dir)
		.filter((f) => f.endsWith('.cpuprofile'))
		.map((f) => path.join(dir, f))
		.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0]
if (!file) throw new Error('no profile: run BENCH_PROFILE=1 npm run bench first')
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile

const byId = new Map(profile.nodes.map((node) => [node.id, node]))
const selfMs = new Map<number, number>()
for (let i = 0; i < profile.samples.length; i++) {
	const id = profile.samples[i]!
	selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000)
}
const where = (url: string) => {
	const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1]
	if (pkg) return pkg
	if (url.includes('/build/server/')) return 'portal (build/server)'
	if (url.startsWith('node:')) return 'node'
	return url ? path.basename(url) : '(native/gc)'
}
const functions = new Map<string, number>()
const packages = new Map<string, number>()
for (const [id, time] of selfMs) {
	const { functionName, url, lineNumber } = byId.get(id)!.callFrame
	const key = `${functionName || '(anonymous)'}  ${where(url)}:${lineNumber + 1}`
	functions.set(key, (functions.get(key) ?? 0) + time)
	packages.set(where(url), (packages.get(where(url)) ?? 0) + time)
}
// Inclusive ("total") time: each sample counts once for every function on its stack.
const parent = new Map<number, number>()
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id)
const inclusive = new Map<string, number>()
for (const [id, time] of selfMs) {
	const seen = new Set<string>()
	for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
		const { functionName, url, lineNumber } = byId.get(at)!.callFrame
		if (!functionName) continue
		const key = `${functionName}  ${where(url)}:${lineNumber + 1}`
		if (seen.has(key)) continue
		seen.add(key)
		inclusive.set(key, (inclusive.get(key) ?? 0) + time)
	}
}
const total = [...selfMs.values()].reduce((a, b) => a + b, 0)
const top = (map: Map<string, number>, n: number) =>
	[...map]
		.sort((a, b) => b[1] - a[1])
		.slice(0, n)
		.map(
			([key, time]) => `${((100 * time) / total).toFixed(1).padStart(5)}%  ${time.toFixed(0).padStart(6)} ms  ${key}`,
		)
		.join('\n')
console.log(`${path.basename(file)}: ${total.toFixed(0)} ms sampled\n\nself time by package\n${top(packages, 15)}`)
console.log(`\nself time by function\n${top(functions, 30)}`)
console.log(`\ntotal time (self + callees) by function\n${top(inclusive, Number(process.env.TOP ?? 40))}`)
