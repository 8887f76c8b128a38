import { createHash } from 'node:crypto'

// Keyed by a hash, never the refresh token; a result settled shortly before is reused, not the rotated token resent.
const SHARE_RESULT_MS = 20_000

type Entry<T> = { promise: Promise<T>; settledAt?: number }

export function createSingleFlight<T>() {
	const entries = new Map<string, Entry<T>>()

	function sweep() {
		const now = Date.now()
		for (const [key, entry] of entries) {
			if (entry.settledAt !== undefined && now - entry.settledAt > SHARE_RESULT_MS) entries.delete(key)
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
						entry.settledAt = Date.now()
						return value
					},
					(error: unknown) => {
						// A failure is not shared: the next caller tries again.
						entries.delete(key)
						throw error
					},
				),
			}
			entries.set(key, entry)
			return entry.promise
		},
	}
}
