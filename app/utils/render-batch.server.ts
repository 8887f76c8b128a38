import { Transform, type TransformOptions } from 'node:stream'

/** Bytes to put where the marker is (see the constructor). */
export type Insert = { marker: Buffer; bytes: Buffer }

/**
 * Where React's HTML stream is piped (entry.server.tsx). React writes a page in
 * 4 KB pieces and calls `flush()` when a pass of its output is complete (the
 * shell, then each boundary that resolves). The pieces of a pass leave as one
 * chunk at that `flush()`: every chunk downstream costs a web-stream read and,
 * in a body that streams, a compression flush and a socket write
 * (server/router-handler.mjs), so a page leaves in a few chunks instead of one
 * per 4 KB. What is sent, and when each pass is sent, is unchanged.
 */
export class RenderBatch extends Transform {
	private pieces: Buffer[] = []
	private size = 0
	private fallback: ReturnType<typeof setImmediate> | undefined
	private insert: Insert | undefined

	/**
	 * With `insert`, the first pass's first occurrence of `insert.marker` is
	 * replaced by `insert.bytes`, which leave as a chunk of their own (the same
	 * memory every time, so the server can tell them apart). Later passes are
	 * not searched: the marker is the shell's, written before any page content.
	 */
	constructor(
		options?: Omit<TransformOptions, 'objectMode' | 'writableObjectMode' | 'decodeStrings'>,
		insert?: Insert,
	) {
		super(options)
		this.insert = insert
	}

	// Not in object mode: the writable side hands every write over as a Buffer (strings and Uint8Arrays converted).
	override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: () => void) {
		this.pieces.push(chunk)
		this.size += chunk.byteLength
		// Should a write ever come without its flush, it still leaves once the current work is done.
		this.fallback ??= setImmediate(() => this.flush())
		callback()
	}

	/** Sends what was written since the last flush, as one chunk (called by React after each pass). */
	flush() {
		if (this.fallback) clearImmediate(this.fallback)
		this.fallback = undefined
		if (this.size === 0) return
		const chunk = this.pieces.length === 1 ? this.pieces[0]! : Buffer.concat(this.pieces, this.size)
		this.pieces = []
		this.size = 0
		const insert = this.insert
		this.insert = undefined
		const at = insert ? chunk.indexOf(insert.marker) : -1
		if (insert && at >= 0) {
			this.push(chunk.subarray(0, at))
			this.push(insert.bytes)
			this.push(chunk.subarray(at + insert.marker.byteLength))
		} else {
			this.push(chunk)
		}
	}

	override _flush(callback: () => void) {
		this.flush()
		callback()
	}

	override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
		if (this.fallback) clearImmediate(this.fallback)
		this.fallback = undefined
		callback(error)
	}
}
