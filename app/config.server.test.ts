import { describe, expect, test } from 'vitest'
import { formatProblems, parseConfig } from './config.server'
import { portalEnv } from '#tests/setup/processes'

describe('parseConfig', () => {
	test('accepts a complete environment and applies defaults', () => {
		const result = parseConfig(portalEnv({ COOKIE_PATH: undefined, PORT: undefined }))
		expect(result.ok).toBe(true)
		if (!result.ok) return
		expect(result.config.COOKIE_PATH).toBe('/')
		expect(result.config.COOKIE_MAX_AGE_DAYS).toBe(31)
		expect(result.config.PORT).toBe(3000)
		expect(result.config.SENTRY_DSN).toBeUndefined()
	})

	test('names every missing variable, not only the first', () => {
		const result = parseConfig({})
		expect(result.ok).toBe(false)
		if (result.ok) return
		expect(result.problems.map((p) => p.variable)).toEqual([
			'API_BASE_URL',
			'PUBLIC_APP_URL',
			'UPLOAD_TMP_URL',
			'SERVICE_LOGO_URL',
			'CONTACT_EMAIL',
			'SOURCE_REPOSITORY_URL',
			'SESSION_SECRET',
		])
	})

	test('explains invalid values', () => {
		const result = parseConfig(
			portalEnv({
				API_BASE_URL: 'not a url',
				CONTACT_EMAIL: 'nope',
				PORT: '99999',
				SESSION_SECRET: 'short',
				COOKIE_PATH: 'relative',
				SENTRY_DSN: 'nonsense',
			}),
		)
		expect(result.ok).toBe(false)
		if (result.ok) return
		const text = formatProblems(result.problems)
		expect(text).toContain('API_BASE_URL: must be an absolute http(s) URL')
		expect(text).toContain('CONTACT_EMAIL: must be an email address')
		expect(text).toContain('PORT: must be between 1 and 65535')
		expect(text).toContain('SESSION_SECRET: must be at least 32 characters')
		expect(text).toContain('COOKIE_PATH: must start with "/"')
		expect(text).toContain('SENTRY_DSN: must be a Sentry DSN URL')
	})

	test('strips a trailing slash from base URLs', () => {
		const result = parseConfig(portalEnv({ API_BASE_URL: 'https://api.example.com/v1/' }))
		expect(result.ok && result.config.API_BASE_URL).toBe('https://api.example.com/v1')
	})

	test('an empty optional value counts as unset', () => {
		const result = parseConfig(portalEnv({ SENTRY_DSN: '', COOKIE_DOMAIN: '' }))
		expect(result.ok).toBe(true)
		if (!result.ok) return
		expect(result.config.SENTRY_DSN).toBeUndefined()
		expect(result.config.COOKIE_DOMAIN).toBeUndefined()
	})
})
