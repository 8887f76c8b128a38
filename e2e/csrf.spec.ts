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

test('a same-origin POST without the CSRF token is rejected with 403 and has no effect', async ({
	request,
	mock,
	baseURL,
}) => {
	const partner = await createPartner(mock)
	await request.get('/auth/sign-in')
	await mock.clearRequests()
	const response = await request.post('/auth/sign-in', {
		form: { email: partner.email, password: PASSWORD },
		headers: { Origin: baseURL! },
		maxRedirects: 0,
	})
	expect(response.status()).toBe(403)
	expect((await mock.requests()).filter((r) => r.path.startsWith('/authentication-tokens'))).toEqual([])
})

test('the CSRF token changes at sign-in and at sign-out, and an old one no longer works', async ({
	page,
	mock,
	baseURL,
}) => {
	const partner = await createPartner(mock)
	const request = page.context().request
	const before = csrfTokenFrom(await (await request.get('/auth/sign-in')).text())
	expect(before).toBeTruthy()
	const signedIn = await request.post('/auth/sign-in', {
		form: { email: partner.email, password: PASSWORD, csrf: before! },
		headers: { Origin: baseURL! },
		maxRedirects: 0,
	})
	expect(signedIn.status()).toBe(302)
	const during = csrfTokenFrom(await (await request.get('/contact')).text())
	expect(during).toBeTruthy()
	expect(during).not.toBe(before)
	const replayed = await request.post('/contact', {
		form: { subject: 'Hello', message: 'A token from before sign-in', csrf: before! },
		headers: { Origin: baseURL! },
		maxRedirects: 0,
	})
	expect(replayed.status()).toBe(403)
	const signedOut = await request.post('/auth/sign-out', {
		form: { csrf: during! },
		headers: { Origin: baseURL! },
		maxRedirects: 0,
	})
	expect(signedOut.status()).toBe(302)
	const after = csrfTokenFrom(await (await request.get('/auth/sign-in')).text())
	expect(after).toBeTruthy()
	expect(after).not.toBe(during)
})

test('a token pair from another browser, planted in this one, is refused: tokens are bound to their browser', async ({
	playwright,
	mock,
	baseURL,
}) => {
	const partner = await createPartner(mock)
	const attacker = await playwright.request.newContext({ baseURL })
	const victim = await playwright.request.newContext({ baseURL })
	try {
		// The attacker's own genuine pair: the XSRF-TOKEN cookie and the token the page carries.
		const planted = csrfTokenFrom(await (await attacker.get('/auth/sign-in')).text())
		const plantedCookie = (await attacker.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!
		expect(planted && plantedCookie).toBeTruthy()
		// The victim has visited the portal (their own browser id), then gets the attacker's cookie planted.
		await victim.get('/auth/sign-in')
		const victimState = await victim.storageState()
		const planting = await playwright.request.newContext({
			baseURL,
			storageState: {
				origins: [],
				cookies: [...victimState.cookies.filter((c) => c.name !== 'XSRF-TOKEN'), plantedCookie],
			},
		})
		await mock.clearRequests()
		const response = await planting.post('/auth/sign-in', {
			form: { email: partner.email, password: PASSWORD, csrf: planted! },
			headers: { Origin: baseURL! },
			maxRedirects: 0,
		})
		expect(response.status()).toBe(403)
		expect((await mock.requests()).filter((r) => r.path.startsWith('/authentication-tokens'))).toEqual([])
		await planting.dispose()
		// The attacker's pair still works in the attacker's own browser: the binding, not the token, refused it.
		const own = await attacker.post('/auth/sign-in', {
			form: { email: partner.email, password: PASSWORD, csrf: planted! },
			headers: { Origin: baseURL! },
			maxRedirects: 0,
		})
		expect(own.status()).toBe(302)
	} finally {
		await attacker.dispose()
		await victim.dispose()
	}
})
