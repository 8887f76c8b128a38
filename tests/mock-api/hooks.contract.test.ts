import { mkdtemp, readFile, rm } from 'node:fs/promises'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import {
	authenticationTypeList,
	contactMessageResponse,
	endpointList,
	notFoundBody,
	rateLimits,
	throttleErrorBody,
	userAuthenticationList,
	userTokenTypeList,
	userTypeList,
	validationErrorBody,
} from '../../app/api/contract/index'
import { extractCodes, extractLinks } from './areas/emails/presenters'
import { CONTACT_EMAIL, client, PASSWORD, startTestApi, uniqueEmail, useTestApi } from './helpers'
import { DEMO_EMAIL, DEMO_PASSWORD } from './seed'

const c = useTestApi()

describe('reference data', () => {
	test('authentication types, filtered by key; user types; user token types', async () => {
		const all = authenticationTypeList.parse((await c.call('listAuthenticationTypes')).body)
		expect(all.data.map((t) => t.key)).toEqual(['password', 'email', 'totp', 'recovery_code', 'passkey', 'refresh'])
		expect(all.meta.next_cursor).toBeNull()
		const refresh = await c.call('listAuthenticationTypes', { query: { 'filter[key:exact]': 'refresh' } })
		expect(refresh.body.data).toEqual([{ id: expect.any(String), key: 'refresh' }])
		expect(userTypeList.parse((await c.call('listUserTypes')).body).data.map((t) => t.key)).toEqual(['partner'])
		expect(userTokenTypeList.parse((await c.call('listUserTokenTypes')).body).data.map((t) => t.key)).toEqual([
			'reset_password',
			'email_verification',
			'email_change',
		])
	})
})

describe('pagination', () => {
	test('per_page and next_cursor walk every list; per_page over 100 is 422', async () => {
		const page1 = await c.call('listAuthenticationTypes', { query: { per_page: '3' } })
		expect(page1.body.data).toHaveLength(3)
		expect(page1.body.meta.next_cursor).toEqual(expect.any(String))
		const page2 = await c.call('listAuthenticationTypes', {
			query: { per_page: '3', cursor: page1.body.meta.next_cursor },
		})
		expect(page2.body.data.map((t: { key: string }) => t.key)).toEqual(['recovery_code', 'passkey', 'refresh'])
		expect(page2.body.meta.next_cursor).toBeNull()

		const tooMany = await c.call('listAuthenticationTypes', { query: { per_page: '101' } })
		expect(tooMany.status).toBe(422)
		expect(validationErrorBody.parse(tooMany.body)).toEqual({
			message: 'This field must be at most 100.',
			errors: { per_page: ['This field must be at most 100.'] },
		})
		expect((await c.call('listAuthenticationTypes', { query: { per_page: '0' } })).status).toBe(422)
		expect((await c.call('listAuthenticationTypes', { query: { per_page: 'ten' } })).body.errors).toEqual({
			per_page: ['This field is invalid.'],
		})
		expect((await c.call('listAuthenticationTypes', { query: { per_page: '100' } })).status).toBe(200)
		const badCursor = await c.call('listAuthenticationTypes', { query: { cursor: 'garbage' } })
		expect(badCursor.body.errors).toEqual({ cursor: ['This field is invalid.'] })
	})

	test('user authentications and user verifications page too (default 15)', async () => {
		const email = uniqueEmail()
		await c.createUser({ email, totp: true, email_two_step: true })
		const { access: restricted } = await c.signIn(email)
		// Finish the sign-in with the email code.
		await c.call('createTwoStepSecret', { params: { id: await c.typeId('email') }, bearer: restricted })
		const code = (await c.lastEmail(email)).codes[0]
		const full = await c.call('createAuthenticationToken', {
			params: { id: await c.typeId('email') },
			body: { code },
			bearer: restricted,
		})
		const access = full.body.data[0].token_raw
		const first = userAuthenticationList.parse(
			(await c.call('listUserAuthentications', { bearer: access, query: { per_page: '1' } })).body,
		)
		expect(first.data).toHaveLength(1)
		const second = await c.call('listUserAuthentications', {
			bearer: access,
			query: { per_page: '1', cursor: first.meta.next_cursor! },
		})
		expect(second.body.meta.next_cursor).toBeNull()
		expect([first.data[0]!.authentication_type.key, second.body.data[0].authentication_type.key].sort()).toEqual([
			'email',
			'totp',
		])
		expect((await c.call('listUserAuthentications', { bearer: access })).body.data).toHaveLength(2)

		await c.call('updateCurrentUser', {
			body: { email: uniqueEmail('new'), current_password: PASSWORD },
			bearer: access,
		})
		const v1 = await c.call('listUserVerifications', { bearer: access, query: { per_page: '1' } })
		expect(v1.body.meta.next_cursor).not.toBeNull()
		const v2 = await c.call('listUserVerifications', {
			bearer: access,
			query: { per_page: '1', cursor: v1.body.meta.next_cursor },
		})
		expect(v2.body.data[0].status).toBe('pending')
		expect(v2.body.meta.next_cursor).toBeNull()
		expect((await c.call('listUserVerifications', { bearer: access, query: { per_page: '101' } })).status).toBe(422)
	})
})

describe('routing and auth errors', () => {
	test('unknown route 404, wrong method 405, missing or unknown token 401', async () => {
		const unknown = await c.send('GET', '/nope')
		expect(unknown.status).toBe(404)
		expect(notFoundBody.parse(unknown.body)).toEqual({ message: 'Not found.' })
		const wrongMethod = await c.send('PUT', '/users/me')
		expect(wrongMethod.status).toBe(405)
		expect(wrongMethod.headers.get('allow')).toBe('GET, PATCH')
		expect((await c.call('getCurrentUser')).body).toEqual({ message: 'Unauthenticated.' })
		expect((await c.call('getCurrentUser', { bearer: 'made-up' })).status).toBe(401)
		const { refresh } = await c.signIn(DEMO_EMAIL, DEMO_PASSWORD)
		expect((await c.call('getCurrentUser', { bearer: refresh })).status).toBe(401)
	})

	test('every contract endpoint is routed (none answers an unrouted 404)', async () => {
		for (const endpoint of endpointList) {
			const res = await c.send(endpoint.method, endpoint.path.replace(/\{\w+\}/g, 'x'))
			expect([200, 201, 202, 204, 400, 401, 403, 404, 422], `${endpoint.method} ${endpoint.path}`).toContain(res.status)
			if (res.status === 404) expect(endpoint.path).toContain('{')
		}
	})

	test('responses carry the mock clock in Date, and no-store', async () => {
		await c.advance(86_400)
		const res = await c.send('GET', '/authentication-types')
		expect(Math.abs(Date.parse(res.headers.get('date')!) - (await c.now()))).toBeLessThan(2_000)
		expect(res.headers.get('cache-control')).toBe('no-store')
	})
})

/** The status of a request with headers fetch would not send as given (`Host`). */
const statusOf = (url: string, method: string, headers: Record<string, string>, body?: string) =>
	new Promise<number>((resolve, reject) => {
		const req = http.request(url, { method, headers }, (res) => {
			res.resume()
			resolve(res.statusCode ?? 0)
		})
		req.on('error', reject)
		req.end(body)
	})

describe('what a web page could send (DNS rebinding, cross-site posts)', () => {
	test('a Host other than its own address, the loopback names and allowedHosts is 421', async () => {
		const { port } = new URL(c.mock.url)
		for (const path of ['/__mock/emails', '/authentication-types', '/__mock/inbox']) {
			expect(await statusOf(`${c.mock.url}${path}`, 'GET', { host: `rebind.example:${port}` }), path).toBe(421)
			expect(await statusOf(`${c.mock.url}${path}`, 'GET', { host: `localhost:${port}1` }), path).toBe(421)
			for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`])
				expect(await statusOf(`${c.mock.url}${path}`, 'GET', { host }), host).toBe(200)
		}
		const named = await startTestApi({ allowedHosts: ['Mock.Internal'] })
		try {
			const url = `${named.url}/__mock/emails`
			expect(await statusOf(url, 'GET', { host: `mock.internal:${named.port}` })).toBe(200)
			expect(await statusOf(url, 'GET', { host: `other.internal:${named.port}` })).toBe(421)
		} finally {
			await named.close()
		}
	})

	test('a hook POST that is not application/json is 415, and does nothing', async () => {
		const email = uniqueEmail()
		await c.createUser({ email })
		const reset = (headers: Record<string, string>) => statusOf(`${c.mock.url}/__mock/reset`, 'POST', headers, '{}')
		expect(await reset({ 'content-type': 'text/plain' })).toBe(415)
		expect(await reset({})).toBe(415)
		expect(await reset({ 'content-type': 'application/x-www-form-urlencoded' })).toBe(415)
		expect(await c.mock.user(email)).not.toBeNull()
		expect(await reset({ 'content-type': 'Application/JSON; charset=utf-8' })).toBe(204)
		expect(await c.mock.user(email)).toBeNull()
	})
})

describe('contact', () => {
	test('the message is emailed to the contact address with the sender', async () => {
		const { access } = await c.signIn(DEMO_EMAIL, DEMO_PASSWORD)
		const res = await c.call('createContactMessage', {
			body: { subject: 'Hello', message: 'A question about webhooks.' },
			bearer: access,
		})
		expect(res.status).toBe(202)
		expect(contactMessageResponse.parse(res.body).data.id).toEqual(expect.any(String))
		const mail = await c.lastEmail(CONTACT_EMAIL)
		expect(mail.subject).toBe('Contact: Hello')
		expect(mail.text).toContain(DEMO_EMAIL)
		expect(mail.text).toContain('A question about webhooks.')
		const bad = await c.call('createContactMessage', {
			body: { subject: 'x'.repeat(151), message: '' },
			bearer: access,
		})
		expect(bad.body.errors).toEqual({
			subject: ['This field must be at most 150 characters.'],
			message: ['This field is required.'],
		})
	})
})

describe('contact, signed out (a partner who cannot sign in)', () => {
	const guest = (email: string, subject = 'Lost my phone') => ({
		name: 'Ada Lovelace',
		email,
		subject,
		message: 'My authenticator was on it.',
	})

	test('no bearer needed; emailed with the sender as they gave it; the same answer for any address', async () => {
		const strangers = uniqueEmail('stranger')
		const registered = await c.call('createGuestContactMessage', { body: guest(DEMO_EMAIL) })
		const unknown = await c.call('createGuestContactMessage', { body: guest(strangers) })
		for (const res of [registered, unknown]) {
			expect(res.status).toBe(202)
			expect(contactMessageResponse.parse(res.body).data.id).toEqual(expect.any(String))
		}
		expect(Object.keys(registered.body)).toEqual(Object.keys(unknown.body))
		const mail = await c.lastEmail(CONTACT_EMAIL)
		expect(mail.subject).toBe('Contact (signed out): Lost my phone')
		expect(mail.text).toContain(`From: Ada Lovelace <${strangers}>`)
		expect(mail.text).toContain('the address is not verified')
		const bad = await c.call('createGuestContactMessage', {
			body: { name: '', email: 'not-an-email', subject: 'x'.repeat(151), message: 'Hi' },
		})
		expect(bad.status).toBe(422)
		expect(Object.keys(validationErrorBody.parse(bad.body).errors).sort()).toEqual(['email', 'name', 'subject'])
	})

	test('three messages an hour per sender address (any case); another address has its own', async () => {
		const { max, windowSeconds } = rateLimits.guestContactMessages
		const email = uniqueEmail('guest')
		const send = (address = email) => c.call('createGuestContactMessage', { body: guest(address) })
		// Refused calls do not count.
		expect((await c.call('createGuestContactMessage', { body: { ...guest(email), message: '' } })).status).toBe(422)
		for (let n = 0; n < max; n++) expect((await send(n % 2 ? email.toUpperCase() : email)).status).toBe(202)
		const refused = await send()
		expect(refused.status).toBe(429)
		const body = throttleErrorBody.parse(refused.body)
		expect(body.code).toBe('too_many_attempts')
		expect(body.retry_after_seconds).toBeGreaterThan(windowSeconds - 5)
		expect((await send(uniqueEmail('other'))).status).toBe(202)
		await c.advance(windowSeconds)
		expect((await send()).status).toBe(202)
	})
})

describe("per-partner limits (the contract's rateLimit)", () => {
	test('five contact messages a minute: the sixth is a 429 and not sent; refused calls do not count', async () => {
		const { access } = await c.signIn(DEMO_EMAIL, DEMO_PASSWORD)
		const send = (message = 'A question.') =>
			c.call('createContactMessage', { body: { subject: 'Hello', message }, bearer: access })
		expect((await send('')).status).toBe(422)
		for (let n = 0; n < rateLimits.contactMessages.max; n++) expect((await send()).status).toBe(202)
		const refused = await send()
		expect(refused.status).toBe(429)
		const body = throttleErrorBody.parse(refused.body)
		expect(body.code).toBe('too_many_attempts')
		expect(body.retry_after_seconds).toBeGreaterThan(55)
		expect(refused.headers.get('retry-after')).toBe(String(body.retry_after_seconds))
		expect(await c.emails(CONTACT_EMAIL)).toHaveLength(rateLimits.contactMessages.max)
		// Another partner has a limit of its own.
		const other = uniqueEmail()
		await c.createUser({ email: other })
		const { access: otherAccess } = await c.signIn(other)
		const theirs = await c.call('createContactMessage', {
			body: { subject: 'Hi', message: 'Mine.' },
			bearer: otherAccess,
		})
		expect(theirs.status).toBe(202)
		await c.advance(rateLimits.contactMessages.windowSeconds)
		expect((await send()).status).toBe(202)
	})

	test('every limited endpoint documents its 429', () => {
		const limited = endpointList.filter((endpoint) => endpoint.rateLimit)
		expect(limited.map((endpoint) => endpoint.name).sort()).toEqual([
			'checkWebhookEndpoint',
			'createContactMessage',
			'createGuestContactMessage',
			'recoverWebhookDeliveries',
			'redeliverWebhookDelivery',
			'rotateWebhookSigningSecret',
			'sendWebhookTestEvent',
			'uploadTmpFile',
			'verifyServiceDomain',
		])
		for (const endpoint of limited) expect(endpoint.responses[429], endpoint.name).toBe(throttleErrorBody)
	})
})

describe('test hooks', () => {
	test('emails: filter by address, codes and links extracted, oldest first', async () => {
		const email = uniqueEmail()
		await c.call('requestPasswordReset', { body: { email: DEMO_EMAIL } })
		await c.createUser({ email })
		const { access } = await c.signIn(email)
		await c.call('createTwoStepSecret', { params: { id: await c.typeId('email') }, bearer: access })
		const all = await c.emails()
		expect(all.map((m) => m.to)).toEqual([DEMO_EMAIL, email])
		const mine = await c.emails(email.toUpperCase())
		expect(mine).toHaveLength(1)
		expect(mine[0]!.codes).toEqual([expect.stringMatching(/^\d{6}$/)])
		expect(mine[0]!.links).toEqual([])
		expect(Date.parse(mine[0]!.sent_at)).not.toBeNaN()
		expect(all[0]!.codes).toEqual([])
		expect(all[0]!.links).toHaveLength(1)
	})

	test('codes are never taken from inside links', () => {
		const text = 'Code 123456.\nhttp://x.test/tokens/email_change/ab-654321-cd and 2026-11-22T10:00:00.000Z'
		expect(extractCodes(text)).toEqual(['123456'])
		expect(extractLinks(text)).toEqual(['http://x.test/tokens/email_change/ab-654321-cd'])
	})

	test('clock: read and advance', async () => {
		const before = await c.now()
		const moved = await c.mock.advanceClock(3600)
		expect(moved.getTime() - before).toBeGreaterThanOrEqual(3600_000)
		expect(moved.getTime() - before).toBeLessThan(3605_000)
		expect((await c.send('POST', '/__mock/clock', { body: {} })).status).toBe(422)
	})

	test('requests: method, path, status and kind of bearer, oldest first, hooks excluded; DELETE clears', async () => {
		await c.mock.clearRequests()
		const { access } = await c.signIn(DEMO_EMAIL, DEMO_PASSWORD)
		await c.call('getCurrentUser', { bearer: access })
		await c.mock.now()
		const email = uniqueEmail()
		await c.createUser({ email, totp: true })
		const restricted = await c.signIn(email)
		await c.call('getCurrentUser', { bearer: restricted.access })
		const log = await c.mock.requests()
		expect(log.filter((r) => r.path !== '/authentication-types')).toEqual([
			expect.objectContaining({
				method: 'POST',
				path: expect.stringMatching(/^\/authentication-tokens\//),
				status: 201,
				auth: 'none',
			}),
			expect.objectContaining({ method: 'GET', path: '/users/me', status: 200, auth: 'access' }),
			expect.objectContaining({ method: 'POST', status: 201, auth: 'none' }),
			expect.objectContaining({ method: 'GET', path: '/users/me', status: 403, auth: 'restricted' }),
		])
		await c.mock.clearRequests()
		expect(await c.mock.requests()).toEqual([])
	})

	test('faults: a status for the next N calls, path prefixes, delays; DELETE clears', async () => {
		const { access } = await c.signIn(DEMO_EMAIL, DEMO_PASSWORD)
		await c.mock.fault({ method: 'GET', path: '/users/me', status: 503, times: 2 })
		for (let i = 0; i < 2; i++) {
			const res = await c.send('GET', '/users/me', { bearer: access })
			expect(res.status).toBe(503)
			expect(res.body).toEqual({ message: 'Server Error.' })
		}
		expect((await c.send('GET', '/users/me', { bearer: access })).status).toBe(200)

		await c.mock.fault({ method: 'POST', path: '/authentication-tokens/*', status: 500 })
		expect((await c.signInRaw(DEMO_EMAIL, DEMO_PASSWORD)).status).toBe(500)
		expect((await c.signInRaw(DEMO_EMAIL, DEMO_PASSWORD)).status).toBe(201)

		await c.mock.fault({ method: 'GET', path: '/users/me', delay_ms: 150 })
		const started = performance.now()
		expect((await c.send('GET', '/users/me', { bearer: access })).status).toBe(200)
		expect(performance.now() - started).toBeGreaterThanOrEqual(140)

		await c.mock.fault({ method: 'GET', path: '/users/me', status: 500, times: 5 })
		await c.mock.clearFaults()
		expect((await c.send('GET', '/users/me', { bearer: access })).status).toBe(200)
		const log = await c.mock.requests()
		expect(log.some((r) => r.status === 503)).toBe(true)
		expect((await c.send('POST', '/__mock/faults', { body: { method: 'GET', path: '/users/me' } })).status).toBe(422)
	})

	test('reset: back to the seed (users, emails, clock)', async () => {
		const email = uniqueEmail()
		await c.createUser({ email })
		await c.call('requestPasswordReset', { body: { email } })
		await c.advance(7200)
		await c.mock.reset()
		expect(await c.emails()).toEqual([])
		expect(Math.abs((await c.now()) - Date.now())).toBeLessThan(2_000)
		expect((await c.signInRaw(email, PASSWORD)).status).toBe(422)
		expect((await c.signInRaw(DEMO_EMAIL, DEMO_PASSWORD)).status).toBe(201)
	})

	test('users: created directly with options; duplicates refused; inspectable', async () => {
		const email = uniqueEmail()
		const created = await c.createUser({ email, verified: false, first_name: 'Grace', country: 'DE', locale: 'de-DE' })
		expect(created.totp_secret).toBeNull()
		expect(created.user).toMatchObject({ email, first_name: 'Grace', country: 'DE', email_verified_at: null })
		expect(await c.emails(email)).toEqual([])
		const duplicate = await c.send('POST', '/__mock/users', { body: { email, password: PASSWORD } })
		expect(duplicate.status).toBe(422)
		const inspected = await c.mock.user(email)
		expect(inspected).toMatchObject({
			has_relation: false,
			lockout: { failures: 0, locks: 0, locked_for_seconds: 0 },
			two_step: [],
		})
		// Unverified users can sign in; the portal shows the verification prompt.
		const { access } = await c.signIn(email)
		// The verification counts as just sent: a resend waits a minute.
		const [verification] = (await c.call('listUserVerifications', { bearer: access })).body.data
		expect(verification).toMatchObject({ status: 'pending', resend_available_at: expect.any(String) })
		expect((await c.call('resendUserVerification', { params: { id: verification.id }, bearer: access })).status).toBe(
			429,
		)
		await c.advance(61)
		expect((await c.call('resendUserVerification', { params: { id: verification.id }, bearer: access })).status).toBe(
			202,
		)
		expect((await c.lastEmail(email)).links[0]).toContain('/tokens/email_verification/')
	})
})

describe('snapshot', () => {
	test('state survives a restart', async () => {
		const dir = await mkdtemp(path.join(tmpdir(), 'mock-api-'))
		const file = path.join(dir, 'state.json')
		try {
			const first = await startTestApi({ snapshot: file })
			const one = client(() => first)
			const email = uniqueEmail()
			await one.createUser({ email })
			const { refresh } = await one.signIn(email)
			await one.advance(60)
			await first.close()
			const saved = JSON.parse(await readFile(file, 'utf8'))
			expect(saved.users.some((u: { email: string }) => u.email === email)).toBe(true)
			expect(JSON.stringify(saved)).not.toContain(refresh)

			const second = await startTestApi({ snapshot: file })
			const two = client(() => second)
			try {
				expect((await two.signInRaw(email, PASSWORD)).status).toBe(201)
				const res = await two.call('createAuthenticationToken', {
					params: { id: await two.typeId('refresh') },
					body: { token: refresh },
				})
				expect(res.status).toBe(201)
				expect((await two.now()) - Date.now()).toBeGreaterThan(55_000)
			} finally {
				await second.close()
			}
		} finally {
			await rm(dir, { recursive: true, force: true })
		}
	})
})
