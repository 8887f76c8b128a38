/**
 * Lighthouse (mobile, its default) on a page of the running portal, through
 * its CLI and a headless Chromium. Skipped when no Chromium is found.
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

export function chromiumPath(): string | undefined {
	const candidates = [
		process.env.CHROME_PATH,
		process.env.CHROMIUM_PATH,
		'/usr/bin/chromium-headless-shell',
		'/usr/bin/chromium',
		'/usr/bin/chromium-browser',
	]
	return candidates.find((candidate): candidate is string => Boolean(candidate && existsSync(candidate)))
}

export type Scores = { performance: number; accessibility: number; bestPractices: number; seo: number }
export type LighthouseResult = Scores & {
	unusedJsBytes: number
	shortfalls: string[]
	/** First contentful paint as reported (simulated from the load, or measured under applied throttling), in ms. */
	fcpMs: number
	/** Largest contentful paint, total blocking time (ms) and cumulative layout shift, as reported. */
	lcpMs: number
	tbtMs: number
	cls: number
	/** When the page painted first in the load Lighthouse watched, in ms from the start of the navigation. */
	observedFcpMs: number
	/**
	 * The high-priority scripts that had finished downloading before that paint: Lighthouse's simulation counts them
	 * as render-blocking, so how many there are decides whether its first paint includes the JavaScript.
	 */
	scriptsBeforePaint: number
	/**
	 * Where the main thread's time went in the load Lighthouse traced (its `mainthread-work-breakdown` and
	 * `bootup-time` audits, under the throttling it ran with), in ms: by kind of work, and script time per file.
	 */
	mainThread: Record<string, number>
	scriptsByFile: Array<{ url: string; total: number; scripting: number; parseCompile: number }>
	/** The main thread's tasks over 50 ms (`long-tasks`): what Total Blocking Time counts. */
	longTasks: Array<{ url: string; startTime: number; duration: number }>
}

type Report = {
	categories: Record<string, { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>
	audits: Record<
		string,
		{
			score: number | null
			displayValue?: string
			numericValue?: number
			details?: { overallSavingsBytes?: number; items?: Array<Record<string, unknown>> }
		}
	>
}

/** Lighthouse's throttling: `simulate` (its default: an unthrottled load, then a model of a phone) or `devtools`. */
export type Throttling = 'simulate' | 'devtools'

/**
 * What costs points: the weighted performance metrics below a full score
 * ("largest-contentful-paint 2.4 s"), then the failing audits of the other
 * categories by id.
 */
function shortfalls(report: Report): string[] {
	const found: string[] = []
	for (const [category, { auditRefs }] of Object.entries(report.categories)) {
		for (const ref of auditRefs) {
			const audit = report.audits[ref.id]
			if (!audit || audit.score === null || audit.score >= 1) continue
			if (category !== 'performance') found.push(ref.id)
			else if (ref.weight > 0) found.push(`${ref.id} ${audit.displayValue ?? ''}`.trim())
		}
	}
	return [...new Set(found)]
}

export async function lighthouse(
	url: string,
	{
		projectRoot,
		chrome,
		headers = {},
		throttling = 'simulate',
	}: { projectRoot: string; chrome: string; headers?: Record<string, string>; throttling?: Throttling },
): Promise<LighthouseResult> {
	const cli = path.join(projectRoot, 'node_modules', 'lighthouse', 'cli', 'index.js')
	const once = () =>
		run(
			process.execPath,
			[
				cli,
				url,
				'--output=json',
				'--output-path=stdout',
				'--quiet',
				'--only-categories=performance,accessibility,best-practices,seo',
				`--throttling-method=${throttling}`,
				'--chrome-flags=--headless=new --no-sandbox --disable-gpu',
				...(Object.keys(headers).length ? [`--extra-headers=${JSON.stringify(headers)}`] : []),
			],
			{ env: { ...process.env, CHROME_PATH: chrome }, maxBuffer: 64 * 1024 * 1024, timeout: 180_000 },
		)
	// A run that crashed (the browser, a protocol timeout) measured nothing: it is tried once more, then reported
	// with the CLI's own last words.
	const { stdout } = await once()
		.catch(once)
		.catch((error: Error & { stderr?: string }) => {
			const said = error.stderr?.trim().split('\n').at(-1)
			throw new Error(said || error.message.split('\n')[0])
		})
	const report = JSON.parse(stdout) as Report
	const score = (key: string) => Math.round((report.categories[key]?.score ?? 0) * 100)
	return {
		performance: score('performance'),
		accessibility: score('accessibility'),
		bestPractices: score('best-practices'),
		seo: score('seo'),
		unusedJsBytes: report.audits['unused-javascript']?.details?.overallSavingsBytes ?? 0,
		shortfalls: shortfalls(report),
		...firstPaint(report),
		...mainThread(report),
	}
}

function mainThread(report: Report) {
	const items = (id: string) => report.audits[id]?.details?.items ?? []
	const ms = (value: unknown) => Math.round(Number(value ?? 0))
	return {
		mainThread: Object.fromEntries(items('mainthread-work-breakdown').map((item) => [item.group, ms(item.duration)])),
		scriptsByFile: items('bootup-time').map((item) => ({
			url: String(item.url),
			total: ms(item.total),
			scripting: ms(item.scripting),
			parseCompile: ms(item.scriptParseCompile),
		})),
		longTasks: items('long-tasks').map((item) => ({
			url: String(item.url),
			startTime: ms(item.startTime),
			duration: ms(item.duration),
		})),
	}
}

function firstPaint(report: Report) {
	const observedFcpMs = Number(report.audits.metrics?.details?.items?.[0]?.observedFirstContentfulPaint ?? 0)
	const scriptsBeforePaint = (report.audits['network-requests']?.details?.items ?? []).filter(
		(request) =>
			request.resourceType === 'Script' &&
			request.priority === 'High' &&
			Number(request.networkEndTime) <= observedFcpMs,
	).length
	return {
		fcpMs: Math.round(report.audits['first-contentful-paint']?.numericValue ?? 0),
		lcpMs: Math.round(report.audits['largest-contentful-paint']?.numericValue ?? 0),
		tbtMs: Math.round(report.audits['total-blocking-time']?.numericValue ?? 0),
		cls: report.audits['cumulative-layout-shift']?.numericValue ?? 0,
		observedFcpMs: Math.round(observedFcpMs),
		scriptsBeforePaint,
	}
}
