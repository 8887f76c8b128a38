import { describe, expect, test } from 'vitest'
import {
	bodyLimitFor,
	FORM_BODY_LIMIT,
	mediaType,
	MULTIPART_OVERHEAD,
	parseFormBody,
	tooLargePageFor,
} from './form-body.server'
import { logoRules } from '#app/api/contract/images'

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
		expect(form.get('b')).toBe(' x')
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
	test('mediaType', () => {
		expect(mediaType('Multipart/Form-Data; boundary=x')).toBe('multipart/form-data')
		expect(mediaType(null)).toBe('')
	})
})

describe('larger bodies: the service logo', () => {
	const LOGO = '/services/0b6c9a8e-1/manage/logo'
	const LOGO_LIMIT = logoRules.maxBytes + MULTIPART_OVERHEAD

	/** A multipart form with one file of `size` bytes. */
	function multipart(size: number) {
		const form = new FormData()
		form.set('intent', 'upload')
		form.set('logo', new File([new Uint8Array(size)], 'logo.png', { type: 'image/png' }))
		return new Response(form)
	}
	async function upload(size: number, path = LOGO) {
		const response = multipart(size)
		const headers = { 'content-type': response.headers.get('content-type')! }
		return parseFormBody(post(response.body, headers, path))
	}

	test('the logo route (and its data requests) allows the 10 MB file plus multipart overhead; others keep 64 KB', () => {
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
		// With JS, React Router posts to `<page>.data`: the page's limit applies.
		expect(((await upload(logoRules.maxBytes + 1, `${LOGO}.data`)).get('logo') as File).size).toBe(
			logoRules.maxBytes + 1,
		)
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
		const refused = await parseFormBody(
			post(body, { 'content-type': 'multipart/form-data; boundary=B', 'content-length': String(size) }, LOGO),
		).catch((error: unknown) => error as Response)
		expect(refused).toBeInstanceOf(Response)
		expect((refused as Response).status).toBe(413)
		expect((refused as Response).headers.get('connection')).toBeNull()
		expect(read).toBe(size)
	})

	test('a declared size over the limit is refused without reading', async () => {
		const request = post(
			endless(),
			{ 'content-type': 'multipart/form-data; boundary=B', 'content-length': String(LOGO_LIMIT + 1) },
			LOGO,
		)
		expect(await statusOf(parseFormBody(request))).toBe(413)
	})

	test('the 413 of the logo route has its own page: the 10 MB message and a way back to the logo page', () => {
		expect(tooLargePageFor(LOGO)).toEqual({
			title: 'services:logo.tooLarge.title',
			message: 'services:logo.errors.size',
			back: { href: LOGO, label: 'services:logo.tooLarge.back' },
		})
		expect(tooLargePageFor('/contact')).toBeUndefined()
	})
})
