import type { Page } from '@playwright/test'
import { expect, jsDisabled, test } from './fixtures'

const rule = (page: Page, text: string) => page.getByRole('listitem').filter({ hasText: text })

test('a password that misses rules: the checklist ticks the met ones and marks the missed ones, one error for the field', async ({
	page,
}, testInfo) => {
	await page.goto('/auth/sign-up')
	const password = page.getByLabel('Password', { exact: true })
	// Before anything is typed or sent, the rules are a plain list.
	await expect(rule(page, 'at least one capital letter')).toHaveText('at least one capital letter')

	// Long enough and with a number, but no capital letter and no special character.
	await password.fill('lowercase123')
	await page.getByLabel('Re-enter password').fill('lowercase123')
	await page.getByRole('button', { name: 'Create account' }).click()

	// With JS the checklist follows what is typed; without JS (nothing typed comes back) the answer's errors say.
	await expect(rule(page, 'at least 10 characters')).toHaveText('at least 10 characters (done)')
	await expect(rule(page, 'at least one number')).toHaveText('at least one number (done)')
	await expect(rule(page, 'at least one capital letter')).toHaveText('at least one capital letter (not yet)')
	await expect(rule(page, 'at least one special character')).toHaveText(
		'at least one special character, such as ! ? # or % (not yet)',
	)
	if (jsDisabled(testInfo)) await expect(password).toHaveValue('')

	// One message beside the field and one in the summary: the checklist says the rest (issue 55, point 10).
	await expect(page.locator(`#${await password.getAttribute('id')}-error`)).toHaveText(
		'Error: This field must contain at least a capital letter.',
	)
	await expect(password).toHaveAccessibleDescription(/This field must contain at least a capital letter\.$/)
	const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' })
	await expect(summary.getByRole('listitem').filter({ hasText: /^Password:/ })).toHaveText([
		'Password: This field must contain at least a capital letter.',
	])
})
