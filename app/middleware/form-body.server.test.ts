import { createCookie } from 'react-router'
import { describe, expect, test, vi } from 'vitest'
import { CSRF_COOKIE_NAME, signedValue } from '#app/auth/csrf.server'
import {
	bodyLimitFor,
	FORM_BODY_LIMIT,
	FORM_SHAPE,
	hasFormShape,
	type LargeBody,
	mediaType,
	MIN_UPLOAD_RATE,
	MULTIPART_OVERHEAD,
	parseFormBody,
	UPLOAD_GRACE_MS,
	tooLargePageFor,
} from './form-body.server'
import { logoRules } from '#app/api/contract/images'
import { ACCESS_COOKIE } from '#app/auth/session.server'

function post(body: BodyInit | null, headers: Record<string, string>, path = '/contact') {
	return new Request(`http://portal.test${path}`, { method: 'POST', body, headers, duplex: 'half' } as RequestInit)
}

async function statusOf(promise: Promise<unknown>) {
	try {
		await promise
		return 200
	} catch (error) {
		return error instanceof Response ? error.status : 500
	}
}

/** The Response a refused parse threw. */
async function refusalOf(promise: Promise<unknown>): Promise<Response> {
	const error = await promise.then(
		() => null,
		(e: unknown) => e,
	)
	if (!(error instanceof Response)) throw new Error(`expected a refusal, got ${String(error)}`)
	return error
}

/** A body that never ends: the reader must stop at the limit. */
function endless() {
	let sent = 0
	return new ReadableStream<Uint8Array>({
		pull(controller) {
			sent += 16 * 1024
			controller.enqueue(new Uint8Array(16 * 1024).fill(120))
			if (sent > 1024 * 1024 * 1024) controller.close()
		},
	})
}

describe('parseFormBody', () => {
	test('reads a form, whatever the case of its content type', async () => {
		const form = await parseFormBody(
			post('a=1&b=%20x', { 'content-type': 'Application/X-WWW-Form-Urlencoded; charset=UTF-8' }),
		)
		expect((form as FormData).get('b')).toBe(' x')
	})
	test.each([
		['text/plain', 415],
		['application/json', 415],
		['', 415],
	])('refuses %j with %i', async (type, status) => {
		expect(await statusOf(parseFormBody(post('a=1', type ? { 'content-type': type } : {})))).toBe(status)
	})
	test('refuses a broken multipart body with 400', async () => {
		const body = '--B\r\nContent-Disposition: form-data; name="a"\r\n\r\nno end'
		expect(await statusOf(parseFormBody(post(body, { 'content-type': 'multipart/form-data; boundary=B' })))).toBe(400)
		expect(await statusOf(parseFormBody(post('a=1', { 'content-type': 'multipart/form-data' })))).toBe(400)
	})
	test('refuses a declared size over the limit without reading', async () => {
		const request = post(endless(), {
			'content-type': 'application/x-www-form-urlencoded',
			'content-length': String(FORM_BODY_LIMIT + 1),
		})
		expect(await statusOf(parseFormBody(request))).toBe(413)
	})
	test('stops reading a streamed body at the limit', async () => {
		expect(
			await statusOf(parseFormBody(post(endless(), { 'content-type': 'application/x-www-form-urlencoded' }))),
		).toBe(413)
	})
	test('refuses field names a form never has: huge indices, deep nesting, prototypes, conform reserved names, too many fields (400)', async () => {
		const urlencoded = (body: string) => post(body, { 'content-type': 'application/x-www-form-urlencoded' })
		for (const name of [
			'__intent__',
			'__state__',
			'__anything',
			'a.__intent__',
			'[__intent__]',
			'email[999999999]',
			'email.x.x.x.x.x',
			'[0][0][0][0][0]',
			'__proto__.polluted',
			'a.constructor.prototype',
			'x'.repeat(FORM_SHAPE.maxNameLength + 1),
		]) {
			expect(await statusOf(parseFormBody(urlencoded(`${encodeURIComponent(name)}=1`))), name).toBe(400)
		}
		const many = Array.from({ length: FORM_SHAPE.maxFields + 1 }, (_, i) => `f${i}=1`).join('&')
		expect(await statusOf(parseFormBody(urlencoded(many)))).toBe(400)
		// The largest real shapes pass.
		const form = await parseFormBody(urlencoded('translations.de-DE.name=x&email=a%40b.example&list[3]=y'))
		expect((form as FormData).get('translations.de-DE.name')).toBe('x')
	})
	test('hasFormShape counts every field, repeated names too', () => {
		const form = new FormData()
		for (let i = 0; i <= FORM_SHAPE.maxFields; i++) form.append('email', 'a')
		expect(hasFormShape(form)).toBe(false)
		form.delete('email')
		form.append('email', 'a')
		expect(hasFormShape(form)).toBe(true)
	})
	test('mediaType', () => {
		expect(mediaType('Multipart/Form-Data; boundary=x')).toBe('multipart/form-data')
		expect(mediaType(null)).toBe('')
	})
})

describe('larger bodies: the service logo', () => {
	const LOGO = '/services/0b6c9a8e-1/manage/logo'
	const LOGO_LIMIT = logoRules.maxBytes + MULTIPART_OVERHEAD

	const BROWSER = 'b'.repeat(43)
	const TOKEN = 't'.repeat(43)
	/** The cookies of a browser with a session and a CSRF cookie (its token is TOKEN). */
	async function sessionCookies() {
		const values = await Promise.all([
			createCookie('csrf-browser').serialize(BROWSER),
			createCookie(CSRF_COOKIE_NAME).serialize(signedValue(TOKEN, BROWSER)),
			createCookie(ACCESS_COOKIE).serialize('access-token'),
		])
		return values.map((value) => value.split(';')[0]).join('; ')
	}

	/** A multipart form with the CSRF token first (as every upload form sends it) and one file of `size` bytes. */
	function multipart(size: number, csrf: string | null = TOKEN) {
		const form = new FormData()
		if (csrf !== null) form.set('csrf', csrf)
		form.set('intent', 'upload')
		form.set('logo', new File([new Uint8Array(size)], 'logo.png', { type: 'image/png' }))
		return new Response(form)
	}
	/** The partner API's answer to "who is this?": a partner. */
	const partner = async () => true
	/** An upload read through its CSRF part only (what the root middleware does). */
	async function opened(body: ReadableStream<Uint8Array> | null, contentType: string, path = LOGO) {
		const headers = { 'content-type': contentType, cookie: await sessionCookies() }
		return (await parseFormBody(post(body, headers, path), { signedIn: partner })) as LargeBody
	}
	/** An upload read whole, the rest for `partner-1` (what the logo route's middleware does). */
	async function upload(size: number, path = LOGO, { csrf = TOKEN as string | null, signedIn = true } = {}) {
		const response = multipart(size, csrf)
		const headers: Record<string, string> = { 'content-type': response.headers.get('content-type')! }
		if (signedIn) headers.cookie = await sessionCookies()
		const body = await parseFormBody(post(response.body, headers, path), { signedIn: partner })
		if (body instanceof FormData) return body
		return body.rest('partner-1').finally(body.release)
	}

	test('an upload from a browser without a session or CSRF cookie is refused before its body is read', async () => {
		const refused = await upload(logoRules.maxBytes, LOGO, { signedIn: false }).catch((e: unknown) => e as Response)
		expect((refused as Response).status).toBe(403)
		expect((refused as Response).headers.get('connection')).toBe('close')
	})

	test('a cookie shaped like a token is not a session: the API is asked before a byte of the body is read', async () => {
		const body = () =>
			new ReadableStream<Uint8Array>({
				pull: () => {
					throw new Error('the body was read')
				},
			})
		const headers = { 'content-type': 'multipart/form-data; boundary=B', cookie: await sessionCookies() }
		const refused = await refusalOf(parseFormBody(post(body(), headers, LOGO), { signedIn: async () => false }))
		expect(refused.status).toBe(403)
		expect(refused.headers.get('connection')).toBe('close')
		// The API could not answer: try again shortly (503 with Retry-After), nothing read either.
		const down = await refusalOf(
			parseFormBody(post(body(), headers, LOGO), { signedIn: () => Promise.reject(new Error('API down')) }),
		)
		expect(down.status).toBe(503)
		expect(down.headers.get('retry-after')).toBe('5')
	})

	test('a large body whose first part is not the CSRF token is refused within the form limit', async () => {
		for (const csrf of [null, 'wrong'.repeat(9)]) {
			let read = 0
			const response = multipart(logoRules.maxBytes, csrf)
			const source = response.body!.getReader()
			const body = new ReadableStream<Uint8Array>({
				async pull(controller) {
					const { done, value } = await source.read()
					if (done) return controller.close()
					read += value.byteLength
					controller.enqueue(value)
				},
			})
			const headers = { 'content-type': response.headers.get('content-type')!, cookie: await sessionCookies() }
			expect(await statusOf(parseFormBody(post(body, headers, LOGO), { signedIn: partner })), String(csrf)).toBe(403)
			expect(read).toBeLessThan(FORM_BODY_LIMIT * 2)
		}
	})

	test('the rest of an upload is read for one upload per partner at a time (429), a few in all (503)', async () => {
		const stalled: Array<ReadableStreamDefaultController<Uint8Array>> = []
		/** An upload whose CSRF part has come, and nothing more until its stream is closed. */
		const stalledUpload = () =>
			opened(
				new ReadableStream<Uint8Array>({
					start(controller) {
						stalled.push(controller)
						controller.enqueue(Buffer.from(`--B\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n${TOKEN}\r\n--B`))
					},
				}),
				'multipart/form-data; boundary=B',
			)
		const reading = await Promise.all([1, 2, 3, 4].map(stalledUpload))
		const pending = reading.map((large, i) => statusOf(large.rest(`partner-${i + 1}`)))
		const next = await stalledUpload()
		const twice = await refusalOf(next.rest('partner-1'))
		expect(twice.status).toBe(429)
		expect(twice.headers.get('retry-after')).toBe('5')
		expect(twice.headers.get('connection')).toBe('close')
		const busy = await refusalOf(next.rest('partner-5'))
		expect(busy.status).toBe(503)
		expect(busy.headers.get('retry-after')).toBe('5')
		for (const controller of stalled) controller.close()
		// Cut short after the CSRF part: not a form.
		expect(await Promise.all(pending)).toEqual([400, 400, 400, 400])
		// Once they are done, uploads are taken again, the same partner's too.
		expect(((await upload(1000)).get('logo') as File).size).toBe(1000)
	})

	test("the rest of an upload keeps to a minimum rate after a grace: a slow phone's 10 MB passes, a trickle is 408", async () => {
		vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] })
		try {
			/** The logo's body: its first KB at once, then `perSecond` bytes each second (by the fake clock). */
			const sending = async (perSecond: number) => {
				const response = multipart(logoRules.maxBytes)
				const bytes = new Uint8Array(await response.arrayBuffer())
				let sent = 0
				const body = new ReadableStream<Uint8Array>(
					{
						async pull(controller) {
							if (sent) await new Promise((resolve) => setTimeout(resolve, 1000))
							const chunk = bytes.subarray(sent, sent + (sent ? perSecond : 1024))
							sent += chunk.byteLength
							if (chunk.byteLength) controller.enqueue(chunk)
							else controller.close()
						},
					},
					{ highWaterMark: 0 },
				)
				const settled = { status: 0 }
				const large = await opened(body, response.headers.get('content-type')!)
				const form = large.rest('partner-1').finally(large.release)
				form.then(
					() => (settled.status = 200),
					(error: Response) => (settled.status = error.status),
				)
				return { form, settled }
			}
			// 1 Mbit/s: 84 s for the file, ahead of the minimum rate throughout.
			const phone = await sending(125_000)
			await vi.advanceTimersByTimeAsync(90_000)
			expect(((await phone.form).get('logo') as File).size).toBe(logoRules.maxBytes)

			// At a quarter of the minimum rate: given the grace, then refused once behind.
			const trickle = await sending(MIN_UPLOAD_RATE / 4)
			await vi.advanceTimersByTimeAsync(UPLOAD_GRACE_MS)
			expect(trickle.settled.status).toBe(0)
			await vi.advanceTimersByTimeAsync(5_000)
			const refused = await refusalOf(trickle.form)
			expect(refused.status).toBe(408)
			expect(refused.headers.get('connection')).toBe('close')
			// Its slot is free again.
			const next = await sending(125_000)
			await vi.advanceTimersByTimeAsync(90_000)
			expect(next.settled.status).toBe(200)
		} finally {
			vi.useRealTimers()
		}
	})

	test('the logo route allows the 10 MB file plus multipart overhead; others keep 64 KB', () => {
		expect(bodyLimitFor(LOGO)).toBe(LOGO_LIMIT)
		expect(bodyLimitFor(`${LOGO}/`)).toBe(LOGO_LIMIT)
		expect(LOGO_LIMIT).toBeGreaterThan(logoRules.maxBytes)
		expect(LOGO_LIMIT).toBeLessThanOrEqual(logoRules.maxBytes + 512 * 1024)
		for (const path of ['/contact', '/services/x/manage', '/services/x/manage/logo/more', '/services//manage/logo'])
			expect(bodyLimitFor(path), path).toBe(FORM_BODY_LIMIT)
	})

	test('a file just over 10 MB reaches the route, so the action can say why it is refused', async () => {
		const form = await upload(logoRules.maxBytes + 1)
		expect((form.get('logo') as File).size).toBe(logoRules.maxBytes + 1)
	})

	test('a body over the limit is refused while it streams (no Content-Length)', async () => {
		expect(await statusOf(upload(LOGO_LIMIT + 1))).toBe(413)
	})

	test('the same file on a route without a larger limit is 413', async () => {
		expect(await statusOf(upload(FORM_BODY_LIMIT, '/contact'))).toBe(413)
	})

	test('a declared size a little over the limit is drained whole, so the browser gets its 413 page', async () => {
		const size = LOGO_LIMIT + 1024 * 1024
		let read = 0
		const body = new ReadableStream<Uint8Array>({
			pull(controller) {
				const chunk = Math.min(64 * 1024, size - read)
				read += chunk
				controller.enqueue(new Uint8Array(chunk))
				if (read >= size) controller.close()
			},
		})
		const headers = {
			'content-type': 'multipart/form-data; boundary=B',
			'content-length': String(size),
			cookie: await sessionCookies(),
		}
		const refused = await parseFormBody(post(body, headers, LOGO), { signedIn: partner }).catch(
			(error: unknown) => error as Response,
		)
		expect(refused).toBeInstanceOf(Response)
		expect((refused as Response).status).toBe(413)
		expect((refused as Response).headers.get('connection')).toBeNull()
		expect(read).toBe(size)
	})

	test('a declared size over the limit is refused without reading', async () => {
		const request = post(
			endless(),
			{
				'content-type': 'multipart/form-data; boundary=B',
				'content-length': String(LOGO_LIMIT + 1),
				cookie: await sessionCookies(),
			},
			LOGO,
		)
		expect(await statusOf(parseFormBody(request, { signedIn: partner }))).toBe(413)
	})

	test('the 413 of the logo route has its own page: the 10 MB message and a way back to the logo page', () => {
		expect(tooLargePageFor(LOGO)).toEqual({
			title: 'settings:logo.tooLarge.title',
			message: 'settings:logo.errors.size',
			back: { href: LOGO, label: 'settings:logo.tooLarge.back' },
		})
		expect(tooLargePageFor('/contact')).toBeUndefined()
	})
})
