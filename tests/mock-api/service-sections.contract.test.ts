import { describe, expect, test } from 'vitest'
import {
	createServiceResponse,
	reviewTransitionMessage,
	securityProtectionList,
	serviceResponse,
	serviceReviewResponse,
	serviceStatisticsResponse,
	uploadResponse,
	type Service,
} from '../../app/api/contract/index'
import { useTestApi, uniqueEmail, type Res } from './helpers'
import { pngFile } from './image-fixtures'
import { DEMO_EMAIL, DEMO_PASSWORD, DEMO_SERVICES } from './seed'

const c = useTestApi()

let keys = 0
const serviceBody = (website = 'https://acme.example/') => ({
	name: 'Acme Connect',
	description: 'Links Acme accounts.',
	category: 'productivity',
	website_url: website,
	webhook_url: 'https://acme.example/webhooks',
	authorization_url: 'https://acme.example/connect',
	idempotency_key: `sections-${++keys}`,
})

async function partner(email = uniqueEmail()) {
	await c.createUser({ email })
	return (await c.signIn(email)).access
}

async function create(bearer: string, website?: string) {
	const res = await c.call('createService', { bearer, body: serviceBody(website) })
	expect(res.status, JSON.stringify(res.body)).toBe(201)
	return createServiceResponse.parse(res.body).data
}

/** A partner and a new service of theirs. */
async function setup(website?: string) {
	const email = uniqueEmail()
	const bearer = await partner(email)
	const service = await create(bearer, website)
	return { email, bearer, service, id: service.id, params: { id: service.id } }
}

async function get(bearer: string, id: string): Promise<Service> {
	return serviceResponse.parse((await c.call('getService', { bearer, params: { id } })).body).data
}

const ok = (res: Res, status = 200) => {
	expect(res.status, JSON.stringify(res.body)).toBe(status)
	return res
}

async function attachLogo(bearer: string, id: string) {
	const response = await fetch(`${c.mock.url}/uploads/tmp`, {
		method: 'POST',
		headers: { authorization: `Bearer ${bearer}` },
		body: pngFile(128, 128),
	})
	const upload = uploadResponse.parse(await response.json()).data
	ok(await c.call('attachServiceLogo', { bearer, params: { id }, body: { upload_id: upload.id } }))
}

/** Meets the whole checklist: logo, verified domain (by TXT); the URLs and the description are set at creation. */
async function complete(bearer: string, service: Service) {
	await attachLogo(bearer, service.id)
	await c.mock.addDnsRecord({ ...service.domain_verification.dns_record! })
	ok(await c.call('verifyServiceDomain', { bearer, params: { id: service.id } }))
}

describe('security protections', () => {
	test('the catalogue is public: key, event, title and what end users see', async () => {
		const { data } = securityProtectionList.parse(ok(await c.call('listSecurityProtections')).body)
		expect(data.map((protection) => protection.key)).toEqual([
			'password_randomised',
			'sessions_revoked',
			'linked_account_disconnected',
		])
		for (const protection of data) {
			expect(protection.event).toBe('password_changed_to_random_string')
			expect(protection.title).not.toBe('')
			expect(protection.explanation).toMatch(/emergency button/)
		}
	})

	test('a new service has every protection off, in catalogue order', async () => {
		const { service } = await setup()
		expect(service.security_protections).toEqual([
			{ key: 'password_randomised', enabled: false },
			{ key: 'sessions_revoked', enabled: false },
			{ key: 'linked_account_disconnected', enabled: false },
		])
	})

	test('the whole set at once: listed keys on, the others off; version unchanged', async () => {
		const { bearer, params, service } = await setup()
		const on = ok(
			await c.call('setServiceSecurityProtections', {
				bearer,
				params,
				body: { enabled: ['linked_account_disconnected', 'password_randomised'] },
			}),
		)
		expect(serviceResponse.parse(on.body).data.security_protections).toEqual([
			{ key: 'password_randomised', enabled: true },
			{ key: 'sessions_revoked', enabled: false },
			{ key: 'linked_account_disconnected', enabled: true },
		])
		expect(on.body.data.version).toBe(service.version)
		const off = ok(await c.call('setServiceSecurityProtections', { bearer, params, body: { enabled: [] } }))
		expect(off.body.data.security_protections.every((p: { enabled: boolean }) => !p.enabled)).toBe(true)
		expect((await get(bearer, service.id)).security_protections).toEqual(off.body.data.security_protections)
	})

	test('one at a time (idempotent), leaving the others as they are', async () => {
		const { bearer, id } = await setup()
		await c.call('setServiceSecurityProtections', {
			bearer,
			params: { id },
			body: { enabled: ['password_randomised'] },
		})
		for (let i = 0; i < 2; i++) {
			const res = ok(
				await c.call('toggleServiceSecurityProtection', {
					bearer,
					params: { id, key: 'sessions_revoked' },
					body: { enabled: true },
				}),
			)
			expect(res.body.data.security_protections.filter((p: { enabled: boolean }) => p.enabled)).toHaveLength(2)
		}
		const off = ok(
			await c.call('toggleServiceSecurityProtection', {
				bearer,
				params: { id, key: 'password_randomised' },
				body: { enabled: false },
			}),
		)
		expect(off.body.data.security_protections).toEqual([
			{ key: 'password_randomised', enabled: false },
			{ key: 'sessions_revoked', enabled: true },
			{ key: 'linked_account_disconnected', enabled: false },
		])
	})

	test('unknown keys are 422 on the set and 404 on a single toggle; a missing flag is 422', async () => {
		const { bearer, id } = await setup()
		const bad = await c.call('setServiceSecurityProtections', {
			bearer,
			params: { id },
			body: { enabled: ['sessions_revoked', 'account_takeover'] },
		})
		expect(bad.status).toBe(422)
		expect(bad.body).toEqual({ message: 'This field is invalid.', errors: { 'enabled.1': ['This field is invalid.'] } })
		expect((await c.call('setServiceSecurityProtections', { bearer, params: { id }, body: {} })).body.errors).toEqual({
			enabled: ['This field is required.'],
		})
		const unknown = await c.call('toggleServiceSecurityProtection', {
			bearer,
			params: { id, key: 'account_takeover' },
			body: { enabled: true },
		})
		expect(unknown.status).toBe(404)
		const noFlag = await c.call('toggleServiceSecurityProtection', {
			bearer,
			params: { id, key: 'sessions_revoked' },
			body: { enabled: 'yes' },
		})
		expect(noFlag.body.errors).toEqual({ enabled: ['This field is invalid.'] })
	})
})

describe('translations', () => {
	test('en-GB is the service name and description; other locales optional; a left-out locale is removed', async () => {
		const { bearer, id, service } = await setup()
		// Created with a description: its own name and description are its en-GB translation, counted at once.
		expect(service.translations).toEqual([{ locale: 'en-GB', name: service.name, description: service.description }])
		const saved = ok(
			await c.call('saveServiceTranslations', {
				bearer,
				params: { id },
				body: {
					translations: {
						'fr-FR': { name: 'Acme Connexion', description: 'Relie les comptes Acme.' },
						'en-GB': { name: 'Acme Link', description: 'Links Acme accounts.' },
						'de-DE': { name: 'Acme Verbindung', description: 'Verbindet Acme-Konten.' },
					},
				},
			}),
		)
		const data = serviceResponse.parse(saved.body).data
		expect(data).toMatchObject({ name: 'Acme Link', description: 'Links Acme accounts.', version: service.version + 1 })
		expect(data.translations.map((translation) => translation.locale)).toEqual(['en-GB', 'fr-FR', 'de-DE'])

		// The settings form renames the service: the en-GB translation follows.
		ok(await c.call('updateService', { bearer, params: { id }, body: { name: 'Acme Bridge', version: data.version } }))
		const renamed = await get(bearer, id)
		expect(renamed.translations[0]).toEqual({
			locale: 'en-GB',
			name: 'Acme Bridge',
			description: 'Links Acme accounts.',
		})

		const fewer = ok(
			await c.call('saveServiceTranslations', {
				bearer,
				params: { id },
				body: { translations: { 'en-GB': { name: 'Acme Bridge', description: 'Links Acme accounts.' } } },
			}),
		)
		expect(fewer.body.data.translations).toEqual([
			{ locale: 'en-GB', name: 'Acme Bridge', description: 'Links Acme accounts.' },
		])
		// Nothing of the name changed: the version stays.
		expect(fewer.body.data.version).toBe(renamed.version)
	})

	test('en-GB is required; limits of the service fields; errors by locale', async () => {
		const { bearer, id } = await setup()
		const missing = await c.call('saveServiceTranslations', {
			bearer,
			params: { id },
			body: { translations: { 'ro-RO': { name: 'Acme', description: 'Conturi Acme.' } } },
		})
		expect(missing.status).toBe(422)
		expect(missing.body.errors).toEqual({ 'translations.en-GB': ['This field is required.'] })

		const invalid = await c.call('saveServiceTranslations', {
			bearer,
			params: { id },
			body: {
				translations: {
					'en-GB': { name: ' ', description: 'Fine.' },
					'it-IT': { name: 'x'.repeat(101), description: 'y'.repeat(1001) },
					'pt-BR': { name: 'Acme' },
					'xx-XX': { name: 'Nope', description: 'Nope.' },
				},
			},
		})
		expect(invalid.status).toBe(422)
		expect(invalid.body).toEqual({
			message: 'This field is required. (and 3 more errors)',
			errors: {
				'translations.en-GB.name': ['This field is required.'],
				'translations.it-IT.name': ['This field must be at most 100 characters.'],
				'translations.it-IT.description': ['This field must be at most 1000 characters.'],
				'translations.pt-BR.description': ['This field is required.'],
			},
		})
		expect((await get(bearer, id)).translations.map((translation) => translation.locale)).toEqual(['en-GB'])
	})

	test('with a version, a stale one is 409 with the current service', async () => {
		const { bearer, id, service } = await setup()
		ok(await c.call('updateService', { bearer, params: { id }, body: { name: 'Elsewhere', version: service.version } }))
		const stale = await c.call('saveServiceTranslations', {
			bearer,
			params: { id },
			body: { version: service.version, translations: { 'en-GB': { name: 'Mine', description: 'Mine.' } } },
		})
		expect(stale.status).toBe(409)
		expect(stale.body).toMatchObject({ code: 'version_conflict', data: { name: 'Elsewhere' } })
	})
})

describe('domain verification', () => {
	test('a new service is unverified, with both ways to prove the domain of its website', async () => {
		const { service } = await setup('https://Shop.Acme.example/path?x=1')
		const { token } = service.domain_verification
		expect(token).toMatch(/^[0-9a-f]{32}$/)
		expect(service.domain_verification).toEqual({
			domain: 'shop.acme.example',
			token,
			status: 'unverified',
			verified_at: null,
			dns_record: {
				name: '_partner-verification.shop.acme.example',
				type: 'TXT',
				value: `partner-verification=${token}`,
			},
			file: { url: 'https://shop.acme.example/.well-known/partner-verification.txt', content: token },
			last_check: null,
		})
	})

	test('a failed check shows what was found for each way; then the TXT record proves it', async () => {
		const { bearer, params, service } = await setup()
		const { dns_record, file: fileProof, token } = service.domain_verification
		const [dns, file] = [dns_record!, fileProof!]

		const nothing = serviceResponse.parse(ok(await c.call('verifyServiceDomain', { bearer, params })).body).data
		expect(nothing.domain_verification).toMatchObject({
			status: 'failed',
			verified_at: null,
			last_check: {
				dns: { found: [], matched: false },
				file: { status: 404, first_line: null, matched: false },
			},
		})

		await c.mock.addDnsRecord({ name: dns.name, type: 'TXT', value: 'partner-verification=wrong' })
		await c.mock.addDnsRecord({ name: dns.name, type: 'CNAME', value: 'elsewhere.example' })
		await c.mock.addDnsRecord({ name: '_partner-verification.other.example', type: 'TXT', value: dns.value })
		await c.mock.serveWellKnown({ url: file.url, content: `<html>\r\n${token}`, status: 200 })
		const wrong = serviceResponse.parse(ok(await c.call('verifyServiceDomain', { bearer, params })).body).data
		expect(wrong.domain_verification.status).toBe('failed')
		expect(wrong.domain_verification.last_check).toMatchObject({
			dns: { found: ['partner-verification=wrong'], matched: false },
			file: { status: 200, first_line: '<html>', matched: false },
		})

		const now = await c.now()
		await c.mock.addDnsRecord({ name: `${dns.name.toUpperCase()}.`, type: 'txt', value: dns.value })
		const verified = serviceResponse.parse(ok(await c.call('verifyServiceDomain', { bearer, params })).body).data
		expect(verified.domain_verification).toMatchObject({
			status: 'verified',
			last_check: { dns: { found: ['partner-verification=wrong', dns.value], matched: true } },
		})
		expect(Date.parse(verified.domain_verification.verified_at!)).toBeGreaterThanOrEqual(now - 1000)
		expect(verified.version).toBe(service.version)

		const again = await c.call('verifyServiceDomain', { bearer, params })
		expect(again.status).toBe(422)
		expect(again.body).toEqual({
			message: 'The domain is already verified.',
			code: 'already_verified',
			errors: { domain: ['The domain is already verified.'] },
		})
	})

	test('reset issues a new token and the old one proves nothing; then the .well-known file proves it', async () => {
		const { bearer, params, service } = await setup()
		const old = service.domain_verification
		await c.mock.addDnsRecord({ ...old.dns_record! })
		ok(await c.call('verifyServiceDomain', { bearer, params }))

		const reset = serviceResponse.parse(ok(await c.call('resetServiceDomainVerification', { bearer, params })).body)
		const fresh = reset.data.domain_verification
		expect(fresh.token).not.toBe(old.token)
		expect(fresh).toMatchObject({ status: 'unverified', verified_at: null, last_check: null })

		const stale = serviceResponse.parse(ok(await c.call('verifyServiceDomain', { bearer, params })).body).data
		expect(stale.domain_verification.last_check).toMatchObject({
			dns: { found: [old.dns_record!.value], matched: false },
		})
		expect(stale.domain_verification.status).toBe('failed')

		await c.mock.serveWellKnown({ url: fresh.file!.url, content: old.token })
		expect(
			serviceResponse.parse(ok(await c.call('verifyServiceDomain', { bearer, params })).body).data.domain_verification
				.status,
		).toBe('failed')
		await c.mock.serveWellKnown({ url: fresh.file!.url, content: `${fresh.token}\n`, status: 500 })
		const broken = serviceResponse.parse(ok(await c.call('verifyServiceDomain', { bearer, params })).body).data
		expect(broken.domain_verification.last_check?.file).toEqual({
			status: 500,
			first_line: fresh.token,
			matched: false,
		})
		await c.mock.serveWellKnown({ url: fresh.file!.url, content: `${fresh.token}\n` })
		const byFile = serviceResponse.parse(ok(await c.call('verifyServiceDomain', { bearer, params })).body).data
		expect(byFile.domain_verification).toMatchObject({
			status: 'verified',
			last_check: { dns: { matched: false }, file: { status: 200, first_line: fresh.token, matched: true } },
		})
	})

	test("changing the website's domain resets the verification; another path on the same domain does not", async () => {
		const { bearer, id, service } = await setup()
		await c.mock.addDnsRecord({ ...service.domain_verification.dns_record! })
		const verified = serviceResponse.parse(ok(await c.call('verifyServiceDomain', { bearer, params: { id } })).body)
		const samePath = serviceResponse.parse(
			ok(
				await c.call('updateService', {
					bearer,
					params: { id },
					body: { website_url: 'https://acme.example/home', version: verified.data.version },
				}),
			).body,
		).data
		expect(samePath.domain_verification).toMatchObject({ status: 'verified', token: service.domain_verification.token })
		const moved = serviceResponse.parse(
			ok(
				await c.call('updateService', {
					bearer,
					params: { id },
					body: { website_url: 'https://acme.test/', version: samePath.version },
				}),
			).body,
		).data
		expect(moved.domain_verification).toMatchObject({
			domain: 'acme.test',
			status: 'unverified',
			verified_at: null,
			last_check: null,
		})
		expect(moved.domain_verification.token).not.toBe(service.domain_verification.token)
	})
})

describe('review', () => {
	test('a new service: not submitted, the checklist shows what is missing, and submit says so', async () => {
		const { bearer, params } = await setup()
		const review = serviceReviewResponse.parse(ok(await c.call('getServiceReview', { bearer, params })).body).data
		expect(review).toEqual({
			status: 'not_submitted',
			reason: null,
			updated_at: null,
			checklist: [
				{ key: 'domain_verified', done: false },
				{ key: 'logo_set', done: false },
				{ key: 'website_url_set', done: true },
				{ key: 'webhook_url_set', done: true },
				{ key: 'authorization_url_set', done: true },
				// Its own name and description are its en-GB translation: done without saving them again.
				{ key: 'en_gb_translation', done: true },
			],
			can_submit: false,
			can_cancel: false,
			history: [],
		})
		const refused = await c.call('submitServiceReview', { bearer, params })
		expect(refused.status).toBe(422)
		expect(refused.body).toEqual({
			message: 'The domain must be verified. (and 1 more error)',
			code: 'checklist_incomplete',
			errors: {
				domain_verified: ['The domain must be verified.'],
				logo_set: ['The service must have a logo.'],
			},
		})
		const cancel = await c.call('cancelServiceReview', { bearer, params })
		expect(cancel.status).toBe(422)
		expect(cancel.body).toEqual({
			message: 'The service has not been submitted for review.',
			code: 'transition_not_allowed',
			errors: { status: ['The service has not been submitted for review.'] },
		})
	})

	test('a service of a name and a category: every item is missing until the settings have the rest', async () => {
		const bearer = await partner()
		const created = await c.call('createService', {
			bearer,
			body: { name: 'Acme Lite', category: 'other', idempotency_key: 'review-name-and-category' },
		})
		const params = { id: created.body.data.id }
		const refused = await c.call('submitServiceReview', { bearer, params })
		expect(refused.body.errors).toEqual({
			domain_verified: ['The domain must be verified.'],
			logo_set: ['The service must have a logo.'],
			website_url_set: ['The website URL must be set.'],
			webhook_url_set: ['The webhook URL must be set.'],
			authorization_url_set: ['The authorization URL must be set.'],
			en_gb_translation: ['The service must have a description: its name and description are its en-GB translation.'],
		})
		ok(
			await c.call('updateService', {
				bearer,
				params,
				body: { description: 'Light.', version: created.body.data.version },
			}),
		)
		const review = serviceReviewResponse.parse(ok(await c.call('getServiceReview', { bearer, params })).body).data
		expect(review.checklist.find((item) => item.key === 'en_gb_translation')).toEqual({
			key: 'en_gb_translation',
			done: true,
		})
	})

	test('submit → cancel → submit → operator dismisses → resubmit → operator verifies: history and refusals', async () => {
		const { bearer, params, service } = await setup()
		await complete(bearer, service)
		const ready = serviceReviewResponse.parse(ok(await c.call('getServiceReview', { bearer, params })).body).data
		expect(ready).toMatchObject({ can_submit: true, can_cancel: false })
		expect(ready.checklist.every((item) => item.done)).toBe(true)

		const submitted = ok(await c.call('submitServiceReview', { bearer, params })).body.data
		expect(submitted).toMatchObject({ status: 'submitted', can_submit: false, can_cancel: true })
		const twice = await c.call('submitServiceReview', { bearer, params })
		expect(twice.status).toBe(422)
		expect(twice.body).toMatchObject({
			code: 'transition_not_allowed',
			errors: { status: ['The review is already submitted.'] },
		})

		expect(ok(await c.call('cancelServiceReview', { bearer, params })).body.data.status).toBe('cancelled')
		expect((await c.call('cancelServiceReview', { bearer, params })).body.errors).toEqual({
			status: ['The review is already cancelled.'],
		})
		ok(await c.call('submitServiceReview', { bearer, params }))
		expect((await c.mock.setReview(service.id, { status: 'in_progress' })).status).toBe('in_progress')
		expect((await c.call('submitServiceReview', { bearer, params })).body.errors).toEqual({
			status: ['A review in progress cannot be submitted again.'],
		})
		const dismissed = await c.mock.setReview(service.id, { status: 'dismissed', reason: 'The logo is blurry.' })
		expect(dismissed).toMatchObject({ status: 'dismissed', reason: 'The logo is blurry.', can_submit: true })
		expect((await get(bearer, service.id)).review).toMatchObject({
			status: 'dismissed',
			reason: 'The logo is blurry.',
		})
		expect((await c.call('cancelServiceReview', { bearer, params })).body.errors).toEqual({
			status: ['A dismissed review cannot be cancelled.'],
		})

		ok(await c.call('submitServiceReview', { bearer, params }))
		const verified = await c.mock.setReview(service.id, { status: 'verified' })
		expect(verified).toMatchObject({ status: 'verified', reason: null, can_submit: false, can_cancel: false })
		expect((await get(bearer, service.id)).environment).toBe('live')
		const cancelVerified = await c.call('cancelServiceReview', { bearer, params })
		expect(cancelVerified.status).toBe(422)
		expect(cancelVerified.body.message).toBe('A verified review cannot be cancelled.')

		const { history } = serviceReviewResponse.parse(ok(await c.call('getServiceReview', { bearer, params })).body).data
		expect(history.map(({ status, reason, actor }) => [status, reason, actor])).toEqual([
			['submitted', null, 'partner'],
			['cancelled', null, 'partner'],
			['submitted', null, 'partner'],
			['in_progress', null, 'operator'],
			['dismissed', 'The logo is blurry.', 'operator'],
			['submitted', null, 'partner'],
			['verified', null, 'operator'],
		])
		expect(history.map((entry) => Date.parse(entry.at))).toEqual(
			[...history.map((entry) => Date.parse(entry.at))].sort((a, b) => a - b),
		)
	})

	test('the operator hook follows the same table; dismissing needs a reason', async () => {
		const { bearer, service } = await setup()
		const hook = (body: unknown, id = service.id) => c.send('POST', `/__mock/services/${id}/review`, { body })
		const early = await hook({ status: 'verified' })
		expect(early.status).toBe(422)
		expect(early.body.errors).toEqual({ status: ['The service has not been submitted for review.'] })
		await complete(bearer, service)
		ok(await c.call('submitServiceReview', { bearer, params: { id: service.id } }))
		expect((await hook({ status: 'dismissed' })).body.errors).toEqual({
			reason: ['A dismissed review needs a reason.'],
		})
		expect((await hook({ status: 'cancelled' })).status).toBe(422)
		expect((await hook({ status: 'in_progress' }, 'no-such-service')).status).toBe(404)
		expect(ok(await hook({ status: 'verified' })).body.data.status).toBe('verified')
		expect((await hook({ status: 'dismissed', reason: 'Late.' })).body.errors).toEqual({
			status: ['A verified review cannot be dismissed.'],
		})
	})

	test('the transition messages name the refusal', () => {
		expect(reviewTransitionMessage('start', 'in_progress')).toBe('The review is already in progress.')
		expect(reviewTransitionMessage('verify', 'cancelled')).toBe('A cancelled review cannot be verified.')
		expect(reviewTransitionMessage('submit', 'verified')).toBe('A verified review cannot be submitted.')
	})
})

describe('the demo services', () => {
	test('Demo Pay is verified with its history; Demo Chat in review; Demo Games has the checklist to do', async () => {
		const { access: bearer } = await c.signIn(DEMO_EMAIL, DEMO_PASSWORD)
		const [pay, chat, games] = [DEMO_SERVICES[0].id, DEMO_SERVICES[1].id, DEMO_SERVICES[2].id]
		const review = async (id: string) =>
			serviceReviewResponse.parse(ok(await c.call('getServiceReview', { bearer, params: { id } })).body).data

		const payReview = await review(pay)
		expect(payReview.status).toBe('verified')
		expect(payReview.history.map((entry) => entry.status)).toEqual([
			'submitted',
			'cancelled',
			'submitted',
			'in_progress',
			'verified',
		])
		expect(payReview.checklist.every((item) => item.done)).toBe(true)
		const payService = await get(bearer, pay)
		expect(payService).toMatchObject({ environment: 'live', domain_verification: { status: 'verified' } })
		expect(payService.logo).not.toBeNull()
		expect((await fetch(payService.logo!.url)).headers.get('content-type')).toBe('image/png')
		expect(payService.translations.map((translation) => translation.locale)).toEqual(['en-GB', 'fr-FR', 'de-DE'])

		const chatReview = await review(chat)
		expect(chatReview).toMatchObject({ status: 'in_progress', can_cancel: true })
		expect(chatReview.history.map((entry) => entry.status)).toEqual(['submitted', 'in_progress'])

		const gamesReview = await review(games)
		expect(gamesReview).toMatchObject({ status: 'not_submitted', can_submit: false, history: [] })
		expect((await get(bearer, games)).domain_verification.status).toBe('unverified')
	})
})

describe('statistics', () => {
	const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)
	const DAY = 24 * 60 * 60 * 1000

	test('the last 30 days by default, 7 and 90 on request, ending today on the mock clock', async () => {
		const { access: bearer } = await c.signIn(DEMO_EMAIL, DEMO_PASSWORD)
		const id = DEMO_SERVICES[0].id
		const now = await c.now()
		for (const [days, query] of [
			[30, undefined],
			[7, { days: '7' }],
			[90, { days: '90' }],
		] as const) {
			const { data } = serviceStatisticsResponse.parse(
				ok(await c.call('getServiceStatistics', { bearer, params: { id }, query })).body,
			)
			expect(data.days).toBe(days)
			expect(data.daily).toHaveLength(days)
			expect(data.to).toBe(utcDay(now))
			expect(data.from).toBe(utcDay(now - (days - 1) * DAY))
			expect(data.daily.map((day) => day.date)).toEqual([...data.daily.map((day) => day.date)].sort())
			// Different people: at least the busiest day, fewer than the user-days; the others are sums.
			const userDays = data.daily.reduce((sum, day) => sum + day.active_users, 0)
			expect(data.totals.active_users).toBeGreaterThanOrEqual(Math.max(...data.daily.map((day) => day.active_users)))
			expect(data.totals.active_users).toBeLessThan(userDays)
			expect(data.totals.new_users).toBe(data.daily.reduce((sum, day) => sum + day.new_users, 0))
			// Every new user was active: a period never counts fewer people active than joined.
			expect(data.totals.active_users).toBeGreaterThan(data.totals.new_users)
		}
		// Seeded numbers are deterministic.
		const again = await c.call('getServiceStatistics', { bearer, params: { id }, query: { days: '7' } })
		const first = await c.call('getServiceStatistics', { bearer, params: { id }, query: { days: '7' } })
		expect(again.body).toEqual(first.body)

		const bad = await c.call('getServiceStatistics', { bearer, params: { id }, query: { days: '14' } })
		expect(bad.status).toBe(422)
		expect(bad.body.errors).toEqual({ days: ['This field is invalid.'] })
	})

	test('a service without users answers zeros; the hook sets the numbers, relative to the mock clock', async () => {
		const { email, bearer: first, params, id } = await setup()
		let bearer = first
		const empty = serviceStatisticsResponse.parse(ok(await c.call('getServiceStatistics', { bearer, params })).body)
		expect(empty.data.totals).toEqual({ active_users: 0, new_users: 0, nukes: 0 })
		expect(empty.data.daily.every((day) => day.active_users + day.new_users + day.nukes === 0)).toBe(true)

		const now = await c.now()
		const day = (ago: number) => utcDay(now - ago * DAY)
		await c.mock.setStats(id, [
			{ date: day(0), active_users: 120, new_users: 7, nukes: 1 },
			{ date: day(6), active_users: 100, new_users: 3, nukes: 0 },
			{ date: day(7), active_users: 90, new_users: 2, nukes: 2 },
			{ date: day(89), active_users: 10, new_users: 1, nukes: 0 },
			{ date: day(90), active_users: 5, new_users: 5, nukes: 5 },
		])
		const totals = async (days: string) =>
			serviceStatisticsResponse.parse(
				ok(await c.call('getServiceStatistics', { bearer, params, query: { days } })).body,
			).data
		const week = await totals('7')
		// Active users are different people (the API's count, not the 220 user-days); the others are sums.
		expect(week.totals).toEqual({ active_users: 158, new_users: 10, nukes: 1 })
		expect(week.daily.at(-1)).toEqual({ date: day(0), active_users: 120, new_users: 7, nukes: 1 })
		expect(week.daily[0]).toEqual({ date: day(6), active_users: 100, new_users: 3, nukes: 0 })
		expect((await totals('30')).totals).toEqual({ active_users: 174, new_users: 12, nukes: 3 })
		expect((await totals('90')).totals).toEqual({ active_users: 175, new_users: 13, nukes: 3 })

		// A day later the window moves: today's numbers are zero, the oldest one drops out of 7 days.
		await c.advance(24 * 60 * 60)
		bearer = (await c.signIn(email)).access
		expect((await totals('7')).totals).toEqual({ active_users: 120, new_users: 7, nukes: 1 })

		await c.mock.setStats(id, [])
		expect((await totals('90')).totals).toEqual({ active_users: 0, new_users: 0, nukes: 0 })
	})

	test('the hook validates its days and knows only existing services', async () => {
		const { id } = await setup()
		const put = (body: unknown, service = id) => c.send('PUT', `/__mock/services/${service}/stats`, { body })
		expect(
			(await put({ days: [{ date: '2026-13-01', active_users: 1, new_users: 0, nukes: 0 }] })).body.errors,
		).toEqual({ 'days.0.date': ['This field must contain a valid format.'] })
		expect((await put({ days: [{ date: '2026-01-01', active_users: -1, new_users: 0, nukes: 0 }] })).status).toBe(422)
		const duplicate = { date: '2026-01-01', active_users: 1, new_users: 0, nukes: 0 }
		expect((await put({ days: [duplicate, duplicate] })).body.errors).toEqual({ days: ['This field is invalid.'] })
		expect((await put({ days: [] }, 'no-such-service')).status).toBe(404)
	})
})

describe('ownership and hooks', () => {
	test("another partner's id and a malformed id are the same 404 on every section call", async () => {
		const { id } = await setup()
		const other = await partner()
		const calls = (id: string) =>
			[
				c.call('setServiceSecurityProtections', { bearer: other, params: { id }, body: { enabled: [] } }),
				c.call('toggleServiceSecurityProtection', {
					bearer: other,
					params: { id, key: 'sessions_revoked' },
					body: { enabled: true },
				}),
				c.call('saveServiceTranslations', {
					bearer: other,
					params: { id },
					body: { translations: { 'en-GB': { name: 'Mine', description: 'Mine.' } } },
				}),
				c.call('verifyServiceDomain', { bearer: other, params: { id } }),
				c.call('resetServiceDomainVerification', { bearer: other, params: { id } }),
				c.call('getServiceReview', { bearer: other, params: { id } }),
				c.call('submitServiceReview', { bearer: other, params: { id } }),
				c.call('cancelServiceReview', { bearer: other, params: { id } }),
				c.call('getServiceStatistics', { bearer: other, params: { id } }),
			] as const
		for (const candidate of [id, 'not-a-uuid']) {
			for (const res of await Promise.all(calls(candidate))) {
				expect(res.status).toBe(404)
				expect(res.body).toEqual({ message: 'Not found.' })
			}
		}
		expect((await c.call('getServiceReview', { params: { id } })).status).toBe(401)
		expect((await c.call('listSecurityProtections')).status).toBe(200)
	})

	test('/__mock/reset clears DNS records, .well-known files, statistics and review changes', async () => {
		const [pay, chat, games] = [DEMO_SERVICES[0].id, DEMO_SERVICES[1].id, DEMO_SERVICES[2].id]
		const signIn = async () => (await c.signIn(DEMO_EMAIL, DEMO_PASSWORD)).access
		let bearer = await signIn()
		const before = await get(bearer, games)
		await c.mock.addDnsRecord({ ...before.domain_verification.dns_record! })
		await c.mock.serveWellKnown({ url: before.domain_verification.file!.url, content: 'left over' })
		await c.mock.setStats(pay, [])
		ok(await c.call('cancelServiceReview', { bearer, params: { id: chat } }))

		await c.mock.reset()
		bearer = await signIn()
		const checked = serviceResponse.parse(
			ok(await c.call('verifyServiceDomain', { bearer, params: { id: games } })).body,
		)
		expect(checked.data.domain_verification.last_check).toMatchObject({
			dns: { found: [] },
			file: { status: 404, first_line: null },
		})
		const stats = await c.call('getServiceStatistics', { bearer, params: { id: pay } })
		expect(stats.body.data.totals.active_users).toBeGreaterThan(0)
		const review = await c.call('getServiceReview', { bearer, params: { id: chat } })
		expect(review.body.data).toMatchObject({ status: 'in_progress', history: [{}, {}] })
	})

	test('the DNS and .well-known hooks validate and clear', async () => {
		expect((await c.send('POST', '/__mock/dns', { body: { name: 'x.example', value: 'v' } })).body.errors).toEqual({
			type: ['This field is required.'],
		})
		expect((await c.send('POST', '/__mock/well-known', { body: { url: 'nope', content: '' } })).status).toBe(422)
		const record = await c.mock.addDnsRecord({ name: 'X.Example.', type: 'txt', value: 'v' })
		expect(record).toMatchObject({ name: 'x.example', type: 'TXT', value: 'v' })
		const file = await c.mock.serveWellKnown({
			url: 'https://x.example/.well-known/partner-verification.txt',
			content: 'a',
		})
		expect(file).toMatchObject({ status: 200, content: 'a' })
		await c.mock.clearDnsRecords()
		await c.mock.clearWellKnown()
	})
})
