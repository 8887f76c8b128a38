/**
 * What rotating the webhook signing secret answers (moved from e2e/services-developers.spec.ts, issue 53): the
 * password checked first, then a second rotation refused with until when while the previous secret still signs.
 */
import i18next from 'i18next'
import { beforeEach, expect, test } from 'vitest'
import { identityConfirmationSeconds } from '#app/api/contract/constants'
import { formatDateTime } from '#app/utils/date-time'
import { PASSWORD } from '#tests/mock-api/helpers'
import {
	type RouteBrowser,
	partnerWithService,
	useRouteTestApi,
	type RouteAnswer,
	type RouteModule,
} from '#tests/setup/routes'
import * as root from '#app/root'
import * as appLayout from '#app/routes/_app'
import * as developers from '#app/routes/services/developers'
import * as service from '#app/routes/services/service'
import * as signingSecretReveal from '#app/routes/services/signing-secret-reveal'
import * as signingSecretRotate from '#app/routes/services/signing-secret-rotate'

const api = useRouteTestApi()
const t = i18next.getFixedT('en-GB', ['common', 'developers'])
const ROTATE = [appLayout, service, signingSecretRotate]
const REVEAL = [appLayout, service, signingSecretReveal]
const DEVELOPERS = [appLayout, service, developers]
const ROOT: RouteModule = { loader: root.loader as RouteModule['loader'] }

type Reply = { result: { error: Record<string, string[]>; initialValue: Record<string, unknown> } }
const reply = (answer: RouteAnswer) => (answer.data as Reply).result

let browser: RouteBrowser
let access: string
let serviceId: string
beforeEach(async () => {
	;({ browser, access, serviceId } = await partnerWithService(api))
})

const path = () => `/services/${serviceId}/developers/signing-secret/rotate`
const rotate = (fields: Record<string, string>) => browser.post(ROTATE, path(), fields, { serviceId })
const withPassword = { identity_method: 'password', password: PASSWORD }
const signingSecrets = async () =>
	(await api.call('listWebhookSigningSecrets', { bearer: access, params: { id: serviceId } })).body.data as Array<{
		expires_at: string | null
	}>

test('the password first: none is 400, a wrong one 422 on its field, never echoed; nothing rotated', async () => {
	const none = await rotate({ identity_method: 'password', password: '' })
	expect(none.response.status).toBe(400)
	expect(reply(none).error).toEqual({ password: ['This field is required.'] })
	const wrong = await rotate({ identity_method: 'password', password: 'Not-My-Password-1!' })
	expect(wrong.response.status).toBe(422)
	expect(reply(wrong).error).toEqual({ password: [t('common:errors.passwordIncorrect')] })
	expect(JSON.stringify(wrong.data)).not.toContain('Not-My-Password-1!')
	await api.confirmIdentity(access)
	expect(await signingSecrets()).toHaveLength(1)
})

test('again while the previous secret still signs: refused with until when, on the page and as a 422; after it, it rotates', async () => {
	const first = await rotate(withPassword)
	expect(first.response.status).toBe(302)
	expect(first.response.headers.get('location')).toBe(`/services/${serviceId}/developers#signing-secret`)
	const until = (await signingSecrets()).find((secret) => secret.expires_at)!.expires_at!
	const refusal = t('developers:signingSecret.rotate.inOverlap', { time: formatDateTime(until) })

	expect((await browser.get(ROTATE, path(), { serviceId })).data).toMatchObject({ refusals: [refusal] })
	// Posted anyway (a page opened before, another tab).
	const posted = await rotate({ identity_method: 'confirmed' })
	expect(posted.response.status).toBe(422)
	expect(reply(posted).error['']).toEqual([refusal])
	// Once the confirmation has ended the page cannot know: the API refuses after the password, with the same words.
	await api.advance(identityConfirmationSeconds)
	expect((await browser.get(ROTATE, path(), { serviceId })).data).toMatchObject({ refusals: null })
	const confirmedAgain = await rotate(withPassword)
	expect(confirmedAgain.response.status).toBe(422)
	expect(reply(confirmedAgain).error['']).toEqual([refusal])
	expect((await signingSecrets()).map((secret) => secret.expires_at)).toEqual([null, until])

	await api.advance(24 * 3600)
	expect((await rotate(withPassword)).response.status).toBe(302)
	// A new overlap, of the secret it replaced (the browser's sign-in refreshed meanwhile, not the test's token).
	const refusals = ((await browser.get(ROTATE, path(), { serviceId })).data as { refusals: string[] }).refusals
	expect(refusals).toEqual([expect.stringMatching(/^The previous signing secret still works until .+\. Rotate again/)])
	expect(refusals[0]).not.toBe(refusal)
})

test('revealing the signing secret: none in the page until the password, then shown for five minutes; confirmed, the page goes straight there', async () => {
	const reveal = `/services/${serviceId}/developers/signing-secret/reveal`
	const shown = async () =>
		(
			(await browser.get(DEVELOPERS, `/services/${serviceId}/developers`, { serviceId })).data as {
				signingSecrets: Array<{ secret: string }> | null
			}
		).signingSecrets
	expect(await shown()).toBeNull()
	expect((await browser.get(REVEAL, reveal, { serviceId })).data).toMatchObject({
		identity: { confirmed: false, use: 'password' },
	})
	const wrong = await browser.post(
		REVEAL,
		reveal,
		{ identity_method: 'password', password: 'Not-My-Password-1!' },
		{ serviceId },
	)
	expect(wrong.response.status).toBe(422)
	expect(reply(wrong).error).toEqual({ password: [t('common:errors.passwordIncorrect')] })
	expect(JSON.stringify(wrong.data)).not.toMatch(/Not-My-Password-1!|whsec_/)
	expect(await shown()).toBeNull()

	const right = await browser.post(REVEAL, reveal, withPassword, { serviceId })
	expect(right.response.status).toBe(302)
	expect(right.response.headers.get('location')).toBe(`/services/${serviceId}/developers#signing-secret`)
	const { flash } = (await browser.get([ROOT], '/')).data as { flash: { message: string } }
	expect(flash.message).toBe(t('developers:signingSecret.reveal.done', { count: identityConfirmationSeconds / 60 }))
	const secrets = await shown()
	expect(secrets?.map((secret) => secret.secret)).toEqual([expect.stringMatching(/^whsec_/)])
	// Already confirmed: nothing to ask, straight to the secret.
	const again = await browser.get(REVEAL, reveal, { serviceId })
	expect(again.response.status).toBe(302)
	expect(again.response.headers.get('location')).toBe(`/services/${serviceId}/developers#signing-secret`)
	// Once the confirmation ends, the secret leaves the page.
	await api.advance(identityConfirmationSeconds)
	expect(await shown()).toBeNull()
})
