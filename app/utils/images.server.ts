// Decision 0024: the decode's cost is bounded by the header checks and a walk of the structure first.
import { inflateSync } from 'node:zlib'
import jpeg from 'jpeg-js'
import { PNG } from 'pngjs'
import { checkLogo, fitsLogoDimensions, logoRules, refuseLogo } from '../api/contract/images'
import type { ImageInfo, LogoRefusal } from '../api/contract/images'

/** A logo that decoded: its type and decoded dimensions, and its pixels (8-bit RGBA, row by row). */
export type DecodedLogo = { ok: true; image: ImageInfo; pixels: Uint8Array }

type Pixels = { width: number; height: number; data: Uint8Array }

// Some writers pad after the image's end; more than that is refused.
const TRAILING_BYTES_ALLOWED = 16

// A progressive encoder writes about ten scans; each is decoded over the whole image.
const MAX_JPEG_SCANS = 100

const JPEG_QUALITY = 90

/** Checks a logo from its header, then decodes it whole; the dimensions checked last are the decoded image's. */
export function decodeLogo(bytes: Uint8Array, size: number = bytes.byteLength): DecodedLogo | LogoRefusal {
	const check = checkLogo(bytes, size)
	if (!check.ok) return check
	const decoded = check.image.type === 'png' ? decodePng(bytes) : decodeJpeg(bytes)
	if (!decoded) return refuseLogo('type')
	if (!fitsLogoDimensions(decoded)) return refuseLogo('dimensions', decoded)
	return { ok: true, image: { ...check.image, width: decoded.width, height: decoded.height }, pixels: decoded.data }
}

// Nothing of the uploaded file but its pixels is kept.
export function encodeLogo({ image, pixels }: DecodedLogo): Uint8Array {
	const { width, height } = image
	if (image.type === 'jpg') return jpeg.encode({ width, height, data: pixels }, JPEG_QUALITY).data
	const png = new PNG({ width, height })
	png.data = Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength)
	return PNG.sync.write(png)
}

const uint16 = (bytes: Uint8Array, at: number) => (bytes[at]! << 8) | bytes[at + 1]!
const uint32 = (bytes: Uint8Array, at: number) => uint16(bytes, at) * 0x10000 + uint16(bytes, at + 2)
const typeAt = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at, at + 4))

const withoutPadding = (bytes: Uint8Array, end: number) =>
	bytes.length - end <= TRAILING_BYTES_ALLOWED ? bytes.subarray(0, end) : null

function decoded(decode: () => Pixels): Pixels | null {
	try {
		return decode()
	} catch {
		return null
	}
}

const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }

export const ADAM7 = [
	[0, 0, 8, 8],
	[4, 0, 8, 8],
	[0, 4, 4, 8],
	[2, 0, 4, 4],
	[0, 2, 2, 4],
	[1, 0, 2, 2],
	[0, 1, 1, 2],
] as const

const scanlineBytes = (width: number, height: number, bitsPerPixel: number) =>
	width > 0 && height > 0 ? height * (Math.ceil((width * bitsPerPixel) / 8) + 1) : 0

function pngDataLength(bytes: Uint8Array, at: number): number | null {
	const [width, height] = [uint32(bytes, at + 8), uint32(bytes, at + 12)]
	const [depth, channels, interlace] = [bytes[at + 16]!, PNG_CHANNELS[bytes[at + 17]!], bytes[at + 20]]
	if (channels === undefined) return null
	if (interlace === 0) return scanlineBytes(width, height, depth * channels)
	return ADAM7.reduce(
		(sum, [x0, y0, dx, dy]) =>
			sum + scanlineBytes(Math.ceil((width - x0) / dx), Math.ceil((height - y0) / dy), depth * channels),
		0,
	)
}

function pngLayout(bytes: Uint8Array): { end: number; idat: Uint8Array[]; dataLength: number | null } | null {
	const idat: Uint8Array[] = []
	let at = 8 // after the signature (IHDR first: checked by the sniff)
	while (at + 12 <= bytes.length) {
		const length = uint32(bytes, at)
		const type = typeAt(bytes, at + 4)
		const next = at + 12 + length
		if (next > bytes.length) return null
		if (type === 'IDAT') idat.push(bytes.subarray(at + 8, at + 8 + length))
		if (type === 'IEND') return { end: next, idat, dataLength: pngDataLength(bytes, 8) }
		at = next
	}
	return null
}

function decodePng(bytes: Uint8Array): Pixels | null {
	const layout = pngLayout(bytes)
	const image = layout && withoutPadding(bytes, layout.end)
	if (!layout || !image || layout.dataLength === null) return null
	const { idat, dataLength } = layout
	return decoded(() => {
		// pngjs inflates an interlaced image without a cap, and a few kilobytes of zlib can say gigabytes.
		const inflated = inflateSync(Buffer.concat(idat), { maxOutputLength: dataLength })
		if (inflated.length !== dataLength) throw new Error(`pixel data of ${inflated.length} bytes, not ${dataLength}`)
		const png = PNG.sync.read(Buffer.from(image.buffer, image.byteOffset, image.byteLength))
		return { width: png.width, height: png.height, data: png.data }
	})
}

const isRestart = (marker: number) => marker >= 0xd0 && marker <= 0xd7

function scanEnd(bytes: Uint8Array, at: number): number {
	let next = at
	for (;;) {
		next = bytes.indexOf(0xff, next)
		if (next === -1 || next + 1 >= bytes.length) return bytes.length
		const marker = bytes[next + 1]!
		if (marker !== 0x00 && !isRestart(marker)) return next
		next += 2
	}
}

function jpegLayout(bytes: Uint8Array): { end: number; scans: number } | null {
	let at = 2 // after SOI (checked by the sniff)
	let scans = 0
	while (at + 1 < bytes.length) {
		if (bytes[at] !== 0xff) return null
		const marker = bytes[at + 1]!
		if (marker === 0xff) {
			at += 1 // fill byte
			continue
		}
		if (marker === 0xd9) return scans > 0 ? { end: at + 2, scans } : null
		if (isRestart(marker) || marker === 0x01) {
			at += 2 // markers without a length
			continue
		}
		if (at + 4 > bytes.length) return null
		const length = uint16(bytes, at + 2)
		if (length < 2) return null
		at += 2 + length
		if (marker === 0xda) {
			scans += 1
			at = scanEnd(bytes, at)
		}
	}
	return null
}

function decodeJpeg(bytes: Uint8Array): Pixels | null {
	const layout = jpegLayout(bytes)
	const image = layout && withoutPadding(bytes, layout.end)
	if (!layout || !image || layout.scans > MAX_JPEG_SCANS) return null
	return decoded(() =>
		jpeg.decode(image, {
			useTArray: true,
			formatAsRGBA: true,
			tolerantDecoding: false,
			maxResolutionInMP: (logoRules.maxWidth * logoRules.maxHeight) / 1e6,
			maxMemoryUsageInMB: 16,
		}),
	)
}
