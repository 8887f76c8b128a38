/**
 * The emails of the catalogue (app/api/contract/emails.ts): each is sent on its trigger, with its subject and its
 * link to the portal page concerned, and not when the change is refused. Also the /__mock/inbox page.
 */
import { describe, expect, test } from 'vitest'
import {
	emailIntervalSeconds,
	fillEmailTemplate,
	partnerEmails,
	type PartnerEmailKind,
} from '../../app/api/contract/index'
import { totp } from './totp'
import { newServiceBody, PASSWORD, PORTAL_URL, uniqueEmail, useTestApi } from './helpers'
import { DEMO_EMAIL, DEMO_SERVICES } from './seed'

const c = useTestApi()

const NEW_PASSWORD = 'Another-Passw0rd!'

/** The one email of `kind` to `to` (fails when there is none or more than one), its link checked. */
async function onlyEmail(to: string, kind: PartnerEmailKind, values: Record<string, string> = {}) {
	const subject = fillEmailTemplate(partnerEmails[kind].subject, values)
	const emails = (await c.emails(to)).filter((email) => email.subject === subject)
	expect(emails, `one "${subject}" to ${to}`).toHaveLength(1)
	const link = partnerEmails[kind].link
	if (link) expect(emails[0]!.links).toContain(`${PORTAL_URL}${fillEmailTemplate(link, values)}`)
	return emails[0]!
}

const subjects = async (to: string) => (await c.emails(to)).map((email) => email.subject)

async function partner() {
	const email = uniqueEmail()
	await c.createUser({ email })
	const { access } = await c.signIn(email)
	return { email, bearer: access }
}

async function serviceOf(bearer: string, name = 'Acme Connect') {
	const res = await c.call('createService', { bearer, body: newServiceBody({ name }) })
	expect(res.status).toBe(201)
	const { data, secret } = res.body
	return { id: data.id as string, firstSecretId: secret.id as string, values: { service: name, service_id: data.id } }
}

describe('the catalogue', () => {
	test('subjects name no placeholder besides the service and a contact subject (links: emails.test.ts)', () => {
		for (const [kind, { subject }] of Object.entries(partnerEmails)) {
			for (const [, name] of subject.matchAll(/\{(\w+)\}/g)) expect(['service', 'subject'], kind).toContain(name)
		}
	})
})

describe('password changed', () => {
	test('PATCH /users/me with a new password emails the account page; a wrong current password sends nothing', async () => {
		const { email, bearer } = await partner()
		const refused = await c.call('updateCurrentUser', {
			bearer,
			body: { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD, current_password: 'Wrong-Passw0rd!' },
		})
		expect(refused.status).toBe(422)
		expect(await c.emails(email)).toEqual([])

		const changed = await c.call('updateCurrentUser', {
			bearer,
			body: { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD, current_password: PASSWORD },
		})
		expect(changed.status).toBe(200)
		const mail = await onlyEmail(email, 'password_changed')
		expect(mail.subject).toBe('Your password was changed')
		expect(mail.links).toEqual([`${PORTAL_URL}/me/manage/security/password`])
	})

	test('a password reset through the emailed link emails it too; an invalid token sends nothing', async () => {
		const { email } = await partner()
		await c.call('requestPasswordReset', { body: { email } })
		const token = (await c.lastEmail(email)).links[0]!.split('/').pop()!
		const body = { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD }
		expect((await c.call('resetPassword', { body: { ...body, token: 'not-a-token' } })).status).toBe(422)
		expect(await subjects(email)).toEqual([partnerEmails.reset_password.subject])
		expect((await c.call('resetPassword', { body: { ...body, token } })).status).toBe(200)
		await onlyEmail(email, 'password_changed')
	})
})

describe('two-step turned on or off', () => {
	test('activating the authenticator emails "turned on"; a wrong code, a wrong password send nothing', async () => {
		const { email, bearer } = await partner()
		const params = { id: await c.typeId('totp') }
		const { secret } = (await c.call('createTwoStepSecret', { bearer, params })).body.data
		const now = await c.now()
		const right = totp(secret, now)
		const wrong = right === '000000' ? '111111' : '000000'
		expect((await c.call('activateTwoStep', { bearer, params, body: { code: wrong } })).status).toBe(422)
		expect(await c.emails(email)).toEqual([])
		expect((await c.call('activateTwoStep', { bearer, params, body: { code: right } })).status).toBe(200)
		const on = await onlyEmail(email, 'two_step_enabled')
		expect(on.text).toContain('authenticator app')
		expect(on.links).toEqual([`${PORTAL_URL}/me/manage/security/multi-factor-authentication`])

		const refused = await c.call('deactivateTwoStep', { bearer, params, body: { password: 'Wrong-Passw0rd!' } })
		expect(refused.status).toBe(422)
		expect(await subjects(email)).toEqual([
			partnerEmails.two_step_enabled.subject,
			partnerEmails.recovery_codes_generated.subject,
		])
		await onlyEmail(email, 'recovery_codes_generated')
		expect((await c.call('deactivateTwoStep', { bearer, params, body: { password: PASSWORD } })).status).toBe(200)
		await onlyEmail(email, 'two_step_disabled')
		// Turning off what is already off changes nothing and says nothing.
		expect((await c.call('deactivateTwoStep', { bearer, params, body: { password: PASSWORD } })).status).toBe(200)
		expect((await subjects(email)).filter((s) => s === partnerEmails.two_step_disabled.subject)).toHaveLength(1)
	})
})

describe('client secrets and the signing secret', () => {
	test('rotate, reset and revoke each email the developers page; refused changes send nothing', async () => {
		const { email, bearer } = await partner()
		const service = await serviceOf(bearer, 'Acme <Connect>')
		const params = { id: service.id }
		// Without a confirmed identity: 403, nothing changes, nothing is sent.
		expect((await c.call('rotateServiceSecret', { bearer, params })).status).toBe(403)
		expect(await c.emails(email)).toEqual([])
		await c.confirmIdentity(bearer)

		const rotated = await c.call('rotateServiceSecret', { bearer, params })
		expect(rotated.status).toBe(201)
		const rotatedMail = await onlyEmail(email, 'client_secret_rotated', service.values)
		expect(rotatedMail.subject).toBe('A new client secret was created for Acme <Connect>')
		expect(rotatedMail.text).toContain(`ending ${rotated.body.data.hint}`)
		expect(rotatedMail.links).toEqual([`${PORTAL_URL}/services/${service.id}/developers`])
		expect((await c.call('rotateServiceSecret', { bearer, params })).status).toBe(422)

		const revoked = await c.call('revokeServiceSecret', {
			bearer,
			params: { ...params, secretId: service.firstSecretId },
		})
		expect(revoked.status).toBe(204)
		await onlyEmail(email, 'client_secret_revoked', service.values)
		const last = await c.call('revokeServiceSecret', { bearer, params: { ...params, secretId: rotated.body.data.id } })
		expect(last.status).toBe(422)

		const reset = await c.call('resetServiceSecret', { bearer, params })
		expect(reset.status).toBe(201)
		const resetMail = await onlyEmail(email, 'client_secret_reset', service.values)
		expect(resetMail.text).toContain(reset.body.data.hint)
		expect(await c.emails(email)).toHaveLength(3)
	})

	test('rotating the signing secret emails until when the previous one signs; a rotation in progress sends nothing', async () => {
		const { email, bearer } = await partner()
		const service = await serviceOf(bearer)
		const params = { id: service.id }
		await c.confirmIdentity(bearer)
		const rotated = await c.call('rotateWebhookSigningSecret', { bearer, params })
		expect(rotated.status).toBe(201)
		const mail = await onlyEmail(email, 'signing_secret_rotated', service.values)
		expect(mail.links).toEqual([`${PORTAL_URL}/services/${service.id}/developers#signing-secret`])
		const previous = rotated.body.data.find((secret: { expires_at: string | null }) => secret.expires_at)
		expect(mail.text).toContain(new Date(previous.expires_at).toUTCString())
		expect((await c.call('rotateWebhookSigningSecret', { bearer, params })).status).toBe(409)
		expect(await c.emails(email)).toHaveLength(1)
	})
})

describe('review decisions', () => {
	// The demo partner's services: Demo Chat is in review, Demo Games not submitted.
	const [, chat, games] = DEMO_SERVICES.map(({ id, name }) => ({ id, values: { service: name, service_id: id } }))

	test('a dismissal emails the reason and the review page; a refused decision sends nothing', async () => {
		const hook = (id: string, body: object) => c.send('POST', `/__mock/services/${id}/review`, { body })
		expect((await hook(chat!.id, { status: 'dismissed' })).status).toBe(422)
		expect((await hook(games!.id, { status: 'dismissed', reason: 'The logo is blurry.' })).status).toBe(422)
		expect(await c.emails(DEMO_EMAIL)).toEqual([])

		await c.mock.setReview(chat!.id, { status: 'dismissed', reason: 'The logo is <blurry>.' })
		const mail = await onlyEmail(DEMO_EMAIL, 'review_dismissed', chat!.values)
		expect(mail.subject).toBe('Demo Chat was not approved')
		expect(mail.text).toContain('The logo is <blurry>.')
		expect(mail.links).toEqual([`${PORTAL_URL}/services/${chat!.id}/verifications#review`])
	})

	test('an approval emails the review page', async () => {
		await c.mock.setReview(chat!.id, { status: 'verified' })
		const mail = await onlyEmail(DEMO_EMAIL, 'review_verified', chat!.values)
		expect(mail.subject).toBe('Demo Chat was approved')
		expect(mail.text).toContain('is live')
		expect(await c.emails(DEMO_EMAIL)).toHaveLength(1)
	})
})

describe('lockout reports', () => {
	const attempt = async (email: string, password: string) => (await c.signInRaw(email, password)).status

	test('the lock is emailed, then each attempt while locked: at once, then at most one email a minute', async () => {
		const email = uniqueEmail()
		await c.createUser({ email })
		for (let i = 1; i <= 4; i++) expect(await attempt(email, 'Wrong-Passw0rd!')).toBe(422)
		expect(await c.emails(email)).toEqual([])
		expect(await attempt(email, 'Wrong-Passw0rd!')).toBe(423)
		const locked = await onlyEmail(email, 'account_locked')
		expect(locked.links).toEqual([`${PORTAL_URL}/auth/reset-password`])

		// While locked: the first attempt (the right password too) is reported at once, without saying it was right.
		await c.advance(10)
		const first = await c.clockDuring(() => attempt(email, PASSWORD))
		expect(first.result).toBe(423)
		const report = await onlyEmail(email, 'sign_in_refused_while_locked')
		expect(report.text).toMatch(first.stamp)
		expect(report.text).not.toMatch(/right|correct/i)

		// Within the interval: kept for the next report.
		await c.advance(5)
		const second = await c.clockDuring(() => attempt(email, 'Wrong-Passw0rd!'))
		expect(second.result).toBe(423)
		expect(await c.emails(email)).toHaveLength(2)

		await c.advance(emailIntervalSeconds)
		const third = await c.clockDuring(() => attempt(email, 'Wrong-Passw0rd!'))
		expect(third.result).toBe(423)
		const reports = (await c.emails(email)).filter(
			(mail) => mail.subject === partnerEmails.sign_in_refused_while_locked.subject,
		)
		expect(reports).toHaveLength(2)
		expect(reports[1]!.text).toMatch(second.stamp)
		expect(reports[1]!.text).toMatch(third.stamp)
		expect(reports[1]!.text).not.toMatch(first.stamp)

		// An attempt in the last minute of the lock is listed by the next lock's email.
		await c.advance(5)
		const tail = await c.clockDuring(() => attempt(email, 'Wrong-Passw0rd!'))
		expect(tail.result).toBe(423)
		await c.advance(300)
		expect(await attempt(email, 'Wrong-Passw0rd!')).toBe(423)
		const relock = await onlyEmail(email, 'sign_in_failed')
		expect(relock.text).toMatch(tail.stamp)
	})

	test("another account's reports are its own", async () => {
		const [a, b] = [uniqueEmail(), uniqueEmail()]
		await c.createUser({ email: a })
		await c.createUser({ email: b })
		for (const email of [a, b]) for (let i = 1; i <= 5; i++) await attempt(email, 'Wrong-Passw0rd!')
		expect(await attempt(a, 'Wrong-Passw0rd!')).toBe(423)
		expect(await attempt(b, 'Wrong-Passw0rd!')).toBe(423)
		await onlyEmail(a, 'sign_in_refused_while_locked')
		await onlyEmail(b, 'sign_in_refused_while_locked')
	})
})

describe('emails to an address not yet verified', () => {
	test('carry nothing the sender typed: no name in a greeting, no service name, not even in a subject', async () => {
		const email = uniqueEmail()
		const name = 'Re-verify: https://evil.example/v'
		const registered = await c.call('register', {
			body: {
				first_name: name,
				last_name: 'Lovelace',
				email,
				password: PASSWORD,
				password_confirmation: PASSWORD,
				company_name: 'Acme',
				country: 'GB',
				locale: 'en-GB',
			},
		})
		expect(registered.status).toBe(201)
		const bearer = (await c.signIn(email)).access
		await c.advance(emailIntervalSeconds)
		const [verification] = (await c.call('listUserVerifications', { bearer })).body.data
		expect((await c.call('resendUserVerification', { bearer, params: { id: verification.id } })).status).toBe(202)
		expect((await c.call('requestPasswordReset', { body: { email } })).status).toBe(202)
		const service = await c.call('createService', { bearer, body: newServiceBody({ name }) })
		await c.confirmIdentity(bearer)
		expect((await c.call('rotateServiceSecret', { bearer, params: { id: service.body.data.id } })).status).toBe(201)
		const next = uniqueEmail()
		const change = await c.call('updateCurrentUser', { bearer, body: { email: next, current_password: PASSWORD } })
		expect(change.status).toBe(200)

		const sent = [...(await c.emails(email)), ...(await c.emails(next))]
		expect(sent.map((mail) => mail.subject)).toEqual([
			partnerEmails.email_verification.subject,
			partnerEmails.email_verification.subject,
			partnerEmails.reset_password.subject,
			fillEmailTemplate(partnerEmails.client_secret_rotated.subject, { service: 'your service' }),
			partnerEmails.email_change.subject,
		])
		for (const mail of sent) {
			expect(mail.text).toMatch(/^Hello,\n/)
			for (const part of ['Re-verify', 'evil', 'example/v']) expect(mail.text).not.toContain(part)
		}
	})
})

describe('GET /__mock/inbox', () => {
	test('an HTML page, newest first, links clickable, every text escaped, no script allowed', async () => {
		const first = uniqueEmail()
		const second = uniqueEmail()
		await c.call('register', {
			body: {
				first_name: '<b>Ada</b>',
				last_name: 'Lovelace',
				email: first,
				password: PASSWORD,
				password_confirmation: PASSWORD,
				company_name: 'Acme',
				country: 'GB',
				locale: 'en-GB',
			},
		})
		await c.call('requestPasswordReset', { body: { email: second } })
		// A verified address is greeted by name (escaped below); the unverified sign-up above is not.
		await c.createUser({ email: second, first_name: '<b>Ada</b>' })
		await c.advance(emailIntervalSeconds)
		await c.call('requestPasswordReset', { body: { email: second } })

		const res = await fetch(`${c.mock.url}/__mock/inbox`)
		expect(res.status).toBe(200)
		expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
		expect(res.headers.get('content-security-policy')).toContain("default-src 'none'")
		const html = await res.text()
		expect(html).toMatch(/^<!doctype html>\n<html lang="en">/)
		expect(html.indexOf('Reset your password')).toBeLessThan(html.indexOf('Verify your email address'))
		expect(html).not.toContain('<b>Ada</b>')
		expect(html).toContain('Hello &lt;b&gt;Ada&lt;/b&gt;,')
		const verifyLink = (await c.lastEmail(first)).links[0]!
		expect(html).toContain(`<a href="${verifyLink}" rel="noreferrer">${verifyLink}</a>`)

		const filtered = await (
			await fetch(`${c.mock.url}/__mock/inbox?to=${encodeURIComponent(second.toUpperCase())}`)
		).text()
		expect(filtered).toContain('Reset your password')
		expect(filtered).not.toContain('Verify your email address')
		expect(filtered).toContain(`value="${second.toUpperCase()}"`)
	})
})
