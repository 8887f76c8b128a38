import { expect, type Page, type TestInfo } from '@playwright/test'
import { jsDisabled } from '../fixtures'

/**
 * A page that just sent a code: one countdown, and pressing "Send a new code"
 * too early is refused — with JS the button is disabled, without JS the
 * refusal is an alert that says when (never a bare 429).
 */
export async function expectEarlyResendRefused(page: Page, testInfo: TestInfo) {
	const countdown = page.getByText(/You can ask for a new code in \d+ seconds?\./)
	const resend = page.getByRole('button', { name: 'Send a new code' })
	await expect(countdown).toHaveCount(1)
	if (jsDisabled(testInfo)) {
		await resend.click()
		const refusal = page.getByRole('alert').filter({ hasText: 'It is too soon to send a new code.' })
		await expect(refusal).toContainText(/You can ask for a new code in \d+ seconds?\./)
		await expect(countdown).toHaveCount(1)
		await expect(page.getByRole('main')).not.toContainText(/too many attempts|(?<![\w.@-])429(?![\w.@-])/i)
	} else {
		await expect(resend).toBeDisabled()
	}
	return { countdown, resend }
}
