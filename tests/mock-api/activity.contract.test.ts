import { describe, expect, test } from 'vitest'
import { activityList, clientOriginHeaders, clientOriginLimits, type ActivityEntry } from '../../app/api/contract/index'
import { MOCK_CLIENT_CREDENTIAL } from './client-credential'
import { newServiceBody, uniqueEmail, useTestApi } from './helpers'
import { DEMO_EMAIL, DEMO_PASSWORD, DEMO_SERVICES } from './seed'

const c = useTestApi()
const HOOK_URL = 'https://acme.example/webhooks'

async function partnerWithService() {
	const email = uniqueEmail()
	await c.createUser({ email, first_name: 'Ada', last_name: 'Lovelace' })
	const { access: bearer } = await c.signIn(email)
	const res = await c.call('createService', { bearer, body: newServiceBody() })
	expect(res.status).toBe(201)
	return { email, bearer, service: res.body.data as { id: string; version: number } }
}

async function activity(bearer: string, id: string, query: Record<string, string> = {}): Promise<ActivityEntry[]> {
	const res = await c.call('listServiceActivity', { bearer, params: { id }, query })
	expect(res.status, JSON.stringify(res.body)).toBe(200)
	return activityList.parse(res.body).data
}

describe('listServiceActivity', () => {
	test('a new service has none; each change leaves one entry, newest first, with the partner and no secret', async () => {
		const { email, bearer, service } = await partnerWithService()
		const id = service.id
		expect(await activity(bearer, id)).toEqual([])

		const update = await c.call('updateService', {
			bearer,
			params: { id },
			body: { version: service.version, webhook_url: 'https://acme.example/new-hooks', description: 'New.' },
		})
		expect(update.status).toBe(200)
		await c.confirmIdentity(bearer)
		const rotated = await c.call('rotateServiceSecret', { bearer, params: { id } })
		expect(rotated.status).toBe(201)
		await c.call('toggleServiceSecurityProtection', {
			bearer,
			params: { id, key: 'sessions_revoked' },
			body: { enabled: true },
		})

		const entries = await activity(bearer, id)
		expect(entries.map((entry) => entry.action)).toEqual([
			'protections_changed',
			'client_secret_rotated',
			'identity_confirmed',
			'settings_updated',
		])
		const [protections, secret, , settings] = entries
		expect(protections!.details).toEqual({ enabled: ['sessions_revoked'], disabled: [] })
		expect(secret!.details).toEqual({ secret_hint: rotated.body.data.secret.slice(-4) })
		expect(JSON.stringify(entries)).not.toContain(rotated.body.data.secret)
		expect(settings!.kind).toBe('settings')
		expect(settings!.details.fields).toEqual(['description', 'webhook_url'])
		expect(settings!.details.urls).toEqual([
			{ field: 'webhook_url', from: HOOK_URL, to: 'https://acme.example/new-hooks' },
		])
		expect(settings!.actor).toEqual({ type: 'partner', name: 'Ada Lovelace', email })
		expect(settings!.origin?.ip).toBeTruthy()
	})

	test('a refused change leaves none; a refused identity confirmation does', async () => {
		const { bearer, service } = await partnerWithService()
		const id = service.id
		expect((await c.call('rotateServiceSecret', { bearer, params: { id } })).status).toBe(403)
		const stale = await c.call('updateService', { bearer, params: { id }, body: { version: 999, name: 'X' } })
		expect(stale.status).toBe(409)
		expect((await c.call('submitServiceReview', { bearer, params: { id } })).status).toBe(422)
		expect(await activity(bearer, id)).toEqual([])
		expect((await c.call('confirmIdentity', { bearer, body: { password: 'wrong' } })).status).toBe(422)
		const [refused] = await activity(bearer, id)
		expect(refused).toMatchObject({ action: 'identity_confirmation_refused', details: { method: 'password' } })
	})

	test("the review team's actions name the team, with the reason of a dismissal", async () => {
		const chat = DEMO_SERVICES.find((service) => service.name === 'Demo Chat')!
		const { access: bearer } = await c.signIn(DEMO_EMAIL, DEMO_PASSWORD)
		await c.mock.setReview(chat.id, { status: 'dismissed', reason: 'The logo is blurry.' })
		const [dismissed] = await activity(bearer, chat.id)
		expect(dismissed).toMatchObject({
			action: 'review_dismissed',
			kind: 'review',
			actor: { type: 'review_team', name: null, email: null },
			origin: null,
			details: { reason: 'The logo is blurry.' },
		})
	})

	test('the origin is what the client forwards; another partner gets 404; kind filters; pages do not shift', async () => {
		const { bearer, service } = await partnerWithService()
		const id = service.id
		const res = await fetch(`${c.mock.url}/services/${id}/logo`, {
			method: 'DELETE',
			headers: { authorization: `Bearer ${bearer}` },
		})
		expect(res.status).toBe(200)
		expect(await activity(bearer, id)).toEqual([]) // no logo to remove: nothing changed

		await fetch(`${c.mock.url}/services/${id}/security-protections`, {
			method: 'PUT',
			headers: {
				authorization: `Bearer ${bearer}`,
				'content-type': 'application/json',
				[clientOriginHeaders.credential]: MOCK_CLIENT_CREDENTIAL,
				[clientOriginHeaders.ip]: '198.51.100.23',
				[clientOriginHeaders.userAgent]: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
			},
			body: JSON.stringify({ enabled: ['password_randomised'] }),
		})
		const [entry] = await activity(bearer, id)
		expect(entry!.origin).toEqual({ ip: '198.51.100.23', user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' })

		const other = await partnerWithService()
		expect((await c.call('listServiceActivity', { bearer: other.bearer, params: { id } })).status).toBe(404)

		await c.mock.seedActivity(id, { count: 20 })
		expect(await activity(bearer, id, { kind: 'protections' })).toHaveLength(1)
		expect((await c.call('listServiceActivity', { bearer, params: { id }, query: { kind: 'nope' } })).status).toBe(422)
		const first = await c.call('listServiceActivity', { bearer, params: { id }, query: { per_page: '15' } })
		expect(first.body.data[0].action).toBe('protections_changed')
		await c.call('resetServiceDomainVerification', { bearer, params: { id } })
		const second = await c.call('listServiceActivity', {
			bearer,
			params: { id },
			query: { cursor: first.body.meta.next_cursor },
		})
		expect(second.body.data).toHaveLength(6)
		expect(second.body.meta.next_cursor).toBeNull()
		const ids = new Set([...first.body.data, ...second.body.data].map((item: ActivityEntry) => item.id))
		expect(ids.size).toBe(21)
		expect((await c.call('listServiceActivity', { bearer, params: { id }, query: { cursor: 'x' } })).status).toBe(422)
	})

	test("the origin headers count only with the portal's credential, and only a real address", async () => {
		const { bearer, service } = await partnerWithService()
		let on = false
		/** A change (protections toggled) with `headers`: the origin its entry records. */
		const originOf = async (headers: Record<string, string>) => {
			on = !on
			const res = await fetch(`${c.mock.url}/services/${service.id}/security-protections`, {
				method: 'PUT',
				headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', ...headers },
				body: JSON.stringify({ enabled: on ? ['password_randomised'] : [] }),
			})
			expect(res.status).toBe(200)
			return (await activity(bearer, service.id))[0]!.origin
		}
		const forwarded = { [clientOriginHeaders.ip]: '198.51.100.23', [clientOriginHeaders.userAgent]: 'Browser/1.0' }
		const direct = { ip: expect.stringMatching(/^(::ffff:)?127\.0\.0\.1$/), user_agent: 'Direct/2.0' }
		expect(await originOf({ ...forwarded, 'user-agent': 'Direct/2.0' })).toEqual(direct)
		const wrong = { [clientOriginHeaders.credential]: `${MOCK_CLIENT_CREDENTIAL}x`, 'user-agent': 'Direct/2.0' }
		expect(await originOf({ ...forwarded, ...wrong })).toEqual(direct)
		const portal = { [clientOriginHeaders.credential]: MOCK_CLIENT_CREDENTIAL, 'user-agent': 'Portal/3.0' }
		expect(await originOf({ ...forwarded, ...portal })).toEqual({ ip: '198.51.100.23', user_agent: 'Browser/1.0' })
		const notAnAddress = { ...forwarded, ...portal, [clientOriginHeaders.ip]: '<script>1.2.3.4' }
		expect(await originOf(notAnAddress)).toEqual({ ...direct, user_agent: 'Browser/1.0' })
		const long = {
			...forwarded,
			...portal,
			[clientOriginHeaders.userAgent]: 'A'.repeat(clientOriginLimits.userAgentMax + 100),
		}
		expect((await originOf(long))!.user_agent).toBe('A'.repeat(clientOriginLimits.userAgentMax))
	})

	test('entries are kept 90 days', async () => {
		const { email, bearer, service } = await partnerWithService()
		await c.call('resetServiceDomainVerification', { bearer, params: { id: service.id } })
		await c.advance(89 * 86400)
		expect(await activity((await c.signIn(email)).access, service.id)).toHaveLength(1)
		await c.advance(2 * 86400)
		expect(await activity((await c.signIn(email)).access, service.id)).toEqual([])
	})

	test('test events, endpoint checks and the signing secret rotation are entered with what they made', async () => {
		const { bearer, service } = await partnerWithService()
		const id = service.id
		await c.mock.addWebhookReceiver({ url: HOOK_URL })
		const sent = await c.call('sendWebhookTestEvent', { bearer, params: { id } })
		const checked = await c.call('checkWebhookEndpoint', { bearer, params: { id } })
		await c.confirmIdentity(bearer)
		const rotated = await c.call('rotateWebhookSigningSecret', { bearer, params: { id } })
		expect(rotated.status).toBe(201)
		const entries = await activity(bearer, id, { kind: 'webhooks' })
		expect(entries.map((entry) => [entry.action, entry.details])).toEqual([
			['webhook_endpoint_checked', { check_id: checked.body.data.id }],
			['webhook_test_sent', { delivery_id: sent.body.data.id }],
		])
		const [rotation] = await activity(bearer, id, { kind: 'signing_secret' })
		expect(rotation!.details.secret_hint).toHaveLength(4)
	})
})
