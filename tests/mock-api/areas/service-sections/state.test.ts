import { describe, expect, test } from 'vitest'
import { distinctActiveUsers } from './state'

const days = (...active: number[]) =>
	active.map((active_users, index) => ({
		date: `2026-11-${String(index + 1).padStart(2, '0')}`,
		active_users,
		new_users: 0,
		nukes: 0,
	}))

describe('distinctActiveUsers: the API counts people, not user-days', () => {
	test('nobody, then one day: its own count', () => {
		expect(distinctActiveUsers(days(0, 0, 0))).toBe(0)
		expect(distinctActiveUsers(days(0, 120, 0))).toBe(120)
	})

	test('never fewer than the busiest day, never more than the user-days', () => {
		for (const period of [days(120, 100), days(40, 40, 40, 40, 40, 40, 40), days(5, 300, 7, 0, 90)]) {
			const userDays = period.reduce((sum, day) => sum + day.active_users, 0)
			const busiest = Math.max(...period.map((day) => day.active_users))
			const people = distinctActiveUsers(period)
			expect(people).toBeGreaterThanOrEqual(busiest)
			expect(people).toBeLessThan(userDays)
		}
	})

	test('a longer period counts at least as many people', () => {
		const week = days(50, 60, 55, 40, 30, 62, 58)
		expect(distinctActiveUsers([...week, ...week])).toBeGreaterThanOrEqual(distinctActiveUsers(week))
	})
})
