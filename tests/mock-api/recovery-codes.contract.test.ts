/** Recovery codes (decision 0039): a set once per first method, sign-in with a code once each, limits and emails. */
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import {
	activatedTwoStepResponse,
	partnerEmails,
	recoveryCodeRules,
	recoveryCodeSetResponse,
	tokenPairResponse,
} from '../../app/api/contract/index'
import { client, PASSWORD, startTestApi, uniqueEmail } from './helpers'
import type { MockApi } from './server'
import { totp } from './totp'

// Its own mock, so a test can read what the store keeps.
let api: MockApi
const c = client(() => api)
beforeAll(async () => {
	api = await startTestApi()
})
afterAll(() => api.close())
beforeEach(() => c.mock.reset())

/** A partner who turned the authenticator on through the API: their access token and the codes shown once. */
async function partnerWithCodes() {
	const email = uniqueEmail()
	await c.createUser({ email })
	const { access } = await c.signIn(email)
	const id = await c.typeId('totp')
	const secret = (await c.call('createTwoStepSecret', { params: { id }, bearer: access })).body.data.secret
	const on = await c.call('activateTwoStep', {
		params: { id },
		body: { code: totp(secret, await c.now()) },
		bearer: access,
	})
	expect(on.status).toBe(200)
	const codes = activatedTwoStepResponse.parse(on.body).meta.recovery_codes!.codes
	return { email, access, codes }
}

async function restricted(email: string) {
	const res = await c.signInRaw(email, PASSWORD)
	const body = tokenPairResponse.parse(res.body)
	expect(body.meta.restricted).toBe(true)
	return { access: body.data[0]!.token_raw, meta: body.meta }
}

const signInWith = async (bearer: string, code: string) =>
	c.call('createAuthenticationToken', { params: { id: await c.typeId('recovery_code') }, body: { code }, bearer })

test('turning the first method on answers ten distinct codes once; the user says how many are left', async () => {
	const { email, access, codes } = await partnerWithCodes()
	expect(codes).toHaveLength(recoveryCodeRules.count)
	expect(new Set(codes).size).toBe(recoveryCodeRules.count)
	for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/)
	expect((await c.call('getCurrentUser', { bearer: access })).body.data.recovery_codes).toMatchObject({ remaining: 10 })
	expect((await c.lastEmail(email))?.subject).toBe(partnerEmails.recovery_codes_generated.subject)
	// A second method keeps the set: no new codes.
	const emailId = await c.typeId('email')
	await c.call('createTwoStepSecret', { params: { id: emailId }, bearer: access })
	const code = (await c.lastEmail(email))!.text.match(/\d{6}/)![0]
	const second = await c.call('activateTwoStep', { params: { id: emailId }, body: { code }, bearer: access })
	expect(second.body.meta).toEqual({ recovery_codes: null })
	// The API never answers them again, nor keeps them readable.
	const kept = JSON.stringify(api.state.data.recovery_codes)
	for (const code of codes) expect(kept).not.toContain(code.replace('-', ''))
})

test('a code signs in once (any case, spaces and hyphens), says how many are left, and emails the partner', async () => {
	const { email, codes } = await partnerWithCodes()
	const first = await restricted(email)
	expect(first.meta.recovery_codes_remaining).toBe(10)
	const typed = ` ${codes[3]!.toUpperCase().replace('-', ' ')} `
	const signedIn = await signInWith(first.access, typed)
	expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(201)
	expect(tokenPairResponse.parse(signedIn.body).meta).toMatchObject({ restricted: false, recovery_codes_remaining: 9 })
	const mail = await c.lastEmail(email)
	expect(mail?.subject).toBe(partnerEmails.recovery_code_used.subject)
	expect(mail?.text).toContain('9 codes are left')
	// Used once: the same code is refused, and the restricted pair of the first sign-in is gone.
	const again = await restricted(email)
	const reused = await signInWith(again.access, codes[3]!)
	expect(reused.status).toBe(422)
	expect(reused.body.code).toBe('invalid_code')
	expect((await signInWith(first.access, codes[4]!)).status).toBe(401)
})

test('50 concurrent wrong guesses: counted like wrong codes, so the account locks and the right code then waits', async () => {
	const { email, codes } = await partnerWithCodes()
	const { access } = await restricted(email)
	const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => signInWith(access, `wrong-${i}`)))
	const statuses = answers.map((answer) => answer.status)
	expect(statuses.filter((status) => status === 201)).toEqual([])
	expect(statuses.filter((status) => status === 422).length).toBeLessThanOrEqual(5)
	expect(statuses.filter((status) => status === 423).length).toBeGreaterThanOrEqual(45)
	expect((await signInWith(access, codes[0]!)).status).toBe(423)
})

test('a new set needs the password and two-step on, and ends the old one; turning two-step off ends the set', async () => {
	const { email, access, codes } = await partnerWithCodes()
	const wrong = await c.call('createRecoveryCodes', { body: { password: 'not it' }, bearer: access })
	expect(wrong.status).toBe(422)
	expect(wrong.body.errors.password).toEqual(['The password is incorrect.'])
	const fresh = await c.call('createRecoveryCodes', { body: { password: PASSWORD }, bearer: access })
	expect(fresh.status).toBe(201)
	const next = recoveryCodeSetResponse.parse(fresh.body).data.codes
	expect(next).not.toContain(codes[0])
	expect((await signInWith((await restricted(email)).access, codes[0]!)).status).toBe(422)
	expect((await signInWith((await restricted(email)).access, next[0]!)).status).toBe(201)

	const off = await c.call('deactivateTwoStep', {
		params: { id: await c.typeId('totp') },
		body: { password: PASSWORD },
		bearer: access,
	})
	expect(off.status).toBe(200)
	expect((await c.call('getCurrentUser', { bearer: access })).body.data.recovery_codes).toBeNull()
	const inactive = await c.call('createRecoveryCodes', { body: { password: PASSWORD }, bearer: access })
	expect(inactive.status).toBe(422)
	expect(inactive.body.code).toBe('two_step_inactive')
})

test('a recovery code needs the restricted token of the password step', async () => {
	const { access, codes } = await partnerWithCodes()
	expect((await signInWith(access, codes[0]!)).status).toBe(401)
	const noBearer = await c.call('createAuthenticationToken', {
		params: { id: await c.typeId('recovery_code') },
		body: { code: codes[0]! },
	})
	expect(noBearer.status).toBe(401)
})
