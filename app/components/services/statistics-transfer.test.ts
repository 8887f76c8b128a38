import { describe, expect, test } from 'vitest'
import { serviceStatisticsResource } from '#app/api/contract/index'
import { packStatistics, unpackStatistics } from './statistics-transfer'

describe('packStatistics', () => {
	const day = (date: string, active_users: number, new_users: number, nukes: number) => ({
		active_users,
		new_users,
		nukes,
		date,
	})
	const statistics = serviceStatisticsResource.parse({
		days: 7,
		from: '2026-11-18',
		to: '2026-11-24',
		daily: [
			day('2026-11-18', 212, 11, 0),
			day('2026-11-19', 0, 0, 0),
			day('2026-11-20', 1_234_567, 3, 2),
			day('2026-11-21', 5, 0, 1),
			day('2026-11-22', 6, 1, 0),
			day('2026-11-23', 7, 0, 0),
			day('2026-11-24', 8, 2, 0),
		],
		totals: { active_users: 1_234_805, new_users: 17, nukes: 3 },
	})

	test('is read back as the statistics it was given, every field of the contract included', () => {
		const packed = packStatistics(statistics)
		expect(unpackStatistics(packed)).toStrictEqual(statistics)
		expect(serviceStatisticsResource.strict().parse(unpackStatistics(packed))).toStrictEqual(statistics)
	})

	test('writes each day as a row, not an object: about a third of the JSON', () => {
		const packed = packStatistics(statistics)
		expect(packed).toContain('["2026-11-20",1234567,3,2]')
		expect(packed.length).toBeLessThan(JSON.stringify(statistics).length / 2)
	})
})
