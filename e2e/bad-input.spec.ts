import { JUNK_FORM } from '#tests/setup/junk-form'
import { csrfTokenFrom } from '#tests/setup/processes'
import { expect, jsDisabled, test } from './fixtures'

/**
 * Every action validates its input on the server: hand-made junk gets a 4xx (or a redirect), never a 5xx. Each
 * route's action is checked at the route level (tests/routes/bad-input.test.ts, signed in and out); here the address
 * no route has, which React Router itself answers.
 */
test('junk posted to an address no route has is refused with a 4xx, never a 5xx', async ({
	page,
	partner: _signedIn,
	baseURL,
}) => {
	const request = page.context().request
	const html = await (await request.get('/contact')).text()
	const csrf = csrfTokenFrom(html)
	expect(csrf).toBeTruthy()
	const junk = { csrf: csrf!, ...JUNK_FORM }
	const paths = ['/does-not-exist']
	const check = async (list: string[], form: Record<string, string>) => {
		for (const path of list) {
			const response = await request.post(path, { form, headers: { Origin: baseURL! }, maxRedirects: 0 })
			expect(response.status(), `${path} → ${response.status()}`).toBeLessThan(500)
			expect(response.status(), path).not.toBe(200)
		}
	}
	await check(paths, junk)

	// Bodies that cannot be read as a form: refused before any route runs.
	const token = encodeURIComponent(csrf!)
	const malformed: Array<{ name: string; headers: Record<string, string>; data: string | Buffer; status: number[] }> = [
		{ name: 'empty form', headers: { 'content-type': 'application/x-www-form-urlencoded' }, data: '', status: [403] },
		{ name: 'JSON', headers: { 'content-type': 'application/json' }, data: JSON.stringify({ csrf }), status: [415] },
		{ name: 'text/plain', headers: { 'content-type': 'text/plain' }, data: `csrf=${token}`, status: [415] },
		{ name: 'no content type', headers: {}, data: `csrf=${token}`, status: [415] },
		{
			name: '1 MB field',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			data: `csrf=${token}&subject=${'x'.repeat(1024 * 1024)}`,
			status: [413],
		},
		{
			name: 'broken multipart',
			headers: { 'content-type': 'multipart/form-data; boundary=XyZ' },
			data: '--XyZ\r\nContent-Disposition: form-data; name="csrf"\r\n\r\nunterminated',
			status: [400],
		},
		{
			name: 'multipart without boundary',
			headers: { 'content-type': 'multipart/form-data' },
			data: `csrf=${token}`,
			status: [400],
		},
		{
			name: 'bad percent-encoding',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			data: `csrf=${token}&email=%E0%A4%A&subject=%ZZ&intent=%`,
			status: [302, 303, 400, 403, 405, 415, 422, 429],
		},
		{
			name: 'repeated fields',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			data: `csrf=${token}&csrf=other&email=a@b.example&email=c@d.example&intent=send&intent=verify&code=1&code=2`,
			status: [302, 303, 400, 403, 405, 422, 429],
		},
	]
	for (const path of paths) {
		for (const body of malformed) {
			const response = await request.post(path, {
				headers: { Origin: baseURL!, ...body.headers },
				data: body.data,
				maxRedirects: 0,
			})
			expect(body.status, `${body.name} to ${path} → ${response.status()}`).toContain(response.status())
		}
	}
})

// A post without its CSRF token, whatever its content type: tests/routes/csrf.test.ts.

test('a message too long to send: checked in the browser with JS, a 413 page with a reference without', async ({
	page,
	partner: _signedIn,
}, testInfo) => {
	await page.goto('/contact')
	await page.getByLabel('Subject').fill('Logs')
	await page.getByLabel('Message').fill('x'.repeat(70 * 1024))
	if (!jsDisabled(testInfo)) {
		// The form's schema loads when the form is first touched; until it is there a submit goes to the server (the
		// 413 below). Leaving the field shows its check once the schema has come.
		await page.getByLabel('Message').blur()
		await expect(page.getByLabel('Message')).toHaveAccessibleDescription(/at most 5000 characters/)
		await page.getByRole('button', { name: 'Send message' }).click()
		await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toContainText(
			'at most 5000 characters',
		)
		return
	}
	const answer = page.waitForResponse((response) => response.request().method() === 'POST')
	await page.getByRole('button', { name: 'Send message' }).click()
	expect((await answer).status()).toBe(413)
	await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible()
	await expect(page.getByText('The form was too large to send. Shorten what you typed and try again.')).toBeVisible()
	await expect(page.getByText(/Reference: [0-9a-f-]{36}/)).toBeVisible()
	await expect(page).toHaveTitle('Something went wrong – Partner Portal')
})
