import { csrfTokenFrom } from '#tests/setup/processes'
import { createPartner, signIn } from './utils/auth'
import { expect, test } from './fixtures'

/**
 * Every action validates its input on the server: hand-made junk gets a 4xx
 * (or a redirect), never a 5xx.
 */
test('junk posted to every action is refused with a 4xx, never a 5xx', async ({ page, mock, baseURL }) => {
	const partner = await createPartner(mock)
	await signIn(page, partner.email)
	const request = page.context().request
	const html = await (await request.get('/contact')).text()
	const csrf = csrfTokenFrom(html)
	expect(csrf).toBeTruthy()
	const junk: Record<string, string> = {
		csrf: csrf!,
		email: 'x'.repeat(5000),
		password: '',
		method: 'sms',
		code: '12ab',
		intent: 'explode',
		country: 'XX',
		locale: 'xx-XX',
		subject: '',
		'first_name[0]': 'nested',
		redirect_to: 'https://evil.example',
	}
	const paths = [
		'/auth/sign-in',
		'/auth/sign-up',
		'/auth/sign-in/two-step',
		'/auth/reset-password',
		'/auth/reset-password/token/not-a-token',
		'/contact',
		'/me/manage/general/personal-details',
		'/me/manage/security/email',
		'/me/manage/security/password',
		'/me/manage/security/multi-factor-authentication',
		'/me/manage/security/multi-factor-authentication/totp',
		'/me/manage/security/multi-factor-authentication/email',
		'/auth/verification/resend',
		'/does-not-exist',
	]
	const check = async (list: string[], form: Record<string, string>) => {
		for (const path of list) {
			const response = await request.post(path, { form, headers: { Origin: baseURL! }, maxRedirects: 0 })
			expect(response.status(), `${path} → ${response.status()}`).toBeLessThan(500)
			expect(response.status(), path).not.toBe(200)
		}
	}
	await check(paths, junk)

	// Signed out, the guest-only actions run for real.
	await page.context().clearCookies()
	const guestHtml = await (await request.get('/auth/sign-in')).text()
	const guestCsrf = csrfTokenFrom(guestHtml)
	await check(
		['/auth/sign-in', '/auth/sign-up', '/auth/sign-in/two-step', '/auth/reset-password', '/auth/reset-password/token/x'],
		{ ...junk, csrf: guestCsrf! },
	)
})
