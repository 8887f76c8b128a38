import type { Page } from '@playwright/test'
import type { MockHooks } from '#tests/mock-api/hooks-client'

/**
 * Lets `seconds` pass for the API (its clock hook) and, for countdowns that
 * tick in the browser, for the page: call `page.clock.install()` before the
 * page loads. The portal's own server clock does not move.
 */
export async function passTime(page: Page, mock: MockHooks, seconds: number) {
	await mock.advanceClock(seconds)
	await page.clock.fastForward(seconds * 1000)
}
