import { describe, expect, test } from 'vitest'
import { RenderBatch } from './render-batch.server'

function collect(stream: RenderBatch) {
	const chunks: string[] = []
	stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')))
	const ended = new Promise<void>((resolve) => stream.on('end', resolve))
	return { chunks, ended }
}

describe('RenderBatch', () => {
	test('what is written between two flushes leaves as one chunk', async () => {
		const batch = new RenderBatch()
		const { chunks, ended } = collect(batch)
		batch.write(new TextEncoder().encode('<html>'))
		batch.write('<body>')
		batch.write(Buffer.from('shell'))
		batch.flush()
		batch.flush()
		batch.write('boundary')
		batch.flush()
		batch.end('</body></html>')
		await ended
		expect(chunks).toEqual(['<html><body>shell', 'boundary', '</body></html>'])
	})

	test('nothing is held back at the end, and the final option still runs', async () => {
		let finalCalled = false
		const batch = new RenderBatch({
			final(callback) {
				finalCalled = true
				callback()
			},
		})
		const { chunks, ended } = collect(batch)
		batch.write('a')
		batch.write('b')
		batch.end()
		await ended
		expect(chunks).toEqual(['ab'])
		expect(finalCalled).toBe(true)
	})

	test('multi-byte characters split across writes come out whole', async () => {
		const batch = new RenderBatch()
		const { chunks, ended } = collect(batch)
		const bytes = Buffer.from('é€', 'utf8')
		batch.write(bytes.subarray(0, 1))
		batch.write(bytes.subarray(1))
		batch.end()
		await ended
		expect(chunks.join('')).toBe('é€')
	})

	test('a write that is never flushed still leaves before the next turn of the event loop', async () => {
		const batch = new RenderBatch()
		const { chunks } = collect(batch)
		batch.write('late')
		batch.write(' piece')
		await new Promise((resolve) => setImmediate(resolve))
		expect(chunks).toEqual(['late piece'])
		batch.destroy()
	})

	test('the first pass has its first marker replaced by the inserted bytes, which leave as a chunk of their own', async () => {
		const bytes = Buffer.from('p{margin:0}')
		const batch = new RenderBatch(undefined, { marker: Buffer.from('/*styles*/'), bytes })
		const pushed: Buffer[] = []
		batch.on('data', (chunk: Buffer) => pushed.push(chunk))
		const ended = new Promise<void>((resolve) => batch.on('end', resolve))
		// React may cut its output anywhere, the marker included.
		batch.write('<head><style>/*sty')
		batch.write('les*/</style></head><p>/*styles*/</p>')
		batch.flush()
		batch.write('<p>/*styles*/</p>')
		batch.end()
		await ended
		expect(pushed.map(String)).toEqual([
			'<head><style>',
			'p{margin:0}',
			'</style></head><p>/*styles*/</p>',
			'<p>/*styles*/</p>',
		])
		expect(pushed[1]).toBe(bytes)
	})
})
