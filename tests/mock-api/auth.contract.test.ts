import { describe, expect, test } from 'vitest'
import {
	codeReusedBody,
	emailCodeSentResponse,
	invalidCodeBody,
	invalidCredentialsBody,
	lockoutErrorBody,
	partnerEmails,
	pickTokenPair,
	tokenPairResponse,
	totpSecretResponse,
	twoStepRequiredBody,
	unauthenticatedBody,
	validationErrorBody,
	validationMessages,
} from '../../app/api/contract/index'
import { PASSWORD, uniqueEmail, useTestApi } from './helpers'
import { DEMO_EMAIL, DEMO_PASSWORD } from './seed'
import { totp } from './totp'

const c = useTestApi()

describe('password sign-in', () => {
	test('the demo partner signs in: a full pair, usable on /users/me', async () => {
		const res = await c.signInRaw(DEMO_EMAIL, DEMO_PASSWORD)
		expect(res.status).toBe(201)
		const body = tokenPairResponse.parse(res.body)
		expect(body.meta).toEqual({ restricted: false, two_step_methods: [] })
		expect(body.data.map((t) => t.authentication_token_type.key)).toEqual(['access', 'refresh'])
		const now = await c.now()
		const [access, refresh] = body.data
		expect(Date.parse(access!.expires_at) - now).toBeGreaterThan(14 * 60_000)
		expect(Date.parse(access!.expires_at) - now).toBeLessThanOrEqual(15 * 60_000)
		expect(Date.parse(refresh!.expires_at) - now).toBeGreaterThan(30 * 86_400_000)
		const me = await c.call('getCurrentUser', { bearer: access!.token_raw })
		expect(me.status).toBe(200)
		expect(me.body.data).toMatchObject({
			email: DEMO_EMAIL,
			first_name: 'Demo',
			last_name: 'Partner',
			company_name: 'Demo Company Ltd',
			country: 'GB',
			locale: 'en-GB',
			pending_email: null,
			user_type: { key: 'partner' },
		})
		expect(me.body.data.email_verified_at).not.toBeNull()
	})

	test('the email is matched case-insensitively', async () => {
		expect((await c.signInRaw(DEMO_EMAIL.toUpperCase(), DEMO_PASSWORD)).status).toBe(201)
	})

	test('unknown email and wrong password answer identically', async () => {
		const unknown = await c.signInRaw(uniqueEmail('nobody'), 'Whatever-123!')
		const wrong = await c.signInRaw(DEMO_EMAIL, 'Whatever-123!')
		expect(unknown.status).toBe(422)
		expect(wrong.status).toBe(422)
		expect(invalidCredentialsBody.parse(unknown.body)).toEqual({
			message: 'The authentication details are incorrect.',
			code: 'invalid_credentials',
			errors: { email: ['The authentication details are incorrect.'] },
			notices: [],
		})
		expect(wrong.body).toEqual(unknown.body)
	})

	test('missing fields are a Laravel 422', async () => {
		const res = await c.call('createAuthenticationToken', { params: { id: await c.typeId('password') }, body: {} })
		expect(res.status).toBe(422)
		expect(validationErrorBody.parse(res.body)).toEqual({
			message: 'This field is required. (and 1 more error)',
			errors: { email: ['This field is required.'], password: ['This field is required.'] },
		})
		const bad = await c.call('createAuthenticationToken', {
			params: { id: await c.typeId('password') },
			body: { email: 'not-an-email', password: 'x' },
		})
		expect(bad.body.errors).toEqual({ email: ['This field must contain a valid email.'] })
	})

	test('an unknown authentication type id is 404; malformed JSON is 400', async () => {
		expect((await c.call('createAuthenticationToken', { params: { id: 'nope' }, body: {} })).status).toBe(404)
		const res = await c.send('POST', `/authentication-tokens/authentication-type-id/${await c.typeId('password')}`, {
			body: '{not json',
		})
		expect(res.status).toBe(400)
	})
})

describe('two-step sign-in', () => {
	test('TOTP: restricted pair, 403 elsewhere, wrong code, right code, code reuse refused', async () => {
		const email = uniqueEmail()
		const { totp_secret } = await c.createUser({ email, totp: true })
		const first = await c.signIn(email)
		expect(first.meta).toEqual({
			restricted: true,
			two_step_methods: ['totp'],
			recovery_codes_remaining: 0,
			passkeys: 0,
		})
		const now = await c.now()
		for (const token of first.data) {
			expect(Date.parse(token.expires_at) - now).toBeLessThanOrEqual(10 * 60_000)
			expect(Date.parse(token.expires_at) - now).toBeGreaterThan(9 * 60_000)
		}
		const forbidden = await c.call('getCurrentUser', { bearer: first.access })
		expect(forbidden.status).toBe(403)
		expect(twoStepRequiredBody.parse(forbidden.body)).toEqual({
			message: 'Two-step authentication required.',
			code: 'two_step_required',
		})
		// The restricted token may not start a TOTP setup either.
		expect(
			(await c.call('createTwoStepSecret', { params: { id: await c.typeId('totp') }, bearer: first.access })).status,
		).toBe(403)

		const totpId = await c.typeId('totp')
		const right = totp(totp_secret!, await c.now())
		const wrong = right === '000000' ? '111111' : '000000'
		const bad = await c.call('createAuthenticationToken', {
			params: { id: totpId },
			body: { code: wrong },
			bearer: first.access,
		})
		expect(bad.status).toBe(422)
		expect(invalidCodeBody.parse(bad.body)).toEqual({
			message: 'The code is invalid.',
			code: 'invalid_code',
			errors: { code: ['The code is invalid.'] },
			notices: [],
		})
		// Without the restricted bearer the step is unauthenticated.
		expect((await c.call('createAuthenticationToken', { params: { id: totpId }, body: { code: right } })).status).toBe(
			401,
		)

		const ok = await c.call('createAuthenticationToken', {
			params: { id: totpId },
			body: { code: right },
			bearer: first.access,
		})
		expect(ok.status).toBe(201)
		const full = tokenPairResponse.parse(ok.body)
		expect(full.meta).toEqual({ restricted: false, two_step_methods: [] })
		const pair = pickTokenPair(full.data)!
		expect((await c.call('getCurrentUser', { bearer: pair.access })).status).toBe(200)
		// The restricted pair is revoked.
		expect((await c.call('getCurrentUser', { bearer: first.access })).status).toBe(401)

		// The same code cannot be used twice, even in a new sign-in in the same window: the answer says it was used.
		const second = await c.signIn(email)
		const reused = await c.call('createAuthenticationToken', {
			params: { id: totpId },
			body: { code: right },
			bearer: second.access,
		})
		expect(reused.status).toBe(422)
		expect(codeReusedBody.parse(reused.body)).toEqual({
			message: validationMessages.codeReused,
			code: 'code_reused',
			errors: { code: [validationMessages.codeReused] },
			notices: [],
		})
		// A code of the step before the used one is spent too; it counts as a failed attempt, like a wrong code.
		const earlier = totp(totp_secret!, (await c.now()) - 30_000)
		if (earlier !== right) {
			const before = await c.call('createAuthenticationToken', {
				params: { id: totpId },
				body: { code: earlier },
				bearer: second.access,
			})
			expect(before.body.code).toBe('code_reused')
		}
		expect((await c.mock.user(email))!.lockout.failures).toBeGreaterThanOrEqual(1)
		await c.advance(30)
		const next = totp(totp_secret!, await c.now())
		const later = await c.call('createAuthenticationToken', {
			params: { id: totpId },
			body: { code: next },
			bearer: second.access,
		})
		expect(later.status).toBe(201)
	})

	test('a code of the previous or next 30 s step is accepted, two steps away is not', async () => {
		const email = uniqueEmail()
		const { totp_secret } = await c.createUser({ email, totp: true })
		const totpId = await c.typeId('totp')
		const { access } = await c.signIn(email)
		const now = await c.now()
		const far = totp(totp_secret!, now - 90_000)
		const near = [-30_000, 0, 30_000].map((d) => totp(totp_secret!, now + d))
		if (!near.includes(far)) {
			const res = await c.call('createAuthenticationToken', {
				params: { id: totpId },
				body: { code: far },
				bearer: access,
			})
			expect(res.status).toBe(422)
		}
		const res = await c.call('createAuthenticationToken', {
			params: { id: totpId },
			body: { code: totp(totp_secret!, now - 30_000) },
			bearer: access,
		})
		expect(res.status).toBe(201)
	})

	test('email code: sent with the restricted token, throttled, wrong, right, single use', async () => {
		const email = uniqueEmail()
		await c.createUser({ email, email_two_step: true })
		const emailId = await c.typeId('email')
		const first = await c.signIn(email)
		expect(first.meta).toEqual({
			restricted: true,
			two_step_methods: ['email'],
			recovery_codes_remaining: 0,
			passkeys: 0,
		})
		expect(await c.emails(email)).toEqual([])

		const sent = await c.call('createTwoStepSecret', { params: { id: emailId }, bearer: first.access })
		expect(sent.status).toBe(201)
		const data = emailCodeSentResponse.parse(sent.body).data
		const now = await c.now()
		expect(data.digits).toBe(6)
		expect(Date.parse(data.expires_at) - now).toBeGreaterThan(9 * 60_000)
		expect(Date.parse(data.resend_available_at) - now).toBeGreaterThan(55_000)
		expect(data).toMatchObject({ expires_in_seconds: 600, resend_available_in_seconds: 60 })
		const mail = await c.lastEmail(email)
		expect(mail.subject).toBe('Your sign-in code')
		expect(mail.codes).toHaveLength(1)
		const code = mail.codes[0]!

		const again = await c.call('createTwoStepSecret', { params: { id: emailId }, bearer: first.access })
		expect(again.status).toBe(429)
		expect(again.body).toMatchObject({ message: 'Too Many Attempts.', code: 'resend_too_soon' })
		expect(again.body.retry_after_seconds).toBeGreaterThan(55)
		expect(again.headers.get('retry-after')).toBe(String(again.body.retry_after_seconds))

		const wrong = code === '000000' ? '111111' : '000000'
		const bad = await c.call('createAuthenticationToken', {
			params: { id: emailId },
			body: { code: wrong },
			bearer: first.access,
		})
		expect(bad.status).toBe(422)
		expect(bad.body.code).toBe('invalid_code')
		const ok = await c.call('createAuthenticationToken', {
			params: { id: emailId },
			body: { code },
			bearer: first.access,
		})
		expect(ok.status).toBe(201)
		expect(ok.body.meta.restricted).toBe(false)

		const second = await c.signIn(email)
		const reused = await c.call('createAuthenticationToken', {
			params: { id: emailId },
			body: { code },
			bearer: second.access,
		})
		expect(reused.status).toBe(422)
	})

	test('an email code expires after 10 minutes', async () => {
		const email = uniqueEmail()
		await c.createUser({ email, email_two_step: true })
		const emailId = await c.typeId('email')
		const { access } = await c.signIn(email)
		await c.call('createTwoStepSecret', { params: { id: emailId }, bearer: access })
		const code = (await c.lastEmail(email)).codes[0]!
		await c.advance(9 * 60)
		const fresh = await c.signIn(email)
		await c.advance(61 + 60)
		const res = await c.call('createAuthenticationToken', {
			params: { id: emailId },
			body: { code },
			bearer: fresh.access,
		})
		expect(res.status).toBe(422)
		expect(res.body).toMatchObject({ code: 'code_expired' })
	})

	test('the restricted pair expires after 10 minutes', async () => {
		const email = uniqueEmail()
		const { totp_secret } = await c.createUser({ email, totp: true })
		const { access } = await c.signIn(email)
		await c.advance(601)
		const res = await c.call('createAuthenticationToken', {
			params: { id: await c.typeId('totp') },
			body: { code: totp(totp_secret!, await c.now()) },
			bearer: access,
		})
		expect(res.status).toBe(401)
		expect(unauthenticatedBody.parse(res.body)).toEqual({ message: 'Unauthenticated.' })
	})

	test('the restricted token cannot send email codes when the email method is not active', async () => {
		const email = uniqueEmail()
		await c.createUser({ email, totp: true })
		const { access } = await c.signIn(email)
		expect(
			(await c.call('createTwoStepSecret', { params: { id: await c.typeId('email') }, bearer: access })).status,
		).toBe(403)
	})

	test('with both methods active, both are listed', async () => {
		const email = uniqueEmail()
		await c.createUser({ email, totp: true, email_two_step: true })
		expect((await c.signIn(email)).meta.two_step_methods).toEqual(['totp', 'email'])
	})
})

describe('lockout', () => {
	const attempt = async (email: string, password: string) => c.signInRaw(email, password)

	test('escalates in order, doubles after each lock, reports to the owner and removes the relation', async () => {
		const email = uniqueEmail()
		await c.createUser({ email, has_relation: true })
		const wrong = 'Wrong-Password-1!'

		const notices: unknown[] = []
		for (let i = 1; i <= 4; i++) {
			const res = await attempt(email, wrong)
			expect(res.status).toBe(422)
			notices.push(invalidCredentialsBody.parse(res.body).notices)
		}
		expect(notices).toEqual([
			[],
			[],
			[{ code: 'one_more_attempt' }],
			[{ code: 'next_attempt_locks', lock_seconds: 300 }],
		])

		const fifth = await attempt(email, wrong)
		expect(fifth.status).toBe(423)
		expect(lockoutErrorBody.parse(fifth.body)).toEqual({
			message: 'Your account is locked.',
			code: 'account_locked',
			locked_for_seconds: 300,
			notices: [{ code: 'reported_to_owner' }],
		})
		expect((await c.emails(email)).map((m) => m.subject)).toEqual([partnerEmails.account_locked.subject])

		// While locked, even the right password is refused, and the lock does not grow.
		await c.advance(100)
		const whileLocked = await attempt(email, PASSWORD)
		expect(whileLocked.status).toBe(423)
		expect(whileLocked.body.locked_for_seconds).toBe(200)
		expect((await attempt(email, wrong)).body.locked_for_seconds).toBe(200)

		await c.advance(201)
		const { result: sixth, stamp } = await c.clockDuring(() => attempt(email, wrong))
		expect(sixth.status).toBe(423)
		expect(lockoutErrorBody.parse(sixth.body)).toMatchObject({
			locked_for_seconds: 600,
			notices: [{ code: 'reported_to_owner' }, { code: 'relation_removal_warning' }],
		})
		const report = await c.lastEmail(email)
		expect(report.subject).toBe(partnerEmails.sign_in_failed.subject)
		expect(report.text).toMatch(stamp)

		await c.advance(601)
		const seventh = await attempt(email, wrong)
		expect(seventh.body).toMatchObject({
			locked_for_seconds: 1200,
			notices: [{ code: 'reported_to_owner' }, { code: 'relation_removed' }],
		})
		expect((await c.mock.user(email))?.has_relation).toBe(false)
		expect((await c.emails(email)).filter((m) => m.subject === partnerEmails.sign_in_failed.subject)).toHaveLength(2)

		await c.advance(1201)
		const eighth = await attempt(email, wrong)
		expect(eighth.body).toMatchObject({ locked_for_seconds: 2400, notices: [{ code: 'reported_to_owner' }] })

		// A successful sign-in starts over.
		await c.advance(2401)
		expect((await attempt(email, PASSWORD)).status).toBe(201)
		const fresh = await attempt(email, wrong)
		expect(fresh.status).toBe(422)
		expect(fresh.body.notices).toEqual([])
	})

	test('wrong two-step codes count too, and a known password does not reset the count', async () => {
		const email = uniqueEmail()
		const { totp_secret } = await c.createUser({ email, totp: true })
		const totpId = await c.typeId('totp')
		const wrongCode = async (access: string) => {
			const right = totp(totp_secret!, await c.now())
			return c.call('createAuthenticationToken', {
				params: { id: totpId },
				body: { code: right === '000000' ? '111111' : '000000' },
				bearer: access,
			})
		}
		const { access } = await c.signIn(email)
		expect((await wrongCode(access)).body.notices).toEqual([])
		expect((await wrongCode(access)).body.notices).toEqual([])
		const { access: again } = await c.signIn(email)
		expect((await wrongCode(again)).body.notices).toEqual([{ code: 'one_more_attempt' }])
		expect((await wrongCode(again)).body.notices).toEqual([{ code: 'next_attempt_locks', lock_seconds: 300 }])
		const locked = await wrongCode(again)
		expect(locked.status).toBe(423)
		// Locked: the right code is refused as well.
		const right = await c.call('createAuthenticationToken', {
			params: { id: totpId },
			body: { code: totp(totp_secret!, await c.now()) },
			bearer: again,
		})
		expect(right.status).toBe(423)
	})

	test('a password reset clears the lock', async () => {
		const email = uniqueEmail()
		await c.createUser({ email })
		for (let i = 0; i < 5; i++) await attempt(email, 'Wrong-Password-1!')
		expect((await attempt(email, PASSWORD)).status).toBe(423)
		await c.call('requestPasswordReset', { body: { email } })
		const link = (await c.lastEmail(email)).links[0]!
		const token = link.split('/').at(-1)!
		const reset = await c.call('resetPassword', {
			body: { token, password: 'Brand-New-Pass-9', password_confirmation: 'Brand-New-Pass-9' },
		})
		expect(reset.status).toBe(200)
		expect((await attempt(email, 'Brand-New-Pass-9')).status).toBe(201)
	})

	test('counts 50 wrong passwords at once exactly: the fifth locks, the others are refused as locked', async () => {
		const email = uniqueEmail()
		await c.createUser({ email })
		const statuses = (
			await Promise.all(Array.from({ length: 50 }, (_, n) => attempt(email, `Wrong-Password-${n}!`)))
		).map((res) => res.status)
		expect(statuses.filter((status) => status === 422)).toHaveLength(4)
		expect(statuses.filter((status) => status === 423)).toHaveLength(46)
		expect((await c.mock.user(email))!.lockout).toMatchObject({ failures: 5, locks: 1 })
		expect((await attempt(email, PASSWORD)).status).toBe(423)
	})
})

describe('refresh rotation', () => {
	test('the grace returns the same pair; reuse after the grace revokes the whole sign-in', async () => {
		const refreshId = await c.typeId('refresh')
		const first = await c.signIn(DEMO_EMAIL, DEMO_PASSWORD)
		const rotated = await c.call('createAuthenticationToken', {
			params: { id: refreshId },
			body: { token: first.refresh },
		})
		expect(rotated.status).toBe(201)
		const second = pickTokenPair(tokenPairResponse.parse(rotated.body).data)!
		expect(second.access).not.toBe(first.access)
		expect(second.refresh).not.toBe(first.refresh)
		expect((await c.call('getCurrentUser', { bearer: second.access })).status).toBe(200)

		await c.advance(20)
		const replay = await c.call('createAuthenticationToken', {
			params: { id: refreshId },
			body: { token: first.refresh },
		})
		expect(replay.status).toBe(201)
		expect(replay.body).toEqual(rotated.body)

		await c.advance(11)
		const reuse = await c.call('createAuthenticationToken', {
			params: { id: refreshId },
			body: { token: first.refresh },
		})
		expect(reuse.status).toBe(401)
		expect(reuse.body).toEqual({ message: 'Unauthenticated.' })
		expect((await c.call('getCurrentUser', { bearer: second.access })).status).toBe(401)
		expect((await c.call('getCurrentUser', { bearer: first.access })).status).toBe(401)
		expect(
			(await c.call('createAuthenticationToken', { params: { id: refreshId }, body: { token: second.refresh } }))
				.status,
		).toBe(401)
	})

	test('the next refresh token rotates normally; unknown, access and restricted tokens are 401', async () => {
		const refreshId = await c.typeId('refresh')
		const first = await c.signIn(DEMO_EMAIL, DEMO_PASSWORD)
		const second = await c.call('createAuthenticationToken', {
			params: { id: refreshId },
			body: { token: first.refresh },
		})
		const next = pickTokenPair(second.body.data)!
		expect(
			(await c.call('createAuthenticationToken', { params: { id: refreshId }, body: { token: next.refresh } })).status,
		).toBe(201)
		for (const token of ['unknown-token', first.access]) {
			expect((await c.call('createAuthenticationToken', { params: { id: refreshId }, body: { token } })).status).toBe(
				401,
			)
		}
		const email = uniqueEmail()
		await c.createUser({ email, totp: true })
		const restricted = await c.signIn(email)
		expect(
			(await c.call('createAuthenticationToken', { params: { id: refreshId }, body: { token: restricted.refresh } }))
				.status,
		).toBe(401)
	})

	test('an expired access token is 401 and the refresh gives a working one', async () => {
		const pair = await c.signIn(DEMO_EMAIL, DEMO_PASSWORD)
		await c.mock.expireAccessTokens(DEMO_EMAIL)
		expect((await c.call('getCurrentUser', { bearer: pair.access })).status).toBe(401)
		const res = await c.call('createAuthenticationToken', {
			params: { id: await c.typeId('refresh') },
			body: { token: pair.refresh },
		})
		expect((await c.call('getCurrentUser', { bearer: pickTokenPair(res.body.data)!.access })).status).toBe(200)
	})

	test('access tokens expire after the configured TTL; refresh tokens after 31 days', async () => {
		const pair = await c.signIn(DEMO_EMAIL, DEMO_PASSWORD)
		await c.advance(15 * 60 + 1)
		expect((await c.call('getCurrentUser', { bearer: pair.access })).status).toBe(401)
		await c.advance(31 * 86_400)
		const res = await c.call('createAuthenticationToken', {
			params: { id: await c.typeId('refresh') },
			body: { token: pair.refresh },
		})
		expect(res.status).toBe(401)
	})
})

describe('sign-out', () => {
	test('revokes the access and the refresh token of that sign-in only', async () => {
		const one = await c.signIn(DEMO_EMAIL, DEMO_PASSWORD)
		const two = await c.signIn(DEMO_EMAIL, DEMO_PASSWORD)
		const res = await c.call('deleteCurrentAuthenticationToken', { bearer: one.access })
		expect(res.status).toBe(204)
		expect((await c.call('getCurrentUser', { bearer: one.access })).status).toBe(401)
		expect(
			(
				await c.call('createAuthenticationToken', {
					params: { id: await c.typeId('refresh') },
					body: { token: one.refresh },
				})
			).status,
		).toBe(401)
		expect((await c.call('getCurrentUser', { bearer: two.access })).status).toBe(200)
		expect((await c.call('deleteCurrentAuthenticationToken', { bearer: one.access })).status).toBe(401)
		expect((await c.call('deleteCurrentAuthenticationToken')).status).toBe(401)
	})

	test('accepts the restricted token', async () => {
		const email = uniqueEmail()
		const { totp_secret } = await c.createUser({ email, totp: true })
		const { access } = await c.signIn(email)
		expect((await c.call('deleteCurrentAuthenticationToken', { bearer: access })).status).toBe(204)
		const res = await c.call('createAuthenticationToken', {
			params: { id: await c.typeId('totp') },
			body: { code: totp(totp_secret!, await c.now()) },
			bearer: access,
		})
		expect(res.status).toBe(401)
	})
})

describe('two-step setup', () => {
	test('TOTP: pending secret, wrong code, activate, already active, list, get, deactivate', async () => {
		const email = uniqueEmail()
		await c.createUser({ email })
		const { access } = await c.signIn(email)
		const totpId = await c.typeId('totp')
		expect((await c.call('getUserAuthentication', { params: { id: totpId }, bearer: access })).status).toBe(404)

		const created = await c.call('createTwoStepSecret', { params: { id: totpId }, bearer: access })
		expect(created.status).toBe(201)
		const secret = totpSecretResponse.parse(created.body).data
		expect(secret.secret).toMatch(/^[A-Z2-7]{32}$/)
		expect(secret.otpauth_uri).toBe(
			`otpauth://totp/Partner%20Portal:${encodeURIComponent(email)}?secret=${secret.secret}&issuer=Partner%20Portal&algorithm=SHA1&digits=6&period=30`,
		)
		expect(secret).toMatchObject({ digits: 6, period: 30 })
		const pending = await c.call('getUserAuthentication', { params: { id: totpId }, bearer: access })
		expect(pending.body.data).toMatchObject({
			active: false,
			activated_at: null,
			authentication_type: { id: totpId, key: 'totp' },
		})

		// A new secret replaces the pending one.
		const replaced = totpSecretResponse.parse(
			(await c.call('createTwoStepSecret', { params: { id: totpId }, bearer: access })).body,
		).data.secret
		expect(replaced).not.toBe(secret.secret)
		const stale = totp(secret.secret, await c.now())
		const current = totp(replaced, await c.now())
		if (stale !== current) {
			const res = await c.call('activateTwoStep', { params: { id: totpId }, body: { code: stale }, bearer: access })
			expect(res.status).toBe(422)
			expect(invalidCodeBody.parse(res.body).errors).toEqual({ code: ['The code is invalid.'] })
		}
		const malformed = await c.call('activateTwoStep', { params: { id: totpId }, body: { code: '12a' }, bearer: access })
		expect(malformed.body.errors.code).toEqual([
			'This field must contain only numbers.',
			'This field must be at least 6 characters.',
		])

		const activated = await c.call('activateTwoStep', {
			params: { id: totpId },
			body: { code: current },
			bearer: access,
		})
		expect(activated.status).toBe(200)
		expect(activated.body.data.active).toBe(true)
		expect(activated.body.data.activated_at).not.toBeNull()
		const again = await c.call('createTwoStepSecret', { params: { id: totpId }, bearer: access })
		expect(again.status).toBe(422)
		expect(again.body.code).toBe('already_active')

		const list = await c.call('listUserAuthentications', { bearer: access })
		expect(list.body.data).toHaveLength(1)
		expect(list.body.meta.next_cursor).toBeNull()

		// Sign-in now needs the second step.
		expect((await c.signIn(email)).meta).toEqual({
			restricted: true,
			two_step_methods: ['totp'],
			recovery_codes_remaining: 10,
			passkeys: 0,
		})

		const wrongPassword = await c.call('deactivateTwoStep', {
			params: { id: totpId },
			body: { password: 'nope' },
			bearer: access,
		})
		expect(wrongPassword.status).toBe(422)
		expect(wrongPassword.body).toEqual({
			message: 'The password is incorrect.',
			errors: { password: ['The password is incorrect.'] },
		})
		const off = await c.call('deactivateTwoStep', {
			params: { id: totpId },
			body: { password: PASSWORD },
			bearer: access,
		})
		expect(off.status).toBe(200)
		expect(off.body.data).toMatchObject({ active: false, activated_at: null })
		expect((await c.signIn(email)).meta.restricted).toBe(false)
	})

	test('email: code sent, throttled, activated with the code', async () => {
		const email = uniqueEmail()
		await c.createUser({ email })
		const { access } = await c.signIn(email)
		const emailId = await c.typeId('email')
		expect((await c.call('createTwoStepSecret', { params: { id: emailId }, bearer: access })).status).toBe(201)
		const mail = await c.lastEmail(email)
		expect(mail.subject).toBe('Your verification code')
		const throttled = await c.call('createTwoStepSecret', { params: { id: emailId }, bearer: access })
		expect(throttled.status).toBe(429)
		expect(throttled.headers.get('retry-after')).toBe(String(throttled.body.retry_after_seconds))
		const activated = await c.call('activateTwoStep', {
			params: { id: emailId },
			body: { code: mail.codes[0] },
			bearer: access,
		})
		expect(activated.status).toBe(200)
		expect(activated.body.data).toMatchObject({ active: true, authentication_type: { key: 'email' } })
		const restricted = await c.signIn(email)
		expect(restricted.meta.two_step_methods).toEqual(['email'])
		// Within the minute, the used setup code frees the next send: the sign-in gets its own code.
		const signInCode = await c.call('createTwoStepSecret', { params: { id: emailId }, bearer: restricted.access })
		expect(signInCode.status).toBe(201)
		expect((await c.lastEmail(email)).subject).toBe('Your sign-in code')
		// The setup code, the "turned on" notice, the new recovery codes, the sign-in code.
		expect((await c.emails(email)).map((mail) => mail.subject)).toEqual([
			'Your verification code',
			expect.stringMatching(/turned on/i),
			'New recovery codes for your account',
			'Your sign-in code',
		])
		// Unused, it holds the next one back for the minute.
		expect((await c.call('createTwoStepSecret', { params: { id: emailId }, bearer: restricted.access })).status).toBe(
			429,
		)
	})

	test('activating a method never started is 404; a non-two-step type id is 404', async () => {
		const { access } = await c.signIn(DEMO_EMAIL, DEMO_PASSWORD)
		const res = await c.call('activateTwoStep', {
			params: { id: await c.typeId('totp') },
			body: { code: '123456' },
			bearer: access,
		})
		expect(res.status).toBe(404)
		expect(res.body).toEqual({ message: 'Not found.' })
		expect(
			(await c.call('getUserAuthentication', { params: { id: await c.typeId('password') }, bearer: access })).status,
		).toBe(404)
	})
})
