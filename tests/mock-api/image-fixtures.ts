/** Tiny image files for tests: valid PNG and JPEG headers with any dimensions, and a GIF. */

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

function pngChunk(type: string, data: number[]): number[] {
	const typed = new Uint8Array([...type].map((char) => char.charCodeAt(0)).concat(data))
	return [...be32(data.length), ...typed, ...be32(crc32(typed))]
}

/** A PNG signature, IHDR (8-bit RGB) and IEND. */
export function pngFile(width: number, height: number): Uint8Array<ArrayBuffer> {
	return new Uint8Array([
		0x89,
		0x50,
		0x4e,
		0x47,
		0x0d,
		0x0a,
		0x1a,
		0x0a,
		...pngChunk('IHDR', [...be32(width), ...be32(height), 8, 2, 0, 0, 0]),
		...pngChunk('IEND', []),
	])
}

/** A JPEG: SOI, a JFIF APP0 segment, a baseline SOF0 (3 components) and EOI. */
export function jpegFile(width: number, height: number): Uint8Array<ArrayBuffer> {
	const jfif = [0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, ...be16(1), ...be16(1), 0, 0]
	const components = [1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
	return new Uint8Array([
		0xff,
		0xd8,
		0xff,
		0xe0,
		...be16(jfif.length + 2),
		...jfif,
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

function adler32(bytes: Uint8Array): number {
	let a = 1
	let b = 0
	for (const byte of bytes) {
		a = (a + byte) % 65521
		b = (b + a) % 65521
	}
	return ((b << 16) | a) >>> 0
}

/** A zlib stream of stored (uncompressed) deflate blocks: valid without a compressor. */
function zlibStored(data: Uint8Array): number[] {
	const out = [0x78, 0x01]
	for (let at = 0; at < data.length || at === 0; at += 0xffff) {
		const block = data.subarray(at, at + 0xffff)
		const last = at + 0xffff >= data.length ? 1 : 0
		out.push(last, block.length & 0xff, block.length >>> 8, ~block.length & 0xff, (~block.length >>> 8) & 0xff)
		for (const byte of block) out.push(byte)
		if (last) break
	}
	return [...out, ...be32(adler32(data))]
}

/**
 * A PNG a browser decodes and draws: one colour (8-bit RGB), pixel data in
 * an IDAT chunk. `pngFile` only has the header, enough for the checks.
 */
export function solidPngFile(width: number, height: number, rgb: [number, number, number] = [0x1d, 0x70, 0xb8]) {
	const row = [0, ...Array.from({ length: width }, () => rgb).flat()]
	const pixels = new Uint8Array(row.length * height)
	for (let y = 0; y < height; y++) pixels.set(row, y * row.length)
	return new Uint8Array([
		0x89,
		0x50,
		0x4e,
		0x47,
		0x0d,
		0x0a,
		0x1a,
		0x0a,
		...pngChunk('IHDR', [...be32(width), ...be32(height), 8, 2, 0, 0, 0]),
		...pngChunk('IDAT', zlibStored(pixels)),
		...pngChunk('IEND', []),
	])
}

/** `file` followed by zero bytes up to `size` in all (a PNG header still says PNG). */
export function paddedTo(file: Uint8Array, size: number): Uint8Array<ArrayBuffer> {
	const padded = new Uint8Array(size)
	padded.set(file)
	return padded
}
