import { describe, expect, test } from 'vitest'
import { gifFile, jpegFile, pngFile } from '#tests/mock-api/image-fixtures'
import { checkLogo, logoMessages, logoRules, sniffImage } from './images'

describe('sniffImage', () => {
	test('reads PNG and JPEG dimensions from the header', () => {
		expect(sniffImage(pngFile(200, 150))).toEqual({ type: 'png', contentType: 'image/png', width: 200, height: 150 })
		expect(sniffImage(jpegFile(180, 256))).toEqual({ type: 'jpg', contentType: 'image/jpeg', width: 180, height: 256 })
	})

	test('skips fill bytes and segments before the frame of a JPEG', () => {
		const file = jpegFile(140, 130)
		const padded = new Uint8Array([...file.slice(0, 2), 0xff, ...file.slice(2)])
		expect(sniffImage(padded)).toMatchObject({ width: 140, height: 130 })
	})

	test('refuses anything else, whatever it is called', () => {
		expect(sniffImage(gifFile())).toBeNull()
		expect(sniffImage(new TextEncoder().encode('just text, named logo.png'))).toBeNull()
		expect(sniffImage(new Uint8Array())).toBeNull()
		expect(sniffImage(pngFile(200, 200).slice(0, 20))).toBeNull()
		expect(sniffImage(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]))).toBeNull()
	})
})

describe('checkLogo', () => {
	test.each([
		['PNG 128×128', pngFile(128, 128)],
		['PNG 256×256', pngFile(256, 256)],
		['JPEG 200×130', jpegFile(200, 130)],
	])('accepts %s', (_, file) => {
		expect(checkLogo(file).ok).toBe(true)
	})

	test.each([
		['a GIF', gifFile(), 'type'],
		['a text file', new TextEncoder().encode('hello'), 'type'],
		['100×100', pngFile(100, 100), 'dimensions'],
		['300×300', jpegFile(300, 300), 'dimensions'],
		['127×200', pngFile(127, 200), 'dimensions'],
		['200×257', pngFile(200, 257), 'dimensions'],
	] as const)('refuses %s', (what, file, rule) => {
		const [width, height] = what.split('×').map(Number)
		const dimensions = rule === 'dimensions' ? { dimensions: { width, height } } : {}
		expect(checkLogo(file)).toEqual({ ok: false, rule, message: logoMessages[rule], ...dimensions })
	})

	test('refuses over 10 MB by the declared size, before looking at the bytes', () => {
		expect(checkLogo(pngFile(200, 200), logoRules.maxBytes + 1)).toMatchObject({ ok: false, rule: 'size' })
		expect(checkLogo(pngFile(200, 200), logoRules.maxBytes).ok).toBe(true)
	})

	test("the messages are the spec's", () => {
		expect(logoMessages.type).toBe('The file type is invalid, it should be one of the following types: jpg, png.')
		// True at the limits, which are accepted (issue 55, point 11).
		expect(logoMessages.dimensions).toBe('The image should be over 127x127px and under 257x257px.')
	})
})
