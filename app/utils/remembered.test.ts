import { describe, expect, it } from 'vitest'
import { remembered } from './remembered'

describe('remembered', () => {
	it('computes each key once, null answers included', () => {
		const seen: string[] = []
		const lookup = remembered((key: string) => (seen.push(key), key === 'none' ? null : key.toUpperCase()), 10)
		expect([lookup('a'), lookup('a'), lookup('none'), lookup('none')]).toEqual(['A', 'A', null, null])
		expect(seen).toEqual(['a', 'none'])
	})

	it('starts afresh when full, so it never holds more than its limit', () => {
		const seen: number[] = []
		const double = remembered((n: number) => (seen.push(n), n * 2), 2)
		for (const n of [1, 2, 3, 1]) double(n)
		expect(seen).toEqual([1, 2, 3, 1])
	})
})
