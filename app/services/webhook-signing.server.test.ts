import { existsSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { repositoryPaths, verificationSnippets } from './webhook-signing.server'

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
})
