/**
 * Image checks of uploaded logos, from the file's bytes only (never its name
 * or declared MIME type): the signature says PNG or JPEG, the header says the
 * dimensions. Browser-safe (no Node imports). A header proves nothing about the
 * rest of the file: the portal's action and the API decode it whole with
 * images.server.ts, which starts with these checks.
 */

/** The logo rules of spec points 3, 5 and 9 (bounds inclusive). */
export const logoRules = {
	types: ['jpg', 'png'],
	minWidth: 128,
	minHeight: 128,
	maxWidth: 256,
	maxHeight: 256,
	maxBytes: 10 * 1024 * 1024,
} as const

/** The API's messages of a refused logo (the first two are the spec's texts). */
export const logoMessages = {
	type: `The file type is invalid, it should be one of the following types: ${logoRules.types.join(', ')}.`,
	dimensions: `The image should be over ${logoRules.minWidth}x${logoRules.minHeight}px and under ${logoRules.maxWidth}x${logoRules.maxHeight}px.`,
	// The rule message `fileSize` of common.ts at 10 MB (not imported: this module is in the browser's logo form, zod is not).
	size: `The file must not be greater than ${logoRules.maxBytes / (1024 * 1024)} MB.`,
} as const

export type ImageType = (typeof logoRules.types)[number]
export type ImageInfo = { type: ImageType; contentType: 'image/png' | 'image/jpeg'; width: number; height: number }

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

const uint16 = (bytes: Uint8Array, at: number) => (bytes[at]! << 8) | bytes[at + 1]!
const uint32 = (bytes: Uint8Array, at: number) => uint16(bytes, at) * 0x10000 + uint16(bytes, at + 2)

/** PNG: the signature, then the IHDR chunk first, holding width and height. */
function png(bytes: Uint8Array): ImageInfo | null {
	if (bytes.length < 24 || PNG_SIGNATURE.some((byte, index) => bytes[index] !== byte)) return null
	const ihdr = String.fromCharCode(bytes[12]!, bytes[13]!, bytes[14]!, bytes[15]!)
	if (ihdr !== 'IHDR') return null
	return { type: 'png', contentType: 'image/png', width: uint32(bytes, 16), height: uint32(bytes, 20) }
}

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic); not DHT (C4), JPG (C8), DAC (CC). */
const isStartOfFrame = (marker: number) =>
	marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc

/** JPEG: SOI, then segments up to the first start-of-frame, which holds height and width. */
function jpeg(bytes: Uint8Array): ImageInfo | null {
	if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff) return null
	let at = 2
	while (at + 3 < bytes.length) {
		if (bytes[at] !== 0xff) return null
		const marker = bytes[at + 1]!
		if (marker === 0xff) {
			at += 1 // fill byte
			continue
		}
		if (marker === 0xd9 || marker === 0xda) return null // end of image or scan data before any frame
		if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
			at += 2 // markers without a length
			continue
		}
		const length = uint16(bytes, at + 2)
		if (length < 2) return null
		if (isStartOfFrame(marker)) {
			if (at + 9 > bytes.length) return null
			return { type: 'jpg', contentType: 'image/jpeg', width: uint16(bytes, at + 7), height: uint16(bytes, at + 5) }
		}
		at += 2 + length
	}
	return null
}

/** The type and dimensions of a PNG or JPEG, or null for anything else. */
export function sniffImage(bytes: Uint8Array): ImageInfo | null {
	return png(bytes) ?? jpeg(bytes)
}

export type LogoRule = keyof typeof logoMessages
/** A refused logo; one of the wrong dimensions says what they are. */
export type LogoRefusal = { ok: false; rule: LogoRule; message: string; dimensions?: { width: number; height: number } }
export type LogoCheck = { ok: true; image: ImageInfo } | LogoRefusal

/** A refused logo, with the API's message. */
export const refuseLogo = (rule: LogoRule, dimensions?: { width: number; height: number }): LogoRefusal => ({
	ok: false,
	rule,
	message: logoMessages[rule],
	...(dimensions ? { dimensions: { width: dimensions.width, height: dimensions.height } } : {}),
})

/** Whether width and height are within the rules' bounds (inclusive). */
export const fitsLogoDimensions = ({ width, height }: { width: number; height: number }) =>
	width >= logoRules.minWidth &&
	height >= logoRules.minHeight &&
	width <= logoRules.maxWidth &&
	height <= logoRules.maxHeight

/**
 * A logo checked against the rules from its header: size first (`size` may be
 * declared before the bytes are read, e.g. a Content-Length), then type, then
 * dimensions. Only the header is read: the server decodes the whole file too
 * (`decodeLogo`, images.server.ts), which refuses what this lets through.
 */
export function checkLogo(bytes: Uint8Array, size: number = bytes.byteLength): LogoCheck {
	if (size > logoRules.maxBytes) return refuseLogo('size')
	const image = sniffImage(bytes)
	if (!image) return refuseLogo('type')
	if (!fitsLogoDimensions(image)) return refuseLogo('dimensions', image)
	return { ok: true, image }
}
