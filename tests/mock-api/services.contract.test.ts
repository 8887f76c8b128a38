import { describe, expect, test } from 'vitest'
import {
	createServiceResponse,
	logoMessages,
	logoRules,
	newServiceSecretResponse,
	serviceList,
	serviceMessages,
	serviceResponse,
	serviceSecretList,
	uploadResponse,
	validationErrorBody,
	versionConflictBody,
} from '../../app/api/contract/index'
import { sha256 } from './crypto'
import { client, startTestApi, uniqueEmail, useTestApi } from './helpers'
import { decodeLogo } from '../../app/utils/images.server'
import { concat, gifFile, gradientPixels, jpegFile, jpegHeader, pngFile, pngThenHtml } from './image-fixtures'
import { DEMO_EMAIL, DEMO_PASSWORD, DEMO_SERVICES } from './seed'

const c = useTestApi()

let keys = 0
const serviceBody = (name = 'Acme Connect', key = `key-${++keys}`) => ({
	name,
	description: 'Links Acme accounts.',
	category: 'productivity',
	website_url: 'https://acme.example/',
	webhook_url: 'https://acme.example/webhooks',
	authorization_url: 'https://acme.example/connect',
	idempotency_key: key,
})

async function partner(email = uniqueEmail()) {
	await c.createUser({ email })
	return (await c.signIn(email)).access
}

async function create(bearer: string, body = serviceBody()) {
	const res = await c.call('createService', { bearer, body })
	expect(res.status, JSON.stringify(res.body)).toBe(201)
	return createServiceResponse.parse(res.body)
}

/** A raw upload to the temporary storage, as a browser or the portal sends a file. */
async function upload(bearer: string, bytes: Uint8Array<ArrayBuffer>, contentType = 'application/octet-stream') {
	const response = await fetch(`${c.mock.url}/uploads/tmp`, {
		method: 'POST',
		headers: { authorization: `Bearer ${bearer}`, 'content-type': contentType },
		body: bytes,
	})
	return { status: response.status, body: await response.json() }
}

async function attach(bearer: string, id: string, bytes: Uint8Array<ArrayBuffer>, contentType?: string) {
	const uploaded = await upload(bearer, bytes, contentType)
	expect(uploaded.status).toBe(201)
	return c.call('attachServiceLogo', {
		bearer,
		params: { id },
		body: { upload_id: uploadResponse.parse(uploaded.body).data.id },
	})
}

describe('categories', () => {
	test('a fixed list, public', async () => {
		const res = await c.call('listServiceCategories', { query: { per_page: '100' } })
		expect(res.status).toBe(200)
		expect(res.body.data.map((category: { key: string }) => category.key)).toContain('finance')
		expect(res.body.meta.next_cursor).toBeNull()
	})
})

describe('list and create', () => {
	test('the demo partner has three services in different review states, newest first', async () => {
		const { access } = await c.signIn(DEMO_EMAIL, DEMO_PASSWORD)
		const { data } = serviceList.parse((await c.call('listServices', { bearer: access })).body)
		expect(data.map((service) => service.id)).toEqual(DEMO_SERVICES.map((service) => service.id).reverse())
		expect(data.map((service) => service.review.status)).toEqual(['not_submitted', 'in_progress', 'verified'])
	})

	test('creates a test, external, not submitted service at version 1 with its secret shown once', async () => {
		const bearer = await partner()
		const { data, secret } = await create(bearer)
		expect(data).toMatchObject({
			name: 'Acme Connect',
			environment: 'test',
			kind: 'external',
			logo: null,
			version: 1,
			review: { status: 'not_submitted', reason: null },
			domain_verification: { status: 'unverified', last_check: null },
		})
		expect(secret!.secret).toMatch(/^sk_test_[A-Za-z0-9_-]{40,}$/)
		expect(secret!.hint).toBe(secret!.secret.slice(-4))

		const listed = serviceSecretList.parse(
			(await c.call('listServiceSecrets', { bearer, params: { id: data.id } })).body,
		)
		expect(listed.data).toEqual([
			{ id: secret!.id, hint: secret!.hint, created_at: secret!.created_at, last_used_at: null },
		])
		expect(JSON.stringify(listed)).not.toContain(secret!.secret)
	})

	test('secrets are stored hashed, never in plaintext', async () => {
		const api = await startTestApi()
		try {
			const own = client(() => api)
			const email = uniqueEmail()
			await own.createUser({ email })
			const { access } = await own.signIn(email)
			const { secret } = createServiceResponse.parse(
				(await own.call('createService', { bearer: access, body: serviceBody() })).body,
			)
			const state = JSON.stringify(api.state.data)
			expect(state).not.toContain(secret!.secret)
			expect(state).toContain(sha256(secret!.secret))
		} finally {
			await api.close()
		}
	})

	test('paginates newest first with meta.next_cursor', async () => {
		const bearer = await partner()
		for (const name of ['One', 'Two', 'Three']) await create(bearer, serviceBody(name))
		const first = serviceList.parse((await c.call('listServices', { bearer, query: { per_page: '2' } })).body)
		expect(first.data.map((service) => service.name)).toEqual(['Three', 'Two'])
		const second = serviceList.parse(
			(await c.call('listServices', { bearer, query: { per_page: '2', cursor: first.meta.next_cursor! } })).body,
		)
		expect(second.data.map((service) => service.name)).toEqual(['One'])
		expect(second.meta.next_cursor).toBeNull()
	})

	test('a double submit creates one service; the replay answers 200 without the secret', async () => {
		const bearer = await partner()
		const body = serviceBody('Once', 'double-submit')
		const [a, b] = await Promise.all([
			c.call('createService', { bearer, body }),
			c.call('createService', { bearer, body }),
		])
		expect([a.status, b.status].sort()).toEqual([200, 201])
		const replay = [a, b].find((res) => res.status === 200)!
		expect(replay.body.secret).toBeNull()
		expect(a.body.data.id).toBe(b.body.data.id)
		expect(serviceList.parse((await c.call('listServices', { bearer })).body).data).toHaveLength(1)
	})

	test('a key is per partner and forgotten after 24 h', async () => {
		const email = uniqueEmail()
		const body = serviceBody('Daily', 'same-key')
		await create(await partner(email), body)
		await create(await partner(), body)
		await c.advance(24 * 60 * 60 + 1)
		const { access } = await c.signIn(email)
		await create(access, body)
		expect(serviceList.parse((await c.call('listServices', { bearer: access })).body).data).toHaveLength(2)
	})

	test('the same key with another body is 422 idempotency_key_reused', async () => {
		const bearer = await partner()
		await create(bearer, serviceBody('First', 'reused'))
		const res = await c.call('createService', { bearer, body: serviceBody('Second', 'reused') })
		expect(res.status).toBe(422)
		expect(validationErrorBody.parse(res.body)).toMatchObject({
			code: 'idempotency_key_reused',
			errors: { idempotency_key: [serviceMessages.idempotencyKeyReused] },
		})
	})

	test('validates the fields: required, category, and URL errors that name the rule', async () => {
		const bearer = await partner()
		const res = await c.call('createService', {
			bearer,
			body: {
				...serviceBody(''),
				category: 'nope',
				website_url: 'http://acme.example/',
				webhook_url: 'https://acme .example/hooks',
				authorization_url: 'javascript:alert(1)',
			},
		})
		expect(res.status).toBe(422)
		expect(res.body.errors).toEqual({
			name: ['This field is required.'],
			category: ['This field is invalid.'],
			website_url: ['This field must start with "https://".'],
			webhook_url: ['This field must contain a valid url.'],
			authorization_url: ['This field must start with "https://".'],
		})
		const unselected = await c.call('createService', { bearer, body: { ...serviceBody(), category: '' } })
		expect(unselected.body.errors).toEqual({ category: ['This field is required.'] })
		const publicDomain =
			'This field must contain an address on a public domain name, such as example.com, not an IP address or localhost.'
		for (const url of [
			'https://127.0.0.1/hook',
			'https://localhost:3000/hook',
			'https://[::1]/hook',
			'https://intranet/',
		]) {
			const local = await c.call('createService', { bearer, body: { ...serviceBody(), webhook_url: url } })
			expect(local.body.errors, url).toEqual({ webhook_url: [publicDomain] })
		}
		const noScheme = await c.call('createService', { bearer, body: { ...serviceBody(), website_url: 'acme.example' } })
		expect(noScheme.body.errors).toEqual({ website_url: ['This field must start with "https://".'] })
	})

	test('a create needs only the name and the category; the rest is null until an update sets it', async () => {
		const bearer = await partner()
		const res = await c.call('createService', {
			bearer,
			body: { name: 'Acme Lite', category: 'other', idempotency_key: 'name-and-category' },
		})
		expect(res.status).toBe(201)
		const service = res.body.data
		expect(service).toMatchObject({
			description: null,
			website_url: null,
			webhook_url: null,
			authorization_url: null,
			translations: [],
			domain_verification: { domain: null, dns_record: null, file: null, status: 'unverified' },
		})
		const params = { id: service.id }
		const verify = await c.call('verifyServiceDomain', { bearer, params })
		expect(verify.status).toBe(422)
		expect(verify.body).toMatchObject({
			code: 'website_url_missing',
			errors: { domain: ['The website URL must be set.'] },
		})
		const test = await c.call('sendWebhookTestEvent', { bearer, params })
		expect(test.status).toBe(422)
		expect(test.body).toMatchObject({
			code: 'webhook_url_missing',
			errors: { webhook_url: ['The webhook URL must be set.'] },
		})

		const set = await c.call('updateService', {
			bearer,
			params,
			body: { description: 'Light.', website_url: 'https://lite.acme.example/', version: service.version },
		})
		expect(set.status).toBe(200)
		expect(set.body.data).toMatchObject({
			description: 'Light.',
			website_url: 'https://lite.acme.example/',
			translations: [{ locale: 'en-GB', name: 'Acme Lite', description: 'Light.' }],
			domain_verification: { domain: 'lite.acme.example' },
		})
		const cleared = await c.call('updateService', {
			bearer,
			params,
			body: { website_url: null, version: set.body.data.version },
		})
		expect(cleared.body.data).toMatchObject({ website_url: null, domain_verification: { domain: null } })
	})
})

describe('URLs', () => {
	test('an address another parser could read differently is refused: backslashes, user info', async () => {
		const bearer = await partner()
		for (const url of [
			'https://a.example\\@127.0.0.1/',
			'https://a.example\\hooks',
			'https://user:pass@a.example/hooks',
			'https://a.example@127.0.0.1/',
			'https://@a.example/',
		]) {
			for (const field of ['webhook_url', 'website_url', 'authorization_url']) {
				const res = await c.call('createService', { bearer, body: { ...serviceBody(), [field]: url } })
				expect(res.status, `${field} ${url}`).toBe(422)
				expect(res.body.errors[field], `${field} ${url}`).toEqual([
					'This field must contain a plain address, without backslashes or a user name and password.',
				])
			}
		}
	})

	test('the webhook URL is stored as the WHATWG serialisation, not as typed', async () => {
		const bearer = await partner()
		const { data } = await create(bearer, {
			...serviceBody(),
			webhook_url: '  HTTPS://Acme.EXAMPLE:443/a/../hooks?x=1 ',
		})
		expect(data.webhook_url).toBe('https://acme.example/hooks?x=1')
	})
})

describe('ownership', () => {
	test("another partner's id and a malformed id are the same 404, on every service endpoint", async () => {
		const owner = await partner()
		const { data, secret } = await create(owner)
		const other = await partner()
		await c.confirmIdentity(other)
		const calls = (id: string) =>
			[
				c.call('getService', { bearer: other, params: { id } }),
				c.call('updateService', { bearer: other, params: { id }, body: { version: 1, name: 'Mine' } }),
				c.call('attachServiceLogo', { bearer: other, params: { id }, body: { upload_id: 'x' } }),
				c.call('removeServiceLogo', { bearer: other, params: { id } }),
				c.call('listServiceSecrets', { bearer: other, params: { id } }),
				c.call('rotateServiceSecret', { bearer: other, params: { id } }),
				c.call('resetServiceSecret', { bearer: other, params: { id } }),
				c.call('revokeServiceSecret', { bearer: other, params: { id, secretId: secret!.id } }),
			] as const
		for (const id of [data.id, 'not-a-uuid', '../../etc']) {
			for (const res of await Promise.all(calls(id))) {
				expect(res.status).toBe(404)
				expect(res.body).toEqual({ message: 'Not found.' })
			}
		}
		expect(serviceList.parse((await c.call('listServices', { bearer: other })).body).data).toEqual([])
		const mine = serviceResponse.parse((await c.call('getService', { bearer: owner, params: { id: data.id } })).body)
		expect(mine.data).toMatchObject({ name: 'Acme Connect', version: 1 })
	})

	test('every services endpoint needs a full sign-in', async () => {
		expect((await c.call('listServices')).status).toBe(401)
		expect((await c.call('createService', { body: serviceBody() })).status).toBe(401)
		expect((await upload('nope', pngFile(200, 200))).status).toBe(401)
	})
})

describe('update with a version', () => {
	test('a save on the current version applies and increases it; a racing save is 409 with the current service', async () => {
		const bearer = await partner()
		const { data } = await create(bearer)
		const params = { id: data.id }
		const first = await c.call('updateService', { bearer, params, body: { version: 1, name: 'Renamed' } })
		expect(first.status).toBe(200)
		expect(serviceResponse.parse(first.body).data).toMatchObject({ name: 'Renamed', version: 2 })

		const late = await c.call('updateService', { bearer, params, body: { version: 1, description: 'Mine wins?' } })
		expect(late.status).toBe(409)
		const conflict = versionConflictBody.parse(late.body)
		expect(conflict.code).toBe('version_conflict')
		expect(conflict.data).toMatchObject({ name: 'Renamed', description: 'Links Acme accounts.', version: 2 })

		const same = await c.call('updateService', { bearer, params, body: { version: 2, name: 'Renamed' } })
		expect(same.body.data.version).toBe(2)
		const missing = await c.call('updateService', { bearer, params, body: { name: 'No version' } })
		expect(missing.status).toBe(422)
		expect(missing.body.errors).toEqual({ version: ['This field is required.'] })
	})
})

describe('logo', () => {
	test.each([
		['PNG', pngFile(200, 200), 'image/png', 'png', 200, 200],
		['JPEG', jpegFile(128, 256), 'image/jpeg', 'jpg', 128, 256],
	])(
		'a %s is attached, served re-encoded with its type and nosniff, and removed',
		async (_, bytes, type, ext, w, h) => {
			const bearer = await partner()
			const { data } = await create(bearer)
			const res = await attach(bearer, data.id, bytes, 'text/plain')
			expect(res.status, JSON.stringify(res.body)).toBe(200)
			const { logo, version } = serviceResponse.parse(res.body).data
			// The logo is not a settings field: an open settings form stays current.
			expect(version).toBe(1)
			expect(logo).toMatchObject({ content_type: type, width: w, height: h })
			expect(logo!.url).toMatch(new RegExp(`^${c.mock.url}/uploads/service-logos/[0-9a-f-]{36}\\.${ext}$`))

			const served = await fetch(logo!.url)
			expect(served.status).toBe(200)
			expect(served.headers.get('content-type')).toBe(type)
			expect(served.headers.get('x-content-type-options')).toBe('nosniff')
			const stored = new Uint8Array(await served.arrayBuffer())
			expect(decodeLogo(stored)).toMatchObject({ ok: true, image: { type: ext, width: w, height: h } })

			const removed = await c.call('removeServiceLogo', { bearer, params: { id: data.id } })
			expect(serviceResponse.parse(removed.body).data).toMatchObject({ logo: null, version: 1 })
			expect((await fetch(logo!.url)).status).toBe(404)
		},
	)

	test.each([
		['PNG', pngFile(200, 160, { text: '<script>alert(1)</script>' })],
		['JPEG', jpegFile(200, 160, { comment: '<script>alert(1)</script>' })],
	])('a %s is stored as its pixels written anew: nothing else of the upload is served', async (type, bytes) => {
		expect(Buffer.from(bytes).toString('latin1')).toContain('<script>')
		const bearer = await partner()
		const { data } = await create(bearer)
		const { logo } = serviceResponse.parse((await attach(bearer, data.id, bytes)).body).data
		const served = Buffer.from(await (await fetch(logo!.url)).arrayBuffer())
		expect(served.equals(bytes)).toBe(false)
		expect(served.toString('latin1')).not.toContain('<script>')
		const decoded = decodeLogo(served)
		if (!decoded.ok) throw new Error(decoded.message)
		if (type === 'PNG') expect(Buffer.from(decoded.pixels).equals(gradientPixels(200, 160))).toBe(true)
	})

	test('a new logo replaces the old file; the temporary upload is used up', async () => {
		const bearer = await partner()
		const { data } = await create(bearer)
		const first = (await attach(bearer, data.id, pngFile(200, 200))).body.data.logo.url
		const uploaded = uploadResponse.parse((await upload(bearer, jpegFile(150, 150))).body).data
		expect(uploaded).toMatchObject({ kind: 'tmp', content_type: 'image/jpeg', size: jpegFile(150, 150).length })
		const params = { id: data.id }
		expect((await c.call('attachServiceLogo', { bearer, params, body: { upload_id: uploaded.id } })).status).toBe(200)
		expect((await fetch(first)).status).toBe(404)
		const again = await c.call('attachServiceLogo', { bearer, params, body: { upload_id: uploaded.id } })
		expect(again.body.errors).toEqual({ upload_id: [serviceMessages.exists] })
	})

	test.each([
		['a GIF', gifFile(), 'image/gif', logoMessages.type],
		['a text file sent as PNG', new TextEncoder().encode('not an image'), 'image/png', logoMessages.type],
		['100×100', pngFile(100, 100), 'image/png', logoMessages.dimensions],
		['300×300', jpegFile(300, 300), 'image/jpeg', logoMessages.dimensions],
		['a PNG signature, then HTML and 2 MB of filler', pngThenHtml(), 'image/png', logoMessages.type],
		['a header-only JPEG', jpegHeader(200, 200), 'image/jpeg', logoMessages.type],
		['a truncated PNG', pngFile(200, 200).subarray(0, 5000), 'image/png', logoMessages.type],
		['a PNG with a page after its end', concat(pngFile(200, 200), pngThenHtml()), 'image/png', logoMessages.type],
	])('%s is refused with the spec message', async (_, bytes, type, message) => {
		const bearer = await partner()
		const { data } = await create(bearer)
		const res = await attach(bearer, data.id, bytes, type)
		expect(res.status).toBe(422)
		expect(res.body).toMatchObject({ message, errors: { upload_id: [message] } })
		expect(
			serviceResponse.parse((await c.call('getService', { bearer, params: { id: data.id } })).body).data.logo,
		).toBeNull()
	})

	test('over 10 MB is refused by the upload storage', async () => {
		const bearer = await partner()
		const big = new Uint8Array(logoRules.maxBytes + 1)
		big.set(pngFile(200, 200))
		const res = await upload(bearer, big, 'image/png')
		expect(res.status).toBe(422)
		expect(validationErrorBody.parse(res.body).errors).toEqual({ file: [logoMessages.size] })
	})

	test('an empty upload is refused; removing no logo changes nothing', async () => {
		const bearer = await partner()
		const empty = await upload(bearer, new Uint8Array())
		expect(empty.status).toBe(422)
		expect(empty.body.errors).toEqual({ file: ['This field is required.'] })
		const { data } = await create(bearer)
		const res = await c.call('removeServiceLogo', { bearer, params: { id: data.id } })
		expect(serviceResponse.parse(res.body).data).toMatchObject({ logo: null, version: 1 })
	})

	test("another partner's upload cannot be attached", async () => {
		const bearer = await partner()
		const { data } = await create(bearer)
		const theirs = uploadResponse.parse((await upload(await partner(), pngFile(200, 200))).body).data
		const res = await c.call('attachServiceLogo', { bearer, params: { id: data.id }, body: { upload_id: theirs.id } })
		expect(res.body.errors).toEqual({ upload_id: [serviceMessages.exists] })
	})
})

describe('secrets', () => {
	test('rotate adds a second secret (max two live); revoke the old one; the last one cannot be revoked', async () => {
		const bearer = await partner()
		const { data, secret } = await create(bearer)
		const params = { id: data.id }
		await c.confirmIdentity(bearer)
		const rotated = await c.call('rotateServiceSecret', { bearer, params })
		expect(rotated.status).toBe(201)
		const next = newServiceSecretResponse.parse(rotated.body).data
		expect(next.secret).not.toBe(secret!.secret)
		const live = async () =>
			serviceSecretList.parse((await c.call('listServiceSecrets', { bearer, params })).body).data.map((s) => s.id)
		expect(await live()).toEqual([secret!.id, next.id])

		const third = await c.call('rotateServiceSecret', { bearer, params })
		expect(third.status).toBe(422)
		expect(third.body).toMatchObject({ code: 'too_many_secrets', errors: { secret: [serviceMessages.tooManySecrets] } })

		expect((await c.call('revokeServiceSecret', { bearer, params: { ...params, secretId: secret!.id } })).status).toBe(
			204,
		)
		expect(await live()).toEqual([next.id])
		const gone = await c.call('revokeServiceSecret', { bearer, params: { ...params, secretId: secret!.id } })
		expect(gone.status).toBe(404)
		const last = await c.call('revokeServiceSecret', { bearer, params: { ...params, secretId: next.id } })
		expect(last.status).toBe(422)
		expect(last.body.code).toBe('last_secret')
	})

	test('reset replaces every live secret at once with one new secret', async () => {
		const bearer = await partner()
		const { data } = await create(bearer)
		const params = { id: data.id }
		await c.confirmIdentity(bearer)
		await c.call('rotateServiceSecret', { bearer, params })
		const reset = await c.call('resetServiceSecret', { bearer, params })
		expect(reset.status).toBe(201)
		const fresh = newServiceSecretResponse.parse(reset.body).data
		const live = serviceSecretList.parse((await c.call('listServiceSecrets', { bearer, params })).body).data
		expect(live.map((secret) => secret.id)).toEqual([fresh.id])
	})
})
