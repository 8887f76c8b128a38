/**
 * Image files for tests: whole PNG and JPEG images that decode (a gradient of
 * any size), the parts to build broken ones (a PNG's chunks, headers without
 * pixels), and a GIF.
 */
import { deflateSync } from 'node:zlib'
import jpeg from 'jpeg-js'
import { ADAM7 } from '#app/utils/images.server'

function crc32(bytes: Uint8Array): number {
	let crc = 0xffffffff
	for (const byte of bytes) {
		crc ^= byte
		for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1
	}
	return (crc ^ 0xffffffff) >>> 0
}

const be32 = (value: number) => [(value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff]
const be16 = (value: number) => [(value >>> 8) & 0xff, value & 0xff]
const ascii = (text: string) => new TextEncoder().encode(text)

/** Byte arrays end to end. */
export function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
	const out = new Uint8Array(parts.reduce((total, part) => total + part.length, 0))
	let at = 0
	for (const part of parts) {
		out.set(part, at)
		at += part.length
	}
	return out
}

/** The colour of pixel (x, y) of every fixture image: a gradient, so that pixels can be told apart. */
const pixelAt = (x: number, y: number, width: number, height: number) => [
	Math.round((x * 255) / (width - 1)),
	Math.round((y * 255) / (height - 1)),
	0x80,
]

/** RGBA pixels of the gradient, row by row. */
export function gradientPixels(width: number, height: number): Uint8Array<ArrayBuffer> {
	const data = new Uint8Array(width * height * 4)
	for (let y = 0; y < height; y++) {
		for (let x = 0; x < width; x++) data.set([...pixelAt(x, y, width, height), 0xff], (y * width + x) * 4)
	}
	return data
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

export type PngChunk = [type: string, data: Uint8Array]

/** A PNG made of these chunks, in this order, each with its length and CRC. */
export function png(chunks: PngChunk[]): Uint8Array<ArrayBuffer> {
	return concat(
		new Uint8Array(PNG_SIGNATURE),
		...chunks.map(([type, data]) => {
			const typed = concat(ascii(type), data)
			return concat(new Uint8Array(be32(data.length)), typed, new Uint8Array(be32(crc32(typed))))
		}),
	)
}

/** An IHDR chunk: 8-bit RGB unless told, `interlace` 1 for Adam7. */
export function ihdr(width: number, height: number, { interlace = 0, depth = 8, colorType = 2 } = {}): PngChunk {
	return ['IHDR', new Uint8Array([...be32(width), ...be32(height), depth, colorType, 0, 0, interlace])]
}

export const iend: PngChunk = ['IEND', new Uint8Array()]

/** A PNG with only the signature, IHDR (8-bit RGB) and IEND: the header says an image, there are no pixels. */
export function pngHeader(width: number, height: number): Uint8Array<ArrayBuffer> {
	return png([ihdr(width, height), iend])
}

/** The filtered scanlines (filter 0: none) of the gradient, as one image or as the seven Adam7 passes. */
function scanlines(width: number, height: number, interlaced: boolean): Uint8Array<ArrayBuffer> {
	const passes = interlaced ? ADAM7 : ([[0, 0, 1, 1]] as const)
	const bytes: number[] = []
	for (const [x0, y0, dx, dy] of passes) {
		if (x0 >= width) continue
		for (let y = y0; y < height; y += dy) {
			bytes.push(0)
			for (let x = x0; x < width; x += dx) bytes.push(...pixelAt(x, y, width, height))
		}
	}
	return new Uint8Array(bytes)
}

/**
 * A whole PNG (8-bit RGB) of the gradient that any decoder draws; `text` adds a
 * tEXt chunk (keyword "Comment") before the pixels, `interlaced` uses Adam7.
 */
export function pngFile(
	width: number,
	height: number,
	{ text, interlaced = false }: { text?: string; interlaced?: boolean } = {},
): Uint8Array<ArrayBuffer> {
	const comment: PngChunk[] = text === undefined ? [] : [['tEXt', concat(ascii('Comment\0'), ascii(text))]]
	const idat: PngChunk = ['IDAT', deflateSync(scanlines(width, height, interlaced))]
	return png([ihdr(width, height, { interlace: interlaced ? 1 : 0 }), ...comment, idat, iend])
}

/** A whole baseline JPEG of the gradient (quality 90); `comment` adds a COM segment. */
export function jpegFile(width: number, height: number, { comment }: { comment?: string } = {}) {
	const comments = comment === undefined ? [] : [comment]
	return new Uint8Array(jpeg.encode({ width, height, data: gradientPixels(width, height), comments }, 90).data)
}

/** A JPEG with no pixels, 23 bytes: SOI, a baseline frame header (3 components) and EOI. */
export function jpegHeader(width: number, height: number): Uint8Array<ArrayBuffer> {
	const components = [1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
	return new Uint8Array([
		0xff,
		0xd8,
		0xff,
		0xc0,
		...be16(8 + components.length),
		8,
		...be16(height),
		...be16(width),
		3,
		...components,
		0xff,
		0xd9,
	])
}

/** A GIF89a header of 200×200 (a valid image, of a refused type). */
export function gifFile(): Uint8Array<ArrayBuffer> {
	return new Uint8Array([...'GIF89a'].map((char) => char.charCodeAt(0)).concat([200, 0, 200, 0, 0, 0, 0, 0x3b]))
}

/**
 * The polyglot of issue 40: a PNG signature and header, then an HTML page and
 * 2 MB of filler instead of pixels. A header sniff takes it for a 200×200 PNG.
 */
export function pngThenHtml(): Uint8Array<ArrayBuffer> {
	const html = ascii('<!doctype html><html><body><script>alert(document.domain)</script></body></html>')
	return concat(pngHeader(200, 200).subarray(0, 33), html, new Uint8Array(2 * 1024 * 1024).fill(0x20))
}

/** `file` followed by zero bytes up to `size` in all (a PNG header still says PNG). */
export function paddedTo(file: Uint8Array, size: number): Uint8Array<ArrayBuffer> {
	const padded = new Uint8Array(size)
	padded.set(file)
	return padded
}
