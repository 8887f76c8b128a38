import { deflateSync } from 'node:zlib'
import jpeg from 'jpeg-js'
import { PNG } from 'pngjs'
import { describe, expect, test } from 'vitest'
import {
	concat,
	gifFile,
	gradientPixels,
	iend,
	ihdr,
	jpegFile,
	jpegHeader,
	paddedTo,
	png,
	pngFile,
	pngHeader,
	pngThenHtml,
} from '#tests/mock-api/image-fixtures'
import { logoMessages, logoRules } from '#app/api/contract/images'
import { decodeLogo, encodeLogo } from './images.server'

const refused = (rule: keyof typeof logoMessages, width?: number, height?: number) => ({
	ok: false,
	rule,
	message: logoMessages[rule],
	...(width === undefined ? {} : { dimensions: { width, height } }),
})
const html = new TextEncoder().encode('<html><script>alert(1)</script></html>')
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1')

/** A JPEG whose one scan (SOS to EOI) is repeated `times` times: each scan is decoded again. */
function jpegWithScans(times: number) {
	const file = jpegFile(256, 256)
	const sos = Buffer.from(file).indexOf(Buffer.from([0xff, 0xda]))
	const scan = file.subarray(sos, file.length - 2)
	return concat(file.subarray(0, sos), ...Array.from({ length: times }, () => scan), new Uint8Array([0xff, 0xd9]))
}

describe('decodeLogo', () => {
	test.each([
		['PNG 128×128', pngFile(128, 128), 'png', 128, 128],
		['JPEG 128×128', jpegFile(128, 128), 'jpg', 128, 128],
		['PNG 256×200', pngFile(256, 200), 'png', 256, 200],
		['JPEG 200×256', jpegFile(200, 256), 'jpg', 200, 256],
		['interlaced PNG 130×129', pngFile(130, 129, { interlaced: true }), 'png', 130, 129],
	] as const)('accepts a whole %s, with the decoded dimensions', (_, file, type, width, height) => {
		const result = decodeLogo(file)
		expect(result).toMatchObject({ ok: true, image: { type, width, height } })
		if (!result.ok) throw new Error(result.message)
		expect(result.pixels).toHaveLength(width * height * 4)
	})

	test.each([
		['grey 8-bit', { colorType: 0 }],
		['grey and alpha 8-bit', { colorType: 4 }],
		['RGB 16-bit', { colorType: 2, bitDepth: 16 }],
		['RGBA 8-bit', { colorType: 6 }],
	] as const)('accepts a PNG of another colour type or depth: %s', (_, options) => {
		const image = new PNG({ width: 150, height: 140 })
		image.data = Buffer.from(gradientPixels(150, 140))
		const file = PNG.sync.write(image, { ...options, inputColorType: 6 })
		expect(decodeLogo(file)).toMatchObject({ ok: true, image: { type: 'png', width: 150, height: 140 } })
	})

	test('accepts a 1-bit palette PNG, interlaced or not', () => {
		const palette: [string, Uint8Array] = ['PLTE', new Uint8Array([0, 0, 0, 0xff, 0xff, 0xff])]
		// 130 rows of 17 bytes (129 pixels of 1 bit, rounded up) after a filter byte 0: pixels of both colours.
		const rows = new Uint8Array(130 * 18).map((_, index) => (index % 18 === 0 ? 0 : 0x55))
		const file = png([ihdr(129, 130, { depth: 1, colorType: 3 }), palette, ['IDAT', deflateSync(rows)], iend])
		expect(decodeLogo(file)).toMatchObject({ ok: true, image: { width: 129, height: 130 } })
		// Adam7 of 1-bit rows: the seven passes' scanlines, each rounded up to a byte, each with its filter byte.
		const passes = [
			[17, 17],
			[16, 17],
			[33, 16],
			[32, 33],
			[65, 32],
			[64, 65],
			[129, 65],
		]
		const interlaced = new Uint8Array(passes.reduce((sum, [w, h]) => sum + h! * (Math.ceil(w! / 8) + 1), 0))
		const idat = deflateSync(interlaced)
		const adam7 = png([ihdr(129, 130, { depth: 1, colorType: 3, interlace: 1 }), palette, ['IDAT', idat], iend])
		expect(decodeLogo(adam7)).toMatchObject({ ok: true, image: { width: 129, height: 130 } })
	})

	test('a PNG decodes to its pixels', () => {
		const result = decodeLogo(pngFile(140, 130, { interlaced: true }))
		expect(result.ok && Buffer.from(result.pixels).equals(gradientPixels(140, 130))).toBe(true)
	})

	test('refuses the PNG signature followed by HTML and 2 MB of filler (issue 40) as of an invalid type', () => {
		expect(decodeLogo(pngThenHtml())).toEqual(refused('type'))
	})

	test('refuses a header-only JPEG (23 bytes) and its first 22 bytes', () => {
		expect(jpegHeader(200, 200)).toHaveLength(23)
		expect(decodeLogo(jpegHeader(200, 200))).toEqual(refused('type'))
		expect(decodeLogo(jpegHeader(200, 200).subarray(0, 22))).toEqual(refused('type'))
	})

	test('refuses a header-only PNG (no pixel data)', () => {
		expect(decodeLogo(pngHeader(200, 200))).toEqual(refused('type'))
	})

	const wholePng = pngFile(200, 200)
	const wholeJpeg = jpegFile(200, 200)
	test.each([
		['PNG cut in the pixel data', wholePng.subarray(0, wholePng.length / 2)],
		['PNG without IEND', wholePng.subarray(0, wholePng.length - 12)],
		['PNG missing its last byte', wholePng.subarray(0, wholePng.length - 1)],
		['JPEG cut in the scan', wholeJpeg.subarray(0, wholeJpeg.length / 2)],
		['JPEG without EOI', wholeJpeg.subarray(0, wholeJpeg.length - 2)],
	])('refuses a truncated file: %s', (_, file) => {
		expect(decodeLogo(file)).toEqual(refused('type'))
	})

	test('refuses a PNG whose pixel data is damaged (CRC)', () => {
		const damaged = pngFile(200, 200)
		damaged[60] = damaged[60]! ^ 0xff
		expect(decodeLogo(damaged)).toEqual(refused('type'))
	})

	test.each([
		['PNG', pngFile(200, 200)],
		['JPEG', jpegFile(200, 200)],
	])('refuses a whole %s with a page after its end; a few stray bytes are tolerated', (_, file) => {
		expect(decodeLogo(concat(file, html))).toEqual(refused('type'))
		expect(decodeLogo(concat(file, new Uint8Array(4096)))).toEqual(refused('type'))
		expect(decodeLogo(concat(file, new Uint8Array(16)))).toMatchObject({ ok: true })
	})

	test('refuses a PNG declaring 30000×30000 on its dimensions, without decoding it', () => {
		const bomb = png([ihdr(30000, 30000), ['IDAT', deflateSync(new Uint8Array(30000 * 3 + 1))], iend])
		expect(decodeLogo(bomb)).toEqual(refused('dimensions', 30000, 30000))
		expect(decodeLogo(jpegHeader(30000, 30000))).toEqual(refused('dimensions', 30000, 30000))
	})

	test('refuses an interlaced PNG whose pixel data inflates to far more than its dimensions need', () => {
		const bomb = png([ihdr(128, 128, { interlace: 1 }), ['IDAT', deflateSync(new Uint8Array(64 * 1024 * 1024))], iend])
		expect(bomb.length).toBeLessThan(100_000)
		expect(decodeLogo(bomb)).toEqual(refused('type'))
	})

	test('refuses a JPEG of more scans than any encoder writes (each is decoded again)', () => {
		expect(decodeLogo(jpegWithScans(2))).toMatchObject({ ok: true })
		expect(decodeLogo(jpegWithScans(500))).toEqual(refused('type'))
	})

	test('refuses over 10 MB (by the declared size too), a GIF, and dimensions outside the rules', () => {
		expect(decodeLogo(paddedTo(pngFile(200, 200), logoRules.maxBytes + 1))).toEqual(refused('size'))
		expect(decodeLogo(pngFile(200, 200), logoRules.maxBytes + 1)).toEqual(refused('size'))
		expect(decodeLogo(gifFile())).toEqual(refused('type'))
		expect(decodeLogo(pngFile(127, 200))).toEqual(refused('dimensions', 127, 200))
		expect(decodeLogo(jpegFile(200, 257))).toEqual(refused('dimensions', 200, 257))
	})
})

describe('encodeLogo', () => {
	test('a PNG is re-encoded as a PNG of the same pixels, without the upload’s other bytes', () => {
		const upload = pngFile(200, 160, { text: '<script>alert(1)</script>' })
		expect(text(upload)).toContain('<script>')
		const decoded = decodeLogo(upload)
		if (!decoded.ok) throw new Error(decoded.message)
		const stored = encodeLogo(decoded)
		expect(text(stored)).not.toContain('<script>')
		expect(text(stored)).not.toContain('tEXt')
		const again = PNG.sync.read(Buffer.from(stored))
		expect([again.width, again.height]).toEqual([200, 160])
		expect(Buffer.from(again.data).equals(gradientPixels(200, 160))).toBe(true)
		expect(decodeLogo(stored)).toMatchObject({ ok: true, image: { type: 'png', width: 200, height: 160 } })
	})

	test('a JPEG is re-encoded as a JPEG of nearly the same pixels, without its comment', () => {
		const upload = jpegFile(160, 200, { comment: '<script>alert(1)</script>' })
		expect(text(upload)).toContain('<script>')
		const decoded = decodeLogo(upload)
		if (!decoded.ok) throw new Error(decoded.message)
		const stored = encodeLogo(decoded)
		expect(text(stored)).not.toContain('<script>')
		const again = jpeg.decode(stored, { useTArray: true })
		expect([again.width, again.height]).toEqual([160, 200])
		const source = gradientPixels(160, 200)
		const largest = again.data.reduce((most, value, index) => Math.max(most, Math.abs(value - source[index]!)), 0)
		expect(largest).toBeLessThan(16)
		expect(decodeLogo(stored)).toMatchObject({ ok: true, image: { type: 'jpg', width: 160, height: 200 } })
	})
})
