import { csrfTokenFrom } from '#tests/setup/processes'
import { PASSWORD, createPartner } from './utils/auth'
import { expect, test } from './fixtures'

test('a cross-site POST is rejected with a 4xx and has no effect', async ({ request, mock }) => {
	const partner = await createPartner(mock)
	// Obtain a genuine CSRF cookie and token first, as an attacker's victim would have.
	const page = await request.get('/auth/sign-in')
	const token = csrfTokenFrom(await page.text())
	expect(token).toBeTruthy()
	await mock.clearRequests()
	const response = await request.post('/auth/sign-in', {
		form: { email: partner.email, password: PASSWORD, csrf: token! },
		headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
		maxRedirects: 0,
	})
	expect(response.status()).toBeGreaterThanOrEqual(400)
	expect(response.status()).toBeLessThan(500)
	const setCookie = (await response.headersArray())
		.filter((h) => h.name.toLowerCase() === 'set-cookie')
		.map((h) => h.value)
	expect(setCookie.join('\n')).not.toContain('user.access-token')
	expect((await mock.requests()).filter((r) => r.path.startsWith('/authentication-tokens'))).toEqual([])
})

// A post without the token, a token from before sign-in or sign-out, and a token pair planted from another browser:
// what the CSRF middleware answers is checked at the route level (tests/routes/csrf.test.ts). Here, React Router's
// Origin check, which runs in the server before any middleware.
