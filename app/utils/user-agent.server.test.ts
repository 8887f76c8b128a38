import { describe, expect, test } from 'vitest'
import { readUserAgent } from './user-agent.server'

describe('readUserAgent', () => {
	test.each([
		[
			'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
			'Chrome',
			'Windows',
		],
		[
			'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
			'Microsoft Edge',
			'Windows',
		],
		['Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0', 'Firefox', 'Linux'],
		[
			'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
			'Safari',
			'macOS',
		],
		[
			'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
			'Safari',
			'iOS',
		],
		[
			'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
			'Chrome',
			'Android',
		],
	])('%s', (userAgent, browser, system) => {
		expect(readUserAgent(userAgent)).toEqual({ browser, system, other: null })
	})

	test('an unknown client reads as its first token; none as null', () => {
		expect(readUserAgent('curl/8.5.0')).toEqual({ browser: null, system: null, other: 'curl/8.5.0' })
		expect(readUserAgent(null)).toBeNull()
		expect(readUserAgent('  ')).toBeNull()
	})

	test('reads at most the contract length of a hostile value (issue 52: Version/ and 13,000 digits took seconds)', () => {
		const hostile = `Version/${'1'.repeat(13_000)}`
		expect(readUserAgent(hostile)).toEqual({ browser: null, system: null, other: 'Version/'.padEnd(60, '1') })
		const started = performance.now()
		for (let i = 0; i < 15; i++) readUserAgent(hostile)
		expect(performance.now() - started).toBeLessThan(50)
	})
})
