// Spec point 9, "data fresh for 60 seconds": concurrent misses share one load; failures are not cached.
export const REFERENCE_TTL_MS = 60_000

export function createTtlCache<T>({ ttlMs = REFERENCE_TTL_MS, now = () => Date.now() } = {}) {
	const entries = new Map<string, { value: Promise<T>; expiresAt: number }>()
	return {
		get(key: string, load: () => Promise<T>): Promise<T> {
			const hit = entries.get(key)
			if (hit && hit.expiresAt > now()) return hit.value
			const value = load()
			entries.set(key, { value, expiresAt: now() + ttlMs })
			value.catch(() => {
				if (entries.get(key)?.value === value) entries.delete(key)
			})
			return value
		},
	}
}
