/**
 * What the client secrets' confirmation pages answer (moved from e2e/services-secrets.spec.ts and, the reset's email,
 * e2e/emails.spec.ts, issue 53): a third secret and the last one's revoke refused, an outage, a reset's secret shown
 * once and its email, wrong authenticator codes past the limit, and each last use.
 */
import i18next from 'i18next'
import { beforeEach, describe, expect, test } from 'vitest'
import { pickTokenPair, tokenPairResponse, wrongPasswordConfirmations } from '#app/api/contract/index'
import { serviceMessages } from '#app/api/contract/services'
import { formatDuration } from '#app/utils/duration'
import { newServiceBody, PASSWORD, uniqueEmail } from '#tests/mock-api/helpers'
import { totp } from '#tests/mock-api/totp'
import { RouteBrowser, useRouteTestApi, type RouteAnswer, type RouteModule } from '#tests/setup/routes'
import * as root from '#app/root'
import * as appLayout from '#app/routes/_app'
import * as service from '#app/routes/services/service'
import * as developers from '#app/routes/services/developers'
import * as secretsReset from '#app/routes/services/secrets-reset'
import * as secretsRevoke from '#app/routes/services/secrets-revoke'
import * as secretsRotate from '#app/routes/services/secrets-rotate'

const api = useRouteTestApi()
const t = i18next.getFixedT('en-GB', ['common', 'developers', 'identity'])
const ROOT: RouteModule = { loader: root.loader as RouteModule['loader'] }
const SERVICE = [appLayout, service]
const WITH_PASSWORD = { identity_method: 'password', password: PASSWORD }

type Secret = { id: string; hint: string; last_used_at: string | null }
type Reply = { result: { error: Record<string, string[]>; initialValue: Record<string, unknown> } }
const summary = (answer: RouteAnswer) => (answer.data as Reply).result.error[''] ?? []

let browser: RouteBrowser
let access: string
let serviceId: string
let clientId: string

/** A partner signed in with `pair`, and a new service of theirs (one live secret, shown at its creation). */
async function withService(pair: { access: string; refresh: string }) {
	access = pair.access
	const created = (await api.call('createService', { bearer: access, body: newServiceBody() })).body.data
	;({ id: serviceId, client_id: clientId } = created)
	browser = await RouteBrowser.create()
	await browser.signIn(pair)
}

const liveSecrets = async () =>
	(await api.call('listServiceSecrets', { bearer: access, params: { id: serviceId } })).body.data as Secret[]
/** A second secret, made through the API (another tab); answers it with its value. */
async function rotateThroughApi() {
	await api.confirmIdentity(access)
	return (await api.call('rotateServiceSecret', { bearer: access, params: { id: serviceId } })).body.data as Secret & {
		secret: string
	}
}

const path = (rest: string) => `/services/${serviceId}/developers${rest}`
const rotate = (fields: Record<string, string> = WITH_PASSWORD) =>
	browser.post([...SERVICE, secretsRotate], path('/secrets/rotate'), fields, { serviceId })
const revokePage = (secretId: string) =>
	browser.get([...SERVICE, secretsRevoke], path(`/secrets/${secretId}/revoke`), { serviceId, secretId })
const revoke = (secretId: string) =>
	browser.post([...SERVICE, secretsRevoke], path(`/secrets/${secretId}/revoke`), WITH_PASSWORD, {
		serviceId,
		secretId,
	})
const reset = (fields: Record<string, string> = WITH_PASSWORD) =>
	browser.post([...SERVICE, secretsReset], path('/secrets/reset'), fields, { serviceId })

describe('a partner signed in with a password', () => {
	beforeEach(async () => {
		const email = uniqueEmail()
		await api.createUser({ email })
		await withService(await api.signIn(email))
	})

	test('a rotate with two live secrets is refused with 422 and the message; nothing is added', async () => {
		await rotateThroughApi()
		const answer = await rotate()
		expect(answer.error).toBeUndefined()
		expect(answer.response.status).toBe(422)
		expect(summary(answer)).toEqual([serviceMessages.tooManySecrets])
		expect(await liveSecrets()).toHaveLength(2)
	})

	test('the rotate page opened with two live secrets says so instead of offering the change', async () => {
		const before = await browser.get([...SERVICE, secretsRotate], path('/secrets/rotate'), { serviceId })
		expect(before.data).toMatchObject({ refusals: null })
		await rotateThroughApi()
		const after = await browser.get([...SERVICE, secretsRotate], path('/secrets/rotate'), { serviceId })
		expect(after.response.status).toBe(200)
		expect(after.data).toMatchObject({ refusals: [serviceMessages.tooManySecrets], back: path('') })
	})

	test('the revoke of the last live secret is refused with 422 and the message; it still works', async () => {
		const [only] = await liveSecrets()
		const answer = await revoke(only!.id)
		expect(answer.error).toBeUndefined()
		expect(answer.response.status).toBe(422)
		expect(summary(answer)).toEqual([serviceMessages.lastSecret])
		expect((await liveSecrets()).map((secret) => secret.id)).toEqual([only!.id])
	})

	test('of two secrets, one revoke goes through; the other is then refused, its page says why, the revoked one is 404', async () => {
		const [first] = await liveSecrets()
		const second = await rotateThroughApi()
		const both = await revokePage(first!.id)
		expect(both.data).toMatchObject({ refusals: null, other: { hint: second.hint } })
		const done = await revoke(second.id)
		expect(done.response.status).toBe(302)
		expect(done.response.headers.get('location')).toBe(path(''))
		// A page opened before the other revoke.
		const refused = await revoke(first!.id)
		expect(refused.response.status).toBe(422)
		expect(summary(refused)).toEqual([serviceMessages.lastSecret])
		expect((await revokePage(first!.id)).data).toMatchObject({ refusals: [serviceMessages.lastSecret], other: null })
		const gone = await revokePage(second.id)
		expect(gone.error).toBeUndefined()
		expect(gone.response.status).toBe(404)
	})

	test('an outage on reset: 503 "not saved" on the page, the secret unchanged and none shown', async () => {
		const before = await liveSecrets()
		await api.mock.fault({ method: 'POST', path: `/services/${serviceId}/secrets/reset`, status: 503 })
		const answer = await reset()
		expect(answer.response.status).toBe(503)
		expect(summary(answer)).toEqual([
			t('common:errors.notSaved'),
			t('common:errors.reference', { requestId: answer.response.headers.get('x-request-id') }),
		])
		expect(await liveSecrets()).toEqual(before)
		const page = await browser.get([...SERVICE, developers], path(''), { serviceId })
		expect(page.data).toMatchObject({ newSecret: null, secrets: [{ id: before[0]!.id }] })
	})

	test('a reset leads to the developers page, shows the new secret there once, and emails the owner a link to it', async () => {
		const before = await liveSecrets()
		const answer = await reset()
		expect(answer.response.status).toBe(302)
		expect(answer.response.headers.get('location')).toBe(path(''))
		const { flash } = (await browser.get([ROOT], '/')).data as { flash: { message: string } }
		expect(flash.message).toBe(t('developers:secrets.reset.done'))
		const page = await browser.get([...SERVICE, developers], path(''), { serviceId })
		const { newSecret, secrets } = page.data as { newSecret: string | null; secrets: Secret[] }
		expect(secrets.map((secret) => secret.id)).not.toContain(before[0]!.id)
		expect(newSecret).toMatch(new RegExp(`${secrets[0]!.hint}$`))
		// Once: the next answer of the page has it no more.
		expect((await browser.get([...SERVICE, developers], path(''), { serviceId })).data).toMatchObject({
			newSecret: null,
		})
		const { email } = (await api.call('getCurrentUser', { bearer: access })).body.data as { email: string }
		const mail = await api.lastEmail(email)
		expect(mail.subject).toBe('The client secrets of Acme Connect were reset')
		expect(mail.links.map((link) => new URL(link).pathname)).toEqual([path('')])
		expect(mail.text).not.toContain(newSecret!)
	})

	test("each live secret's last use is the service's authentication with it; the other one is never used", async () => {
		const [first] = await liveSecrets()
		const second = await rotateThroughApi()
		await api.advance(120)
		const used = await api.mock.authenticateClient({ client_id: clientId, client_secret: second.secret })
		const page = await browser.get([...SERVICE, developers], path(''), { serviceId })
		const shown = (page.data as { secrets: Secret[] }).secrets
		expect(shown.find((secret) => secret.id === second.id)?.last_used_at).toBe(used.used_at)
		expect(shown.find((secret) => secret.id === first!.id)?.last_used_at).toBeNull()
	})
})

describe('a partner with the authenticator app', () => {
	let secret: string
	beforeEach(async () => {
		const email = uniqueEmail()
		secret = (await api.createUser({ email, totp: true })).totp_secret!
		const restricted = await api.signIn(email)
		const full = await api.call('createAuthenticationToken', {
			params: { id: await api.typeId('totp') },
			bearer: restricted.access,
			body: { code: totp(secret, await api.now()) },
		})
		expect(full.status).toBe(201)
		await withService(pickTokenPair(tokenPairResponse.parse(full.body).data)!)
		// A step after the sign-in's (whose code is spent).
		await api.advance(30)
	})

	test('wrong codes count with wrong passwords: past the limit the right code and the password are 429, nothing confirmed', async () => {
		const right = totp(secret, await api.now())
		const wrong = right === '000000' ? '111111' : '000000'
		for (let n = 1; n <= wrongPasswordConfirmations.max; n++) {
			const answer = await reset({ identity_method: 'totp', code: wrong })
			expect(answer.response.status, `wrong code ${n}`).toBe(422)
			expect((answer.data as Reply).result.error.code).toEqual(['The code is invalid.'])
		}
		for (const fields of [{ identity_method: 'totp', code: right }, WITH_PASSWORD]) {
			const answer = await reset(fields)
			expect(answer.response.status, fields.identity_method).toBe(429)
			const seconds = (answer.data as { retryAfterSeconds: number }).retryAfterSeconds
			expect(seconds).toBeGreaterThan(0)
			expect(summary(answer)).toEqual([t('common:errors.rateLimited', { time: formatDuration(seconds, t) })])
		}
		const secrets = await liveSecrets()
		expect(secrets).toHaveLength(1)
		const page = await browser.get([...SERVICE, secretsReset], path('/secrets/reset'), { serviceId })
		expect(page.data).toMatchObject({ identity: { confirmed: false } })
	})
})
