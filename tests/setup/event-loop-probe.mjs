// A preload for a process under test (`NODE_OPTIONS=--import ./tests/setup/event-loop-probe.mjs`): measures its
// event-loop delay (`perf_hooks.monitorEventLoopDelay`, 10 ms resolution) and writes it, in milliseconds, as JSON to
// the file named by EVENT_LOOP_PROBE_FILE every 250 ms: `live`, the measurement running, and `ended`, the last one a
// SIGUSR2 ended (each SIGUSR2 ends one, numbered by `generation`, writes the file at once and starts the next). A test
// sends SIGUSR2 before what it measures and again after, and reads `ended` once its generation is the second's
// (e2e/utils/process-watch.ts, which imports this module for its two names: without the variable it does nothing).
import { renameSync, writeFileSync } from 'node:fs'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'

/** The variable that names the file the probe writes. */
export const PROBE_FILE_VARIABLE = 'EVENT_LOOP_PROBE_FILE'
/** This module, for `--import`. */
export const probePath = fileURLToPath(import.meta.url)

const file = process.env[PROBE_FILE_VARIABLE]

if (file) {
	const histogram = monitorEventLoopDelay({ resolution: 10 })
	histogram.enable()
	const ms = (ns) => Math.round((ns / 1e6) * 10) / 10
	const figures = () => ({
		samples: histogram.count,
		p50: ms(histogram.percentile(50)),
		p99: ms(histogram.percentile(99)),
		max: ms(histogram.max),
	})
	let ended = null
	// Written whole, then renamed over the file: a reader never sees half of it.
	const write = () => {
		writeFileSync(`${file}.tmp`, JSON.stringify({ live: figures(), ended }))
		renameSync(`${file}.tmp`, file)
	}
	setInterval(write, 250).unref()
	process.on('SIGUSR2', () => {
		ended = { generation: (ended?.generation ?? 0) + 1, ...figures() }
		histogram.reset()
		write()
	})
}
