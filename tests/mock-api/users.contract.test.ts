import { describe, expect, test } from 'vitest'
import {
	invalidTokenBody,
	tokenUsedBody,
	messageBody,
	throttleErrorBody,
	tokenAlreadyVerifiedBody,
	userResponse,
	userTokenVerificationResponse,
	userVerificationList,
	validationErrorBody,
} from '../../app/api/contract/index'
import { PASSWORD, PORTAL_URL, uniqueEmail, useTestApi } from './helpers'
import { DEMO_EMAIL, DEMO_PASSWORD } from './seed'

const c = useTestApi()

const registration = (email: string) => ({
	first_name: 'Ada',
	last_name: 'Lovelace',
	company_name: 'Analytical Engines Ltd',
	email,
	password: PASSWORD,
	password_confirmation: PASSWORD,
	country: 'GB',
	locale: 'en-GB',
})

const tokenOf = (link: string) => link.split('/').at(-1)!

describe('registration and email verification', () => {
	test('registers, emails a link, verifies once by the public token call', async () => {
		const email = uniqueEmail()
		const res = await c.call('register', { body: registration(email) })
		expect(res.status).toBe(201)
		const user = userResponse.parse(res.body).data
		expect(user).toMatchObject({ email, email_verified_at: null, pending_email: null, user_type: { key: 'partner' } })

		const mail = await c.lastEmail(email)
		expect(mail.subject).toBe('Verify your email address')
		expect(mail.links).toHaveLength(1)
		expect(mail.links[0]).toMatch(new RegExp(`^${PORTAL_URL}/tokens/email_verification/[A-Za-z0-9_-]{40,}$`))
		expect(mail.codes).toEqual([])

		const typeId = await c.typeId('email_verification')
		const verified = await c.call('verifyUserToken', {
			params: { id: typeId },
			body: { token: tokenOf(mail.links[0]!) },
		})
		expect(verified.status).toBe(200)
		expect(userTokenVerificationResponse.parse(verified.body)).toEqual({ data: { type: 'email_verification', email } })

		// A second click: the address is confirmed already, and the answer says so.
		const again = await c.call('verifyUserToken', { params: { id: typeId }, body: { token: tokenOf(mail.links[0]!) } })
		expect(again.status).toBe(409)
		expect(tokenAlreadyVerifiedBody.parse(again.body)).toEqual({
			message: 'This email address is already confirmed.',
			code: 'already_verified',
		})
		const unknown = await c.call('verifyUserToken', { params: { id: typeId }, body: { token: 'not-a-token' } })
		expect(unknown.status).toBe(422)
		expect(invalidTokenBody.parse(unknown.body)).toEqual({
			message: 'This field is invalid.',
			code: 'invalid_token',
			errors: { token: ['This field is invalid.'] },
		})

		const { access } = await c.signIn(email)
		const me = await c.call('getCurrentUser', { bearer: access })
		expect(me.body.data.email_verified_at).not.toBeNull()
		const list = userVerificationList.parse((await c.call('listUserVerifications', { bearer: access })).body)
		expect(list.data).toEqual([
			expect.objectContaining({ type: 'email', value: email, status: 'verified', resend_available_at: null }),
		])
	})

	test('an old link says "already confirmed" (409) only once its address is the confirmed one', async () => {
		const email = uniqueEmail()
		await c.call('register', { body: registration(email) })
		const firstLink = (await c.lastEmail(email)).links[0]!
		const { access } = await c.signIn(email)
		await c.advance(61)
		const pending = (await c.call('listUserVerifications', { bearer: access })).body.data[0]
		await c.call('resendUserVerification', { params: { id: pending.id }, bearer: access })
		const secondLink = (await c.lastEmail(email)).links[0]!
		const typeId = await c.typeId('email_verification')
		const use = (link: string, id = typeId) =>
			c.call('verifyUserToken', { params: { id }, body: { token: tokenOf(link) } })
		// Replaced while the address is still unconfirmed: not valid, nothing more.
		expect((await use(firstLink)).body.code).toBe('invalid_token')
		// The wrong type id never says more.
		expect((await use(secondLink, await c.typeId('email_change'))).body.code).toBe('invalid_token')
		expect((await use(secondLink)).status).toBe(200)
		// Now either link says the address is confirmed, even once expired.
		expect((await use(firstLink)).status).toBe(409)
		await c.advance(24 * 3600 + 1)
		expect((await use(secondLink)).body.code).toBe('already_verified')

		// An email change link: a second click once applied is 409 too; a newer change makes the old link invalid.
		const newEmail = uniqueEmail('changed')
		const { access: again } = await c.signIn(email)
		await c.call('updateCurrentUser', { body: { email: newEmail, current_password: PASSWORD }, bearer: again })
		const changeLink = (await c.lastEmail(newEmail)).links[0]!
		const changeType = await c.typeId('email_change')
		expect((await use(changeLink, changeType)).status).toBe(200)
		expect((await use(changeLink, changeType)).body.code).toBe('already_verified')
		// The registration address is no longer the account's: its links are simply not valid.
		expect((await use(secondLink)).body.code).toBe('invalid_token')
	})

	test('the token of one type does not verify through another type id; unknown type id is 404', async () => {
		const email = uniqueEmail()
		await c.call('register', { body: registration(email) })
		const token = tokenOf((await c.lastEmail(email)).links[0]!)
		expect(
			(await c.call('verifyUserToken', { params: { id: await c.typeId('email_change') }, body: { token } })).status,
		).toBe(422)
		expect((await c.call('verifyUserToken', { params: { id: 'unknown' }, body: { token } })).status).toBe(404)
	})

	test('signed in: list, throttled resend with Retry-After, resend after 60 s, old link dead, verify by id', async () => {
		const email = uniqueEmail()
		await c.call('register', { body: registration(email) })
		const firstLink = (await c.lastEmail(email)).links[0]!
		const { access } = await c.signIn(email)
		const list = await c.call('listUserVerifications', { bearer: access })
		const pending = userVerificationList.parse(list.body).data[0]!
		expect(pending).toMatchObject({ status: 'pending', verified_at: null, value: email })
		expect(Date.parse(pending.resend_available_at!) - (await c.now())).toBeGreaterThan(55_000)
		expect(pending.resend_available_in_seconds).toBeGreaterThan(55)
		expect(pending.resend_available_in_seconds).toBeLessThanOrEqual(60)

		const early = await c.call('resendUserVerification', { params: { id: pending.id }, bearer: access })
		expect(early.status).toBe(429)
		const body = throttleErrorBody.parse(early.body)
		expect(body.code).toBe('resend_too_soon')
		expect(body.retry_after_seconds).toBeGreaterThan(55)
		expect(body.retry_after_seconds).toBeLessThanOrEqual(60)
		expect(early.headers.get('retry-after')).toBe(String(body.retry_after_seconds))

		await c.advance(61)
		const listed = await c.call('listUserVerifications', { bearer: access })
		expect(listed.body.data[0]).toMatchObject({ resend_available_at: null, resend_available_in_seconds: 0 })
		const resent = await c.call('resendUserVerification', { params: { id: pending.id }, bearer: access })
		expect(resent.status).toBe(202)
		expect(resent.body.data.resend_available_at).not.toBeNull()
		const secondLink = (await c.lastEmail(email)).links[0]!
		expect(secondLink).not.toBe(firstLink)

		const stale = await c.call('verifyUserVerification', {
			params: { id: pending.id },
			body: { token: tokenOf(firstLink) },
			bearer: access,
		})
		expect(stale.status).toBe(422)
		const ok = await c.call('verifyUserVerification', {
			params: { id: pending.id },
			body: { token: tokenOf(secondLink) },
			bearer: access,
		})
		expect(ok.status).toBe(200)
		expect(ok.body.data).toMatchObject({ status: 'verified', resend_available_at: null })
		expect(ok.body.data.verified_at).not.toBeNull()
		const already = await c.call('resendUserVerification', { params: { id: pending.id }, bearer: access })
		expect(already.status).toBe(422)
		expect(already.body.code).toBe('already_verified')
	})

	test('POST /users/me/register/verify needs a token of the caller', async () => {
		const mine = uniqueEmail()
		const theirs = uniqueEmail()
		await c.call('register', { body: registration(mine) })
		await c.call('register', { body: registration(theirs) })
		const myToken = tokenOf((await c.lastEmail(mine)).links[0]!)
		const theirToken = tokenOf((await c.lastEmail(theirs)).links[0]!)
		const { access } = await c.signIn(mine)
		const wrong = await c.call('verifyRegistration', { body: { token: theirToken }, bearer: access })
		expect(wrong.status).toBe(422)
		expect(wrong.body.code).toBe('invalid_token')
		const ok = await c.call('verifyRegistration', { body: { token: myToken }, bearer: access })
		expect(ok.status).toBe(200)
		expect(ok.body.data.email_verified_at).not.toBeNull()
	})

	test('email tokens expire after 24 hours', async () => {
		const email = uniqueEmail()
		await c.call('register', { body: registration(email) })
		const token = tokenOf((await c.lastEmail(email)).links[0]!)
		await c.advance(24 * 3600 + 1)
		const res = await c.call('verifyUserToken', {
			params: { id: await c.typeId('email_verification') },
			body: { token },
		})
		expect(res.status).toBe(422)
	})

	test("another user's verification is 404", async () => {
		const email = uniqueEmail()
		await c.call('register', { body: registration(email) })
		const { access } = await c.signIn(email)
		const id = (await c.call('listUserVerifications', { bearer: access })).body.data[0].id
		const demo = await c.signIn(DEMO_EMAIL, DEMO_PASSWORD)
		for (const res of [
			await c.call('resendUserVerification', { params: { id }, bearer: demo.access }),
			await c.call('verifyUserVerification', { params: { id }, body: { token: 'x' }, bearer: demo.access }),
		]) {
			expect(res.status).toBe(404)
			expect(res.body).toEqual({ message: 'Not found.' })
		}
	})

	test('validation: required, policy, lengths, enums, confirmation, Laravel summary', async () => {
		const empty = await c.call('register', { body: {} })
		expect(empty.status).toBe(422)
		expect(Object.keys(empty.body.errors).sort()).toEqual(
			[
				'company_name',
				'country',
				'email',
				'first_name',
				'last_name',
				'locale',
				'password',
				'password_confirmation',
			].sort(),
		)
		expect(empty.body.message).toBe('This field is required. (and 7 more errors)')

		const res = await c.call('register', {
			body: {
				...registration(uniqueEmail()),
				first_name: 'x'.repeat(101),
				company_name: '   ',
				password: 'short',
				password_confirmation: 'different',
				country: 'US',
			},
		})
		const errors = validationErrorBody.parse(res.body).errors
		expect(errors.first_name).toEqual(['This field must be at most 100 characters.'])
		expect(errors.company_name).toEqual(['This field is required.'])
		expect(errors.password).toEqual([
			'This field must be at least 10 characters.',
			'This field must contain at least a capital letter.',
			'This field must contain at least a number.',
			'This field must contain at least a special character.',
		])
		expect(errors.password_confirmation).toEqual(['The passwords do not match.'])
		expect(errors.country).toEqual(['This field is invalid.'])
		expect(res.body.message).toBe('This field must be at most 100 characters. (and 7 more errors)')

		const taken = await c.call('register', { body: registration(DEMO_EMAIL.toUpperCase()) })
		expect(taken.body).toEqual({
			message: "This field must contain a value that doesn't exist.",
			errors: { email: ["This field must contain a value that doesn't exist."] },
		})
		const long = await c.call('register', { body: registration(`${'a'.repeat(250)}@x.io`) })
		expect(long.body.errors.email).toContain('This field must be at most 254 characters.')
	})
})

describe('password reset', () => {
	test('the request reads the same for known and unknown addresses; only the known one gets mail', async () => {
		const unknown = uniqueEmail('nobody')
		const known = await c.call('requestPasswordReset', { body: { email: DEMO_EMAIL } })
		const other = await c.call('requestPasswordReset', { body: { email: unknown } })
		expect(known.status).toBe(202)
		expect(other.status).toBe(202)
		expect(messageBody.parse(known.body)).toEqual({ message: 'If the address is registered, an email is on its way.' })
		expect(other.body).toEqual(known.body)
		expect(await c.emails(unknown)).toEqual([])
		const mail = await c.lastEmail(DEMO_EMAIL)
		expect(mail.subject).toBe('Reset your password')
		expect(mail.links[0]).toMatch(new RegExp(`^${PORTAL_URL}/auth/reset-password/token/[A-Za-z0-9_-]{40,}$`))
	})

	test('one request per address a minute, registered or not: sooner is a 429 and sends nothing', async () => {
		const unknown = uniqueEmail('nobody')
		for (const email of [DEMO_EMAIL, unknown]) {
			expect((await c.call('requestPasswordReset', { body: { email } })).status).toBe(202)
			const again = await c.call('requestPasswordReset', { body: { email: email.toUpperCase() } })
			expect(again.status).toBe(429)
			const body = throttleErrorBody.parse(again.body)
			expect(body).toMatchObject({ code: 'resend_too_soon' })
			expect(body.retry_after_seconds).toBeGreaterThan(55)
			expect(body.retry_after_seconds).toBeLessThanOrEqual(60)
			expect(again.headers.get('retry-after')).toBe(String(body.retry_after_seconds))
		}
		expect(await c.emails(DEMO_EMAIL)).toHaveLength(1)
		await c.advance(60)
		expect((await c.call('requestPasswordReset', { body: { email: DEMO_EMAIL } })).status).toBe(202)
		expect(await c.emails(DEMO_EMAIL)).toHaveLength(2)
	})

	test('activation: policy errors, success signs out everywhere, single use; the public check does not consume', async () => {
		const session = await c.signIn(DEMO_EMAIL, DEMO_PASSWORD)
		await c.call('requestPasswordReset', { body: { email: DEMO_EMAIL } })
		const token = tokenOf((await c.lastEmail(DEMO_EMAIL)).links[0]!)

		const check = await c.call('verifyUserToken', { params: { id: await c.typeId('reset_password') }, body: { token } })
		expect(check.body).toEqual({ data: { type: 'reset_password', email: DEMO_EMAIL } })

		const weak = await c.call('resetPassword', {
			body: { token, password: 'weakweakweak', password_confirmation: 'weakweakweak' },
		})
		expect(weak.status).toBe(422)
		expect(weak.body.code).toBeUndefined()
		expect(weak.body.errors.password).toContain('This field must contain at least a capital letter.')

		const ok = await c.call('resetPassword', {
			body: { token, password: 'New-Password-77', password_confirmation: 'New-Password-77' },
		})
		expect(ok.status).toBe(200)
		expect(messageBody.parse(ok.body).message).toBeTruthy()
		expect((await c.call('getCurrentUser', { bearer: session.access })).status).toBe(401)
		expect((await c.signInRaw(DEMO_EMAIL, DEMO_PASSWORD)).status).toBe(422)
		expect((await c.signInRaw(DEMO_EMAIL, 'New-Password-77')).status).toBe(201)

		const reuse = await c.call('resetPassword', {
			body: { token, password: 'Other-Password-88', password_confirmation: 'Other-Password-88' },
		})
		// Used: a 409 that says so, at activation and at the public check (issue 55, point 12).
		expect(reuse.status).toBe(409)
		expect(tokenUsedBody.parse(reuse.body).code).toBe('token_used')
		const used = await c.call('verifyUserToken', { params: { id: await c.typeId('reset_password') }, body: { token } })
		expect(used.status).toBe(409)
		expect(tokenUsedBody.parse(used.body).message).toBe('This link has already been used.')
	})

	test('a reset link expires after 60 minutes', async () => {
		await c.call('requestPasswordReset', { body: { email: DEMO_EMAIL } })
		const token = tokenOf((await c.lastEmail(DEMO_EMAIL)).links[0]!)
		await c.advance(59 * 60)
		const check = await c.call('verifyUserToken', { params: { id: await c.typeId('reset_password') }, body: { token } })
		expect(check.status).toBe(200)
		await c.advance(61)
		const res = await c.call('resetPassword', {
			body: { token, password: 'New-Password-77', password_confirmation: 'New-Password-77' },
		})
		expect(res.status).toBe(422)
		expect(res.body.code).toBe('invalid_token')
	})
})

describe('PATCH /users/me', () => {
	test('profile fields', async () => {
		const { access } = await c.signIn(DEMO_EMAIL, DEMO_PASSWORD)
		const res = await c.call('updateCurrentUser', {
			body: { first_name: ' Grace ', country: 'RO', locale: 'ro-RO', unknown_field: 1 },
			bearer: access,
		})
		expect(res.status).toBe(200)
		expect(res.body.data).toMatchObject({ first_name: 'Grace', country: 'RO', locale: 'ro-RO', last_name: 'Partner' })
		const bad = await c.call('updateCurrentUser', { body: { last_name: '', locale: 'xx' }, bearer: access })
		expect(bad.body.errors).toEqual({ last_name: ['This field is required.'], locale: ['This field is invalid.'] })
	})

	test('email change: password checked, taken address refused, link to the new address applies it', async () => {
		const email = uniqueEmail()
		await c.createUser({ email })
		const { access } = await c.signIn(email)
		const newEmail = uniqueEmail('new')

		const noPassword = await c.call('updateCurrentUser', { body: { email: newEmail }, bearer: access })
		expect(noPassword.body.errors).toEqual({ current_password: ['This field is required.'] })
		const wrong = await c.call('updateCurrentUser', {
			body: { email: newEmail, current_password: 'nope' },
			bearer: access,
		})
		expect(wrong.status).toBe(422)
		expect(wrong.body.errors).toEqual({ current_password: ['The password is incorrect.'] })
		const taken = await c.call('updateCurrentUser', {
			body: { email: DEMO_EMAIL, current_password: PASSWORD },
			bearer: access,
		})
		expect(taken.body.errors).toEqual({ email: ["This field must contain a value that doesn't exist."] })

		const ok = await c.call('updateCurrentUser', {
			body: { email: newEmail, current_password: PASSWORD },
			bearer: access,
		})
		expect(ok.status).toBe(200)
		expect(ok.body.data).toMatchObject({ email, pending_email: newEmail })
		const mail = await c.lastEmail(newEmail)
		expect(mail.subject).toBe('Confirm your new email address')
		expect(mail.links[0]).toMatch(new RegExp(`^${PORTAL_URL}/tokens/email_change/`))
		const verifications = (await c.call('listUserVerifications', { bearer: access })).body.data
		expect(verifications).toEqual([
			expect.objectContaining({ value: email, status: 'verified' }),
			expect.objectContaining({ value: newEmail, status: 'pending' }),
		])

		const applied = await c.call('verifyUserToken', {
			params: { id: await c.typeId('email_change') },
			body: { token: tokenOf(mail.links[0]!) },
		})
		expect(applied.body).toEqual({ data: { type: 'email_change', email: newEmail } })
		const me = (await c.call('getCurrentUser', { bearer: access })).body.data
		expect(me).toMatchObject({ email: newEmail, pending_email: null })
		expect((await c.lastEmail(email)).subject).toBe('Your email address was changed')
		expect((await c.signInRaw(newEmail, PASSWORD)).status).toBe(201)
		expect((await c.signInRaw(email, PASSWORD)).status).toBe(422)
	})

	test('email change: one confirmation email a minute per address; a throttled call changes nothing', async () => {
		const email = uniqueEmail()
		await c.createUser({ email })
		const { access } = await c.signIn(email)
		const first = uniqueEmail('first')
		const second = uniqueEmail('second')
		const change = (to: string, extra: Record<string, string> = {}) =>
			c.call('updateCurrentUser', { body: { email: to, current_password: PASSWORD, ...extra }, bearer: access })
		expect((await change(first)).status).toBe(200)
		// Another address is another recipient: a typo can be corrected at once.
		expect((await change(second)).status).toBe(200)
		const early = await change(first, { first_name: 'Changed' })
		expect(early.status).toBe(429)
		expect(throttleErrorBody.parse(early.body).code).toBe('resend_too_soon')
		const me = (await c.call('getCurrentUser', { bearer: access })).body.data
		expect(me).toMatchObject({ pending_email: second })
		expect(me.first_name).not.toBe('Changed')
		expect(await c.emails(first)).toHaveLength(1)
		await c.advance(60)
		expect((await change(first)).status).toBe(200)
		expect(await c.emails(first)).toHaveLength(2)
	})

	test('a password change to the current password is refused on the new password', async () => {
		const { access } = await c.signIn(DEMO_EMAIL, DEMO_PASSWORD)
		const same = await c.call('updateCurrentUser', {
			body: { password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD, current_password: DEMO_PASSWORD },
			bearer: access,
		})
		expect(same.status).toBe(422)
		expect(same.body.errors).toEqual({ password: ['The new password must be different from the current one.'] })
	})

	test('password change keeps this sign-in and ends the others', async () => {
		const email = uniqueEmail()
		await c.createUser({ email })
		const here = await c.signIn(email)
		const elsewhere = await c.signIn(email)

		const mismatch = await c.call('updateCurrentUser', {
			body: { password: 'New-Password-77', password_confirmation: 'New-Password-78', current_password: PASSWORD },
			bearer: here.access,
		})
		expect(mismatch.body.errors).toEqual({ password_confirmation: ['The passwords do not match.'] })
		const wrong = await c.call('updateCurrentUser', {
			body: { password: 'New-Password-77', password_confirmation: 'New-Password-77', current_password: 'nope' },
			bearer: here.access,
		})
		expect(wrong.body.errors).toEqual({ current_password: ['The password is incorrect.'] })
		expect((await c.call('getCurrentUser', { bearer: elsewhere.access })).status).toBe(200)

		const ok = await c.call('updateCurrentUser', {
			body: { password: 'New-Password-77', password_confirmation: 'New-Password-77', current_password: PASSWORD },
			bearer: here.access,
		})
		expect(ok.status).toBe(200)
		expect((await c.call('getCurrentUser', { bearer: here.access })).status).toBe(200)
		expect((await c.call('getCurrentUser', { bearer: elsewhere.access })).status).toBe(401)
		expect(
			(
				await c.call('createAuthenticationToken', {
					params: { id: await c.typeId('refresh') },
					body: { token: here.refresh },
				})
			).status,
		).toBe(201)
		expect((await c.signInRaw(email, 'New-Password-77')).status).toBe(201)
	})
})
