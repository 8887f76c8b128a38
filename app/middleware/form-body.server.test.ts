import { describe, expect, test } from 'vitest'
import { FORM_BODY_LIMIT, mediaType, parseFormBody } from './form-body.server'

function post(body: BodyInit | null, headers: Record<string, string>) {
	return new Request('http://portal.test/contact', { method: 'POST', body, headers, duplex: 'half' } as RequestInit)
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
