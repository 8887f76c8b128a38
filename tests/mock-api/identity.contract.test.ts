import { describe, expect, test } from 'vitest'
import {
	createServiceResponse,
	identityConfirmationRequiredBody,
	identityConfirmationResponse,
	identityConfirmationSeconds,
	pickTokenPair,
	serviceSecretList,
	tokenPairResponse,
	validationMessages,
	wrongPasswordConfirmations,
} from '../../app/api/contract/index'
import { newServiceBody, PASSWORD, uniqueEmail, useTestApi } from './helpers'
import { totp } from './totp'

const c = useTestApi()

async function serviceOf(bearer: string) {
	const res = await c.call('createService', { bearer, body: newServiceBody() })
	expect(res.status).toBe(201)
	return createServiceResponse.parse(res.body)
}

async function partner() {
	const email = uniqueEmail()
	await c.createUser({ email })
	return (await c.signIn(email)).access
}

const confirmation = async (bearer: string) =>
	identityConfirmationResponse.parse((await c.call('getIdentityConfirmation', { bearer })).body).data

describe('identity confirmation', () => {
	test('secret changes need it; the password confirms this sign-in for identityConfirmationSeconds', async () => {
		const bearer = await partner()
		const { data, secret } = await serviceOf(bearer)
		const params = { id: data.id }
		expect(await confirmation(bearer)).toEqual({
			confirmed: false,
			expires_at: null,
			expires_in_seconds: 0,
			methods: ['password'],
		})
		for (const res of [
			await c.call('rotateServiceSecret', { bearer, params }),
			await c.call('resetServiceSecret', { bearer, params }),
			await c.call('revokeServiceSecret', { bearer, params: { ...params, secretId: secret!.id } }),
		]) {
			expect(res.status).toBe(403)
			expect(identityConfirmationRequiredBody.parse(res.body).code).toBe('identity_confirmation_required')
		}

		const wrong = await c.call('confirmIdentity', { bearer, body: { password: 'Not-The-Password-1!' } })
		expect(wrong.status).toBe(422)
		expect(wrong.body.errors).toEqual({ password: [validationMessages.passwordIncorrect] })
		const empty = await c.call('confirmIdentity', { bearer, body: {} })
		expect(empty.status).toBe(422)
		expect(empty.body.errors).toEqual({ password: [validationMessages.required] })

		const before = await c.now()
		await c.confirmIdentity(bearer)
		const confirmed = await confirmation(bearer)
		expect(confirmed).toMatchObject({ confirmed: true, methods: ['password'] })
		expect(Date.parse(confirmed.expires_at!) - before).toBeGreaterThanOrEqual(identityConfirmationSeconds * 1000)
		expect(Date.parse(confirmed.expires_at!) - (await c.now())).toBeLessThanOrEqual(identityConfirmationSeconds * 1000)
		expect(confirmed.expires_in_seconds).toBeGreaterThan(identityConfirmationSeconds - 5)
		expect((await c.call('rotateServiceSecret', { bearer, params })).status).toBe(201)

		// Another sign-in of the same partner is not confirmed.
		const other = await partnerSignInAgain(bearer)
		expect((await confirmation(other)).confirmed).toBe(false)

		await c.advance(identityConfirmationSeconds)
		expect((await confirmation(bearer)).confirmed).toBe(false)
		expect((await c.call('resetServiceSecret', { bearer, params })).status).toBe(403)
	})

	test('with the authenticator on, a code of it confirms too (once per step: the sign-in’s code is reused)', async () => {
		const email = uniqueEmail()
		const { totp_secret } = await c.createUser({ email, totp: true })
		const restricted = await c.signIn(email)
		const second = await c.call('createAuthenticationToken', {
			params: { id: await c.typeId('totp') },
			body: { code: totp(totp_secret!, await c.now()) },
			bearer: restricted.access,
		})
		const bearer = pickTokenPair(tokenPairResponse.parse(second.body).data)!.access
		expect((await confirmation(bearer)).methods).toEqual(['password', 'totp'])

		const used = await c.call('confirmIdentity', { bearer, body: { code: totp(totp_secret!, await c.now()) } })
		expect(used.status).toBe(422)
		expect(used.body).toMatchObject({ code: 'code_reused', errors: { code: [validationMessages.codeReused] } })
		await c.advance(30)
		const ok = await c.call('confirmIdentity', { bearer, body: { code: totp(totp_secret!, await c.now()) } })
		expect(ok.status).toBe(201)
		expect(identityConfirmationResponse.parse(ok.body).data.confirmed).toBe(true)
	})

	test('a code without an active authenticator is an invalid code', async () => {
		const bearer = await partner()
		const res = await c.call('confirmIdentity', { bearer, body: { code: '123456' } })
		expect(res.status).toBe(422)
		expect(res.body.code).toBe('invalid_code')
	})
})

describe("a secret's last use", () => {
	test('the service authenticating with a secret records its last use; a wrong one is refused', async () => {
		const bearer = await partner()
		const { data, secret } = await serviceOf(bearer)
		const params = { id: data.id }
		await c.confirmIdentity(bearer)
		const rotated = await c.call('rotateServiceSecret', { bearer, params })
		const next = rotated.body.data as { id: string; secret: string }
		await c.advance(90)
		const before = await c.now()
		const used = await c.mock.authenticateClient({ client_id: data.client_id, client_secret: secret!.secret })
		expect(used).toMatchObject({ service_id: data.id, secret_id: secret!.id, hint: secret!.hint })
		expect(Date.parse(used.used_at)).toBeGreaterThanOrEqual(before)
		expect(Date.parse(used.used_at)).toBeLessThanOrEqual(await c.now())
		const live = serviceSecretList.parse((await c.call('listServiceSecrets', { bearer, params })).body).data
		expect(live.map((s) => [s.id, s.last_used_at])).toEqual([
			[secret!.id, used.used_at],
			[next.id, null],
		])
		await expect(
			c.mock.authenticateClient({ client_id: data.client_id, client_secret: `${next.secret}x` }),
		).rejects.toThrow(/401/)
		await expect(c.mock.authenticateClient({ client_id: 'client_nope', client_secret: next.secret })).rejects.toThrow(
			/401/,
		)
	})
})

/** A second sign-in of the partner whose access token is `bearer`. */
async function partnerSignInAgain(bearer: string) {
	const me = await c.call('getCurrentUser', { bearer })
	return (await c.signIn(me.body.data.email)).access
}

describe('wrong passwords while signed in', () => {
	test('are limited per account, across identity confirmations and email changes; then even the right one waits', async () => {
		const email = uniqueEmail()
		await c.createUser({ email })
		const bearer = (await c.signIn(email)).access
		const wrong = 'Not-The-Password-1!'
		const tries = [
			() => c.call('confirmIdentity', { bearer, body: { password: wrong } }),
			() => c.call('updateCurrentUser', { bearer, body: { email: uniqueEmail(), current_password: wrong } }),
		]
		for (let n = 0; n < wrongPasswordConfirmations.max; n++) expect((await tries[n % 2]!()).status).toBe(422)
		const held = await c.call('confirmIdentity', { bearer, body: { password: PASSWORD } })
		expect(held.status).toBe(429)
		expect(held.body).toMatchObject({ code: 'too_many_attempts' })
		expect((await confirmation(bearer)).confirmed).toBe(false)
		// An hour later (a new sign-in: the access token has expired meanwhile) the right password works.
		await c.mock.advanceClock(wrongPasswordConfirmations.windowSeconds)
		const later = (await c.signIn(email)).access
		await c.confirmIdentity(later)
		expect((await confirmation(later)).confirmed).toBe(true)
	})

	test('counted before they are checked: of 50 at once, exactly the limit are evaluated', async () => {
		const email = uniqueEmail()
		await c.createUser({ email })
		const bearer = (await c.signIn(email)).access
		const guesses = Array.from({ length: 50 }, (_, n) =>
			c.call('confirmIdentity', { bearer, body: { password: `Not-The-Password-${n}!` } }),
		)
		const statuses = (await Promise.all(guesses)).map((res) => res.status)
		expect(statuses.filter((status) => status === 422)).toHaveLength(wrongPasswordConfirmations.max)
		expect(statuses.filter((status) => status === 429)).toHaveLength(50 - wrongPasswordConfirmations.max)
		expect((await c.call('confirmIdentity', { bearer, body: { password: PASSWORD } })).status).toBe(429)
	})
})

describe('wrong authenticator codes while signed in', () => {
	/** A partner with the authenticator on, signed in with both steps; answers the full access token. */
	async function signInWithTotp(email: string, secret: string) {
		const restricted = await c.signIn(email)
		// Each 30 s step's code works once: the step after any code used before.
		await c.advance(30)
		const second = await c.call('createAuthenticationToken', {
			params: { id: await c.typeId('totp') },
			body: { code: totp(secret, await c.now()) },
			bearer: restricted.access,
		})
		expect(second.status, JSON.stringify(second.body)).toBe(201)
		return pickTokenPair(tokenPairResponse.parse(second.body).data)!.access
	}

	test('count with wrong passwords: past the limit a code, even the right one, and the password are 429', async () => {
		const email = uniqueEmail()
		const { totp_secret } = await c.createUser({ email, totp: true })
		const secret = totp_secret!
		const bearer = await signInWithTotp(email, secret)
		await c.advance(30)
		const right = totp(secret, await c.now())
		const wrong = right === '000000' ? '111111' : '000000'
		for (let n = 0; n < wrongPasswordConfirmations.max; n++) {
			const res = await c.call('confirmIdentity', { bearer, body: { code: wrong } })
			expect(res.status, `wrong code ${n + 1}`).toBe(422)
			expect(res.body).toMatchObject({ code: 'invalid_code' })
		}
		const held = await c.call('confirmIdentity', { bearer, body: { code: right } })
		expect(held.status).toBe(429)
		expect(held.body).toMatchObject({ code: 'too_many_attempts' })
		const seconds = Number(held.headers.get('retry-after'))
		expect(seconds).toBeGreaterThan(wrongPasswordConfirmations.windowSeconds - 60)
		expect(seconds).toBeLessThanOrEqual(wrongPasswordConfirmations.windowSeconds)
		expect(held.body.retry_after_seconds).toBe(seconds)
		const password = await c.call('confirmIdentity', { bearer, body: { password: PASSWORD } })
		expect(password.status).toBe(429)
		expect(password.body).toMatchObject({ code: 'too_many_attempts' })
		expect((await confirmation(bearer)).confirmed).toBe(false)

		// An hour later (a new sign-in: the access token has expired meanwhile) a right code works.
		await c.advance(wrongPasswordConfirmations.windowSeconds)
		const later = await signInWithTotp(email, secret)
		await c.advance(30)
		const ok = await c.call('confirmIdentity', { bearer: later, body: { code: totp(secret, await c.now()) } })
		expect(ok.status, JSON.stringify(ok.body)).toBe(201)
		expect((await confirmation(later)).confirmed).toBe(true)
	})

	test('wrong passwords count towards the codes too: after them a right code is 429', async () => {
		const email = uniqueEmail()
		const { totp_secret } = await c.createUser({ email, totp: true })
		const bearer = await signInWithTotp(email, totp_secret!)
		for (let n = 0; n < wrongPasswordConfirmations.max; n++) {
			expect((await c.call('confirmIdentity', { bearer, body: { password: 'Not-The-Password-1!' } })).status).toBe(422)
		}
		await c.advance(30)
		const held = await c.call('confirmIdentity', { bearer, body: { code: totp(totp_secret!, await c.now()) } })
		expect(held.status).toBe(429)
		expect(held.body).toMatchObject({ code: 'too_many_attempts' })
		expect((await confirmation(bearer)).confirmed).toBe(false)
	})
})
