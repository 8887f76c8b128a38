import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, type TestInfo } from '@playwright/test'

/**
 * Zero axe violations (WCAG 2.1 A/AA) on the current page. Runs in the
 * JavaScript-enabled project only: the markup is the same in both.
 * Legacy mode runs axe inside the page itself; the default opens a blank page
 * per check to merge frame results, which cost about 1 s of CPU each, and our
 * pages have no frames.
 */
export async function expectAccessible(page: Page, testInfo: TestInfo) {
	if (testInfo.project.name !== 'js-enabled') return
	const results = await new AxeBuilder({ page })
		.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
		.setLegacyMode()
		.analyze()
	const summary = results.violations.map(
		(v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
	)
	expect(summary, 'axe violations').toEqual([])
}
