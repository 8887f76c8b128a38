import { describe, expect, test } from 'vitest'
import { formatDateTime } from './date-time'

describe('formatDateTime', () => {
	test('day, month, year and time in UTC, whatever the time zone of the process', () => {
		expect(formatDateTime('2026-11-23T09:05:42Z')).toBe('23 Nov 2026, 09:05 UTC')
		expect(formatDateTime('2026-01-01T23:59:00+02:00')).toBe('1 Jan 2026, 21:59 UTC')
	})
})
