import { describe, expect, test } from 'vitest'
import { formatAge, formatDateTime, formatTimeNear, fromUtcDateTimeLocal, toUtcDateTimeLocal } from './date-time'

describe('formatDateTime', () => {
	test('day, month, year and time in UTC, whatever the time zone of the process', () => {
		expect(formatDateTime('2026-11-23T09:05:42Z')).toBe('23 Nov 2026, 09:05 UTC')
		expect(formatDateTime('2026-01-01T23:59:00+02:00')).toBe('1 Jan 2026, 21:59 UTC')
	})
})

describe('formatTimeNear', () => {
	test('the time alone on the same UTC day as the reference, else the date and time', () => {
		expect(formatTimeNear('2026-11-23T21:25:10Z', '2026-11-23T21:24:00Z')).toBe('21:25 UTC')
		expect(formatTimeNear('2026-11-23T00:05:00+01:00', '2026-11-22T23:00:00Z')).toBe('23:05 UTC')
		expect(formatTimeNear('2026-11-24T03:25:00Z', '2026-11-23T21:25:00Z')).toBe('24 Nov 2026, 03:25 UTC')
	})
})

describe('formatAge', () => {
	test.each([
		[5, 'now'],
		[60, '1 minute ago'],
		[150, '2 minutes ago'],
		[3 * 3600 + 5, '3 hours ago'],
		[86400, 'yesterday'],
		[89 * 86400, '89 days ago'],
	])('%i s → %s', (seconds, text) => {
		expect(formatAge(seconds)).toBe(text)
	})
})

describe('fromUtcDateTimeLocal / toUtcDateTimeLocal', () => {
	test('a datetime-local value is read as UTC; anything else is null', () => {
		expect(fromUtcDateTimeLocal('2026-11-24T09:00')).toBe('2026-11-24T09:00:00.000Z')
		expect(fromUtcDateTimeLocal('2026-11-24 09:00:30')).toBe('2026-11-24T09:00:30.000Z')
		expect(fromUtcDateTimeLocal('2026-13-40T09:00')).toBeNull()
		expect(fromUtcDateTimeLocal('yesterday')).toBeNull()
		expect(fromUtcDateTimeLocal(null)).toBeNull()
		expect(toUtcDateTimeLocal('2026-11-24T09:00:59.000Z')).toBe('2026-11-24T09:00')
	})
})
