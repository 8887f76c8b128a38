import { createHash } from 'node:crypto'

// Keyed by a hash, never the refresh token; a result settled shortly before is reused, not the rotated token resent.
export const SHARE_RESULT_MS = 20_000

type Entry<T> = { promise: Promise<T>; settledAt?: number; failed?: boolean }

export function createSingleFlight<T>({ shareResultMs = SHARE_RESULT_MS, now = () => Date.now() } = {}) {
	const entries = new Map<string, Entry<T>>()

	function sweep() {
		const t = now()
		for (const [key, entry] of entries) {
			if (entry.settledAt !== undefined && (entry.failed || t - entry.settledAt > shareResultMs)) entries.delete(key)
		}
	}

	return {
		run(secret: string, task: () => Promise<T>): Promise<T> {
			sweep()
			const key = createHash('sha256').update(secret).digest('base64url')
			const existing = entries.get(key)
			if (existing) return existing.promise
			const entry: Entry<T> = {
				promise: task().then(
					(value) => {
						entry.settledAt = now()
						return value
					},
					(error: unknown) => {
						entry.settledAt = now()
						entry.failed = true
						entries.delete(key)
						throw error
					},
				),
			}
			entries.set(key, entry)
			return entry.promise
		},
		size() {
			return entries.size
		},
	}
}
