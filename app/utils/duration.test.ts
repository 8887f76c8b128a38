import i18next from 'i18next'
import { describe, expect, test } from 'vitest'
import { formatDuration } from './duration'

/** en-GB with the catalogue (`tests/setup/unit-env.ts` initialises i18next). */
const t = i18next.getFixedT('en-GB')

describe('formatDuration', () => {
	test.each([
		[1, '1 second'],
		[45, '45 seconds'],
		[60, '1 minute'],
		[299, '5 minutes'],
		[300, '5 minutes'],
		[600, '10 minutes'],
		[7200, '2 hours'],
		[86400, '24 hours'],
		[200000, '3 days'],
	])('%i s → %s', (seconds, text) => expect(formatDuration(seconds, t)).toBe(text))
})
