/**
 * The logo upload through the middleware React Router runs for it (the root's, the signed-in group's, the service's,
 * the page's), against the mock API: the file is read only for a verified partner who owns the service, one upload of
 * theirs at a time; anything else is answered having read no more than a form's worth.
 */
import { RouterContextProvider, type MiddlewareFunction } from 'react-router'
import { expect, test } from 'vitest'
import { logoRules } from '#app/api/contract/images'
import { FORM_BODY_LIMIT } from '#app/middleware/form-body.server'
import { middleware as rootMiddleware } from '#app/root'
import * as appLayout from '#app/routes/_app'
import * as logo from '#app/routes/services/logo'
import * as service from '#app/routes/services/service'
import { newServiceBody, uniqueEmail } from '#tests/mock-api/helpers'
import { isDataWithInit, RouteBrowser, useRouteTestApi } from '#tests/setup/routes'

const api = useRouteTestApi()
const CHAIN = [rootMiddleware, appLayout.middleware, service.middleware, logo.middleware].flat() as Array<
	MiddlewareFunction<Response>
>

/** A browser signed in as a new partner, and the id of a service of theirs (none while unverified). */
async function partner({ verified = true } = {}) {
	const email = uniqueEmail()
	await api.createUser({ email, verified })
	const pair = await api.signIn(email)
	const browser = await RouteBrowser.create()
	await browser.signIn(pair)
	if (!verified) return { browser, serviceId: '' }
	const created = await api.call('createService', { bearer: pair.access, body: newServiceBody() })
	return { browser, serviceId: created.body.data.id as string }
}

const BOUNDARY = 'LogoBoundary'
const CHUNK = 64 * 1024

/**
 * A 10 MB file posted as the logo form posts it (the CSRF token first), in 64 KB chunks pulled only as the portal
 * reads: `read` counts the bytes taken; `held` keeps the rest back, once asked for (`restAsked`), until `release()`.
 */
function logoUpload(csrf: string, { held = false } = {}) {
	const part = (name: string, extra = '') =>
		`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n`
	const bytes = Buffer.concat([
		Buffer.from(`${part('csrf')}\r\n${csrf}\r\n${part('intent')}\r\nupload\r\n`),
		Buffer.from(`${part('logo', '; filename="logo.png"')}Content-Type: image/png\r\n\r\n`),
		Buffer.alloc(logoRules.maxBytes, 1),
		Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
	])
	let release = () => {}
	let restAsked = () => {}
	const upload = {
		size: bytes.byteLength,
		read: 0,
		release: () => release(),
		restAsked: new Promise<void>((resolve) => (restAsked = resolve)),
		body: new ReadableStream<Uint8Array>(
			{
				async pull(controller) {
					if (upload.read && held) {
						held = false
						restAsked()
						await new Promise<void>((resolve) => (release = resolve))
					}
					const chunk = bytes.subarray(upload.read, upload.read + CHUNK)
					upload.read += chunk.byteLength
					if (chunk.byteLength) controller.enqueue(chunk)
					else controller.close()
				},
			},
			{ highWaterMark: 0 },
		),
	}
	return upload
}

/** Posts `upload` to the logo page of `serviceId` through the route's middleware and action. */
function post(browser: RouteBrowser, serviceId: string, upload: { body: ReadableStream<Uint8Array> }) {
	const url = new URL(`http://127.0.0.1:3000/services/${serviceId}/manage/logo`)
	const headers = {
		cookie: browser.cookieHeader,
		'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
		'accept-language': 'en-GB',
	}
	const request = new Request(url, { method: 'POST', headers, body: upload.body, duplex: 'half' } as RequestInit)
	const args = { request, url, params: { serviceId }, context: new RouterContextProvider(), pattern: '' }
	const run = async (index: number): Promise<Response> => {
		try {
			const middleware = CHAIN[index]
			if (middleware) return (await middleware(args, () => run(index + 1)))!
			const answer: unknown = await logo.action(args as never)
			if (answer instanceof Response) return answer
			return new Response(null, { status: isDataWithInit(answer) ? (answer.init?.status ?? 200) : 200 })
		} catch (thrown) {
			// What the framework answers: a thrown Response as itself, a thrown `data(…)` with its status.
			if (thrown instanceof Response) return thrown
			if (isDataWithInit(thrown)) return new Response(null, { status: thrown.init?.status ?? 500 })
			throw thrown
		}
	}
	return run(0)
}

test("the owner's upload is read whole and reaches the action (which finds it is no image)", async () => {
	const { browser, serviceId } = await partner()
	const upload = logoUpload(browser.csrfToken)
	const response = await post(browser, serviceId, upload)
	expect(response.status).toBe(422)
	expect(upload.read).toBe(upload.size)
	expect(response.headers.get('connection')).toBeNull()
})

test("an upload to another partner's service is a 404 having read no more than a form, the connection closed", async () => {
	const { serviceId } = await partner()
	const { browser } = await partner()
	const upload = logoUpload(browser.csrfToken)
	const response = await post(browser, serviceId, upload)
	expect(response.status).toBe(404)
	expect(upload.read).toBeLessThanOrEqual(FORM_BODY_LIMIT)
	expect(response.headers.get('connection')).toBe('close')
})

test('an unverified partner is sent back to the page having read no more than a form, the connection closed', async () => {
	const { serviceId } = await partner()
	const { browser } = await partner({ verified: false })
	const upload = logoUpload(browser.csrfToken)
	const response = await post(browser, serviceId, upload)
	expect(response.status).toBe(302)
	expect(response.headers.get('location')).toBe(`/services/${serviceId}/manage/logo`)
	expect(upload.read).toBeLessThanOrEqual(FORM_BODY_LIMIT)
	expect(response.headers.get('connection')).toBe('close')
})

test("one upload per partner at a time: a second while the first is read is 429; another partner's goes on", async () => {
	const { browser, serviceId } = await partner()
	const first = logoUpload(browser.csrfToken, { held: true })
	const answered = post(browser, serviceId, first)
	await first.restAsked
	const second = logoUpload(browser.csrfToken)
	const refused = await post(browser, serviceId, second)
	expect(refused.status).toBe(429)
	expect(refused.headers.get('retry-after')).toBe('5')
	expect(refused.headers.get('connection')).toBe('close')
	expect(second.read).toBeLessThanOrEqual(FORM_BODY_LIMIT)
	const other = await partner()
	expect((await post(other.browser, other.serviceId, logoUpload(other.browser.csrfToken))).status).toBe(422)
	first.release()
	expect((await answered).status).toBe(422)
	// Once it is done, the partner uploads again.
	expect((await post(browser, serviceId, logoUpload(browser.csrfToken))).status).toBe(422)
})
