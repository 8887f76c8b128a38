/**
 * What the review's confirmation pages and the domain check answer when the API refuses the step (moved from
 * e2e/services-verifications.spec.ts, issue 53): a 422 with the API's words, never a 5xx, and nothing changed.
 */
import i18next from 'i18next'
import { beforeEach, expect, test } from 'vitest'
import { pngFile } from '#tests/mock-api/image-fixtures'
import {
	type RouteBrowser,
	partnerWithService,
	useRouteTestApi,
	type RouteAnswer,
	type RouteModule,
} from '#tests/setup/routes'
import * as root from '#app/root'
import * as appLayout from '#app/routes/_app'
import * as service from '#app/routes/services/service'
import * as verifications from '#app/routes/services/verifications'
import * as verificationsCancel from '#app/routes/services/verifications-cancel'
import * as verificationsReset from '#app/routes/services/verifications-reset'
import * as verificationsSubmit from '#app/routes/services/verifications-submit'

const api = useRouteTestApi()
const t = i18next.getFixedT('en-GB', ['common', 'verifications'])
const ROOT: RouteModule = { loader: root.loader as RouteModule['loader'] }
const SERVICE = [appLayout, service]
const NOT_READY = ['The domain must be verified.', 'The service must have a logo.']
const ALREADY_SUBMITTED = 'The review is already submitted.'
const VERIFIED_NOT_CANCELLED = 'A verified review cannot be cancelled.'

type Reply = { result: { error: Record<string, string[]> } }
const summary = (answer: RouteAnswer) => (answer.data as Reply).result.error[''] ?? []

let browser: RouteBrowser
let access: string
let serviceId: string
beforeEach(async () => {
	;({ browser, access, serviceId } = await partnerWithService(api))
})

/** The whole checklist met through the API: the domain proven by its TXT record, and a logo. */
async function meetChecklist() {
	const { dns_record } = (await api.call('getService', { bearer: access, params: { id: serviceId } })).body.data
		.domain_verification
	await api.mock.addDnsRecord(dns_record)
	expect((await api.call('verifyServiceDomain', { bearer: access, params: { id: serviceId } })).status).toBe(200)
	const upload = await fetch(`${api.mock.url}/uploads/tmp`, {
		method: 'POST',
		headers: { authorization: `Bearer ${access}`, accept: 'application/json', 'content-type': 'image/png' },
		body: pngFile(128, 128),
	})
	const uploadId = ((await upload.json()) as { data: { id: string } }).data.id
	const attached = await api.call('attachServiceLogo', {
		bearer: access,
		params: { id: serviceId },
		body: { upload_id: uploadId },
	})
	expect(attached.status).toBe(200)
}

const page = (rest = '') => `/services/${serviceId}/verifications${rest}`
const reviewStatus = async () =>
	(await api.call('getService', { bearer: access, params: { id: serviceId } })).body.data.review.status
const submitPage = () => browser.get([...SERVICE, verificationsSubmit], page('/submit'), { serviceId })
const submit = () => browser.post([...SERVICE, verificationsSubmit], page('/submit'), {}, { serviceId })
const cancelPage = () => browser.get([...SERVICE, verificationsCancel], page('/cancel'), { serviceId })
const cancel = () => browser.post([...SERVICE, verificationsCancel], page('/cancel'), {}, { serviceId })

test('before the checklist is met the submit page lists what is missing; a post anyway is the API’s 422', async () => {
	expect((await submitPage()).data).toMatchObject({ refusals: NOT_READY })
	const answer = await submit()
	expect(answer.error).toBeUndefined()
	expect(answer.response.status).toBe(422)
	expect(summary(answer)).toEqual(NOT_READY)
	expect(await reviewStatus()).toBe('not_submitted')
})

test('a double submit: the first goes through, the second is a 422 "already submitted", as the page then says', async () => {
	await meetChecklist()
	expect((await submitPage()).data).toMatchObject({ refusals: null })
	const first = await submit()
	expect(first.response.status).toBe(302)
	expect(first.response.headers.get('location')).toBe(page('#review'))
	const second = await submit()
	expect(second.error).toBeUndefined()
	expect(second.response.status).toBe(422)
	expect(summary(second)).toEqual([ALREADY_SUBMITTED])
	expect((await submitPage()).data).toMatchObject({ refusals: [ALREADY_SUBMITTED] })
	expect(await reviewStatus()).toBe('submitted')
})

test('cancelling a review the reviewer verified meanwhile: 422 with the API’s words, still verified', async () => {
	await meetChecklist()
	expect((await submit()).response.status).toBe(302)
	expect((await cancelPage()).data).toMatchObject({ refusals: null })
	await api.mock.setReview(serviceId, { status: 'verified' })
	const answer = await cancel()
	expect(answer.error).toBeUndefined()
	expect(answer.response.status).toBe(422)
	expect(summary(answer)).toEqual([VERIFIED_NOT_CANCELLED])
	expect((await cancelPage()).data).toMatchObject({ refusals: [VERIFIED_NOT_CANCELLED] })
	expect(await reviewStatus()).toBe('verified')
})

test('verifying a verified domain is a 422 on the page; an unknown intent is a 400 that calls no API', async () => {
	await meetChecklist()
	const verify = (intent: string) => browser.post([...SERVICE, verifications], page(), { intent }, { serviceId })
	const again = await verify('verify')
	expect(again.error).toBeUndefined()
	expect(again.response.status).toBe(422)
	expect(summary(again)).toEqual(['The domain is already verified.'])
	await api.mock.clearRequests()
	const unknown = await verify('delete')
	expect(unknown.response.status).toBe(400)
	expect((await api.mock.requests()).filter((request) => request.method !== 'GET')).toEqual([])
})

test('resetting a verified domain warns first, then issues a new token: unverified, back to the domain, said once', async () => {
	await meetChecklist()
	const domain = async () =>
		(await api.call('getService', { bearer: access, params: { id: serviceId } })).body.data.domain_verification as {
			token: string
			status: string
		}
	const before = await domain()
	const reset = [...SERVICE, verificationsReset]
	expect((await browser.get(reset, page('/reset'), { serviceId })).data).toMatchObject({ verified: true })
	const answer = await browser.post(reset, page('/reset'), {}, { serviceId })
	expect(answer.response.status).toBe(302)
	expect(answer.response.headers.get('location')).toBe(page('#domain'))
	const { flash } = (await browser.get([ROOT], '/')).data as { flash: { message: string } }
	expect(flash.message).toBe(t('verifications:reset.done'))
	const after = await domain()
	expect(after.status).toBe('unverified')
	expect(after.token).not.toBe(before.token)
	expect((await browser.get(reset, page('/reset'), { serviceId })).data).toMatchObject({ verified: false })

	// The API down: the same page with "not saved", the token as it was.
	await api.mock.fault({ method: 'POST', path: `/services/${serviceId}/domain-verification/reset`, status: 503 })
	const down = await browser.post(reset, page('/reset'), {}, { serviceId })
	expect(down.response.status).toBe(503)
	expect(summary(down)[0]).toBe(t('common:errors.notSaved'))
	expect((await domain()).token).toBe(after.token)
})
