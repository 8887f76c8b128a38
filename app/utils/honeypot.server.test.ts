import { describe, expect, test } from 'vitest'
import { checkHoneypot, getHoneypotInputProps } from './honeypot.server'

const form = (fields: Record<string, string>) => {
	const data = new FormData()
	for (const [name, value] of Object.entries(fields)) data.set(name, value)
	return data
}
const status = (promise: Promise<unknown>) =>
	promise.then(
		() => 200,
		(error: unknown) => (error instanceof Response ? error.status : 500),
	)

describe('checkHoneypot', () => {
	test('a form as the page rendered it passes', async () => {
		const { nameFieldName, validFromFieldName, encryptedValidFrom } = await getHoneypotInputProps()
		expect(await status(checkHoneypot(form({ [nameFieldName]: '', [validFromFieldName!]: encryptedValidFrom! })))).toBe(
			200,
		)
	})

	test('a filled trap or a forged timestamp is a 400, never a 500 (issue 52)', async () => {
		for (const from of ['a'.repeat(64 * 1024), `${'a'.repeat(50_000)}!`, ' '.repeat(30_000), 'AAAA']) {
			expect(await status(checkHoneypot(form({ name__confirm: '', from__confirm: from }))), from.slice(0, 8)).toBe(400)
		}
		expect(await status(checkHoneypot(form({ name__confirm: 'bot' })))).toBe(400)
	})
})
