import { createPartner, signIn } from './utils/auth'
import { expect, test } from './fixtures'

const PUBLIC_PAGES = [
	'/auth/sign-in',
	'/auth/sign-up',
	'/auth/reset-password',
	'/auth/reset-password/token/not-a-token',
	'/no-such-page',
]
const SIGNED_IN_PAGES = [
	'/',
	'/contact',
	'/me/manage/general/personal-details',
	'/me/manage/security/email',
	'/me/manage/security/password',
	'/me/manage/security/multi-factor-authentication',
	'/me/manage/security/multi-factor-authentication/totp',
	'/me/manage/security/multi-factor-authentication/email',
]

// One walk through every page, signed out then in: each keeps the content security policy and has a description.
test('every page runs without breaking the content security policy and has a description for search results', async ({
	page,
	mock,
}) => {
	const violations: string[] = []
	page.on('console', (message) => {
		if (/content security policy/i.test(message.text())) violations.push(message.text())
	})
	await page.addInitScript(() => {
		document.addEventListener('securitypolicyviolation', (event) => {
			console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`)
		})
	})
	const description = page.locator('head meta[name="description"]')
	const visit = async (path: string) => {
		await page.goto(path)
		await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible()
		await expect(description, path).toHaveCount(1)
		await expect(description, path).toHaveAttribute('content', /\w.{20,}/)
	}

	await test.step('signed out', async () => {
		for (const path of PUBLIC_PAGES) await visit(path)
		await visit('/tokens/email_verification/not-a-token')
		await page.goto('/auth/sign-up')
		await expect(description).toHaveAttribute('content', 'Create a Partner Portal account for your company.')
	})

	await test.step('signed in', async () => {
		const partner = await createPartner(mock)
		await signIn(page, partner.email)
		for (const path of SIGNED_IN_PAGES) await visit(path)
		// A form checked in the browser (with JS) runs its schema too.
		await page.goto('/contact')
		await page.getByRole('button', { name: 'Send message' }).click()
		await expect(page.getByText('Subject: This field is required.')).toBeVisible()
	})
	expect(violations).toEqual([])
})

test('the authenticator setup key breaks only between its groups on a 390 px screen', async ({
	page,
	partner: _signedIn,
}) => {
	await page.setViewportSize({ width: 390, height: 844 })
	await page.goto('/me/manage/security/multi-factor-authentication/totp')
	const key = page.getByRole('figure', { name: 'Setup key' }).locator('code')
	await expect(key).toHaveText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/)
	// The tops of the line boxes each group of four characters lies on.
	const groups = await key.evaluate((element) => {
		const text = element.firstChild as Text
		return [...text.data.matchAll(/\S+/g)].map((match) => {
			const range = document.createRange()
			range.setStart(text, match.index)
			range.setEnd(text, match.index + match[0].length)
			return [...new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)))]
		})
	})
	expect(
		groups.map((tops) => tops.length),
		'lines of each group',
	).toEqual(groups.map(() => 1))
	// The key is too wide for one line here, so it does wrap: between groups.
	expect(new Set(groups.flat()).size).toBeGreaterThan(1)
	const overflow = await page.evaluate(
		() => document.documentElement.scrollWidth - document.documentElement.clientWidth,
	)
	expect(overflow).toBeLessThanOrEqual(0)
})
