import { existsSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { webhookEventTypes } from '#app/api/contract/constants'
import { eventExamples, eventSchemaLine, repositoryPaths, verificationSnippets } from './webhook-signing.server'

const root = path.resolve(import.meta.dirname, '..', '..')

describe('what the developers page links to and shows', () => {
	it('links only to paths that exist in this repository', () => {
		for (const link of Object.values(repositoryPaths)) {
			const file = link.replace(/^(tree|blob)\/main\//, '')
			expect(existsSync(path.join(root, file)), link).toBe(true)
		}
	})

	it("shows each example's verification code, without the region markers", () => {
		expect(verificationSnippets.node).toContain('standardwebhooks')
		expect(verificationSnippets.python).toContain('hmac.compare_digest')
		for (const code of Object.values(verificationSnippets)) expect(code).not.toMatch(/region verify/)
	})

	it("links each event type to its body's schema in docs/openapi.json, by line", () => {
		const lines = readFileSync(path.join(root, 'docs', 'openapi.json'), 'utf8').split('\n')
		for (const type of webhookEventTypes) {
			const line = eventSchemaLine(type)
			expect(line, type).not.toBeNull()
			expect(lines[line! - 1], type).toMatch(/^\s+"Webhook\w+Event": \{$/)
			expect(JSON.stringify(eventExamples.find((event) => event.type === type))).toContain(`"schemaLine":${line}`)
		}
		expect(eventSchemaLine('ping', '{}')).toBeNull()
	})
})
