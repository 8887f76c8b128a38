import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { projectRoot } from '#tests/setup/processes'
import { anonymousFormSpellings, otherPagePaths } from './anonymous-forms'

// How nginx behaves with this file is in e2e/edge-limits.replicas.spec.ts; here, what can be read from it alone.
const template = readFileSync(path.join(projectRoot, 'deploy', 'nginx', 'portal.conf.template'), 'utf8')

describe('deploy/nginx', () => {
	test('the limited location matches every spelling of every anonymous form (app/routes.ts), and no other page', () => {
		const [, modifier, pattern] =
			/location (~\*?) (\S+) \{[^}]*limit_req zone=portal_anonymous_forms /.exec(template) ?? []
		expect(modifier, 'case-insensitive, as React Router matches').toBe('~*')
		const location = new RegExp(pattern!, 'i')
		const spellings = anonymousFormSpellings()
		expect(spellings.length).toBeGreaterThan(50)
		expect(spellings.filter((spelling) => !location.test(spelling))).toEqual([])
		expect(otherPagePaths().filter((other) => location.test(other))).toEqual([])
	})

	test('the limit counts every method but GET and HEAD, which React Router answers without an action', () => {
		const [, body] = /map \$request_method \$portal_anonymous_post \{([^}]*)\}/.exec(template) ?? []
		const entries = body!
			.split(';')
			.map((entry) => entry.trim().split(/\s+/))
			.filter((entry) => entry[0])
		expect(entries).toEqual([
			['GET', '""'],
			['HEAD', '""'],
			['default', '$binary_remote_addr'],
		])
	})

	test('the access log uses the redacting format, which names neither the request line, the Referer nor a query', () => {
		expect(template).toMatch(/^\taccess_log \$\{ACCESS_LOG\} portal_redacted;$/m)
		const [format] = /log_format portal_redacted [^;]+;/.exec(template) ?? []
		expect(format).toContain('"$request_method $portal_log_path $server_protocol"')
		expect(format).toContain('"$portal_log_referer"')
		expect(format).not.toMatch(/\$(request|request_uri|http_referer|args|query_string|arg_\w+)\b/)
	})
})
