// From the bytes only, browser-safe; a header proves nothing about the rest: app/utils/images.server.ts decodes it whole.

// Spec points 3, 5 and 9; bounds inclusive.
export const logoRules = {
	types: ['jpg', 'png'],
	minWidth: 128,
	minHeight: 128,
	maxWidth: 256,
	maxHeight: 256,
	maxBytes: 10 * 1024 * 1024,
} as const

/** The spec's "over … and under …" filled so that it is true at the limits: 128 and 256 are accepted. */
export const logoDimensionsValues = {
	min_width: logoRules.minWidth - 1,
	min_height: logoRules.minHeight - 1,
	max_width: logoRules.maxWidth + 1,
	max_height: logoRules.maxHeight + 1,
}

const d = logoDimensionsValues
export const logoMessages = {
	type: `The file type is invalid, it should be one of the following types: ${logoRules.types.join(', ')}.`,
	dimensions: `The image should be over ${d.min_width}x${d.min_height}px and under ${d.max_width}x${d.max_height}px.`,
	// Not imported from common.ts: zod is not in the browser's logo form.
	size: `The file must not be greater than ${logoRules.maxBytes / (1024 * 1024)} MB.`,
} as const

export type ImageType = (typeof logoRules.types)[number]
export type ImageInfo = { type: ImageType; contentType: 'image/png' | 'image/jpeg'; width: number; height: number }

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

const uint16 = (bytes: Uint8Array, at: number) => (bytes[at]! << 8) | bytes[at + 1]!
const uint32 = (bytes: Uint8Array, at: number) => uint16(bytes, at) * 0x10000 + uint16(bytes, at + 2)

function png(bytes: Uint8Array): ImageInfo | null {
	if (bytes.length < 24 || PNG_SIGNATURE.some((byte, index) => bytes[index] !== byte)) return null
	const ihdr = String.fromCharCode(bytes[12]!, bytes[13]!, bytes[14]!, bytes[15]!)
	if (ihdr !== 'IHDR') return null
	return { type: 'png', contentType: 'image/png', width: uint32(bytes, 16), height: uint32(bytes, 20) }
}

// Not DHT (C4), JPG (C8), DAC (CC).
const isStartOfFrame = (marker: number) =>
	marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc

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

export const sniffImage = (bytes: Uint8Array): ImageInfo | null => png(bytes) ?? jpeg(bytes)

export type LogoRule = keyof typeof logoMessages
export type LogoRefusal = { ok: false; rule: LogoRule; message: string; dimensions?: { width: number; height: number } }
export type LogoCheck = { ok: true; image: ImageInfo } | LogoRefusal

export const refuseLogo = (rule: LogoRule, dimensions?: { width: number; height: number }): LogoRefusal => ({
	ok: false,
	rule,
	message: logoMessages[rule],
	...(dimensions ? { dimensions: { width: dimensions.width, height: dimensions.height } } : {}),
})

export const fitsLogoDimensions = ({ width, height }: { width: number; height: number }) =>
	width >= logoRules.minWidth &&
	height >= logoRules.minHeight &&
	width <= logoRules.maxWidth &&
	height <= logoRules.maxHeight

/** Size first (it may be declared before the bytes are read), then type, then dimensions. */
export function checkLogo(bytes: Uint8Array, size: number = bytes.byteLength): LogoCheck {
	if (size > logoRules.maxBytes) return refuseLogo('size')
	const image = sniffImage(bytes)
	if (!image) return refuseLogo('type')
	if (!fitsLogoDimensions(image)) return refuseLogo('dimensions', image)
	return { ok: true, image }
}
