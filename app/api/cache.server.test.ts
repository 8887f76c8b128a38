import { describe, expect, test, vi } from 'vitest'
import { createTtlCache } from './cache.server'

describe('createTtlCache', () => {
	test('serves from cache within the TTL and reloads after it', async () => {
		let t = 0
		const cache = createTtlCache<number>({ ttlMs: 60_000, now: () => t })
		const load = vi.fn(async () => t)
		expect(await cache.get('k', load)).toBe(0)
		t = 59_999
		expect(await cache.get('k', load)).toBe(0)
		t = 60_001
		expect(await cache.get('k', load)).toBe(60_001)
		expect(load).toHaveBeenCalledTimes(2)
	})
	test('concurrent misses share one load', async () => {
		const cache = createTtlCache<string>()
		const load = vi.fn(async () => 'v')
		await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)])
		expect(load).toHaveBeenCalledTimes(1)
	})
	test('failures are not cached', async () => {
		const cache = createTtlCache<string>()
		await expect(cache.get('k', async () => Promise.reject(new Error('down')))).rejects.toThrow('down')
		expect(await cache.get('k', async () => 'up')).toBe('up')
	})
})
