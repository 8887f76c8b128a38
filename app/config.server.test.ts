import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { formatProblems, parseConfig, sessionSecrets, usesSecureCookies } from './config.server'
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
			'API_CLIENT_CREDENTIAL',
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
				API_CLIENT_CREDENTIAL: 'short',
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
		expect(text).toContain('API_CLIENT_CREDENTIAL: must be at least 32 characters')
		expect(text).toContain('COOKIE_PATH: must start with "/"')
		expect(text).toContain('SENTRY_DSN: must be a Sentry DSN URL')
	})

	test('TRUST_PROXY counts the proxies in front; "true" (every hop believed) is refused', () => {
		const hops = (value: string) => {
			const result = parseConfig(portalEnv({ TRUST_PROXY: value }))
			return result.ok ? result.config.TRUST_PROXY : result.problems.map((p) => p.variable)
		}
		expect(hops('0')).toBe(0)
		expect(hops('2')).toBe(2)
		expect(hops('true')).toEqual(['TRUST_PROXY'])
		expect(hops('-1')).toEqual(['TRUST_PROXY'])
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

	test('refuses the placeholder secret that .env.example ships, and says how to make one', () => {
		const file = readFileSync(new URL('../.env.example', import.meta.url), 'utf8')
		const example = /^SESSION_SECRET=(.*)$/m.exec(file)?.[1]
		expect(example).toBeTruthy()
		expect(/^API_CLIENT_CREDENTIAL=(.*)$/m.exec(file)?.[1]).toBe(example)
		const envs = [
			{ SESSION_SECRET: example },
			{ SESSION_SECRET_FALLBACKS: example },
			{ API_CLIENT_CREDENTIAL: example },
		]
		for (const env of envs) {
			const result = parseConfig(portalEnv(env))
			expect(result.ok).toBe(false)
			if (result.ok) return
			expect(formatProblems(result.problems)).toMatch(
				/(SESSION_SECRET(_FALLBACKS)?|API_CLIENT_CREDENTIAL): is the placeholder from \.env\.example: generate one with `openssl rand -hex 32`/,
			)
		}
	})

	test('session secrets: the current one first, then the comma-separated fallbacks', () => {
		const current = 'c'.repeat(64)
		const previous = ['p'.repeat(64), 'q'.repeat(32)]
		const result = parseConfig(
			portalEnv({ SESSION_SECRET: current, SESSION_SECRET_FALLBACKS: ` ${previous[0]} , ${previous[1]},` }),
		)
		expect(result.ok).toBe(true)
		if (!result.ok) return
		expect(sessionSecrets(result.config)).toEqual([current, ...previous])
		const alone = parseConfig(portalEnv({ SESSION_SECRET: current }))
		expect(alone.ok && sessionSecrets(alone.config)).toEqual([current])
		const short = parseConfig(portalEnv({ SESSION_SECRET_FALLBACKS: `${previous[0]},too-short` }))
		expect(short.ok).toBe(false)
		if (short.ok) return
		expect(formatProblems(short.problems)).toContain('SESSION_SECRET_FALLBACKS: must be at least 32 characters')
	})

	test('in production, PUBLIC_APP_URL must be https except on a loopback host', () => {
		const production = (url: string) => parseConfig(portalEnv({ NODE_ENV: 'production', PUBLIC_APP_URL: url }))
		for (const url of ['http://portal.example.com', 'http://10.0.0.5:3000', 'http://localhost.example.com']) {
			const result = production(url)
			expect(result.ok, url).toBe(false)
			if (result.ok) return
			expect(formatProblems(result.problems)).toContain('PUBLIC_APP_URL: must be https with NODE_ENV=production')
		}
		for (const url of [
			'https://portal.example.com',
			'http://localhost:3000',
			'http://127.0.0.1:4321',
			'http://[::1]:3000',
		]) {
			expect(production(url).ok, url).toBe(true)
		}
		const development = parseConfig(portalEnv({ NODE_ENV: 'development', PUBLIC_APP_URL: 'http://portal.example.com' }))
		expect(development.ok).toBe(true)
	})

	test('DEMO_SIGN_IN (issue 55, point 22): read as the account and inbox, and only for a portal on this machine', () => {
		const demo = 'demo@partner.example Demo-Partner-2026! http://127.0.0.1:4010/__mock/inbox'
		const local = parseConfig(portalEnv({ PUBLIC_APP_URL: 'http://localhost:3000', DEMO_SIGN_IN: demo }))
		expect(local.ok && local.config.DEMO_SIGN_IN).toEqual({
			email: 'demo@partner.example',
			password: 'Demo-Partner-2026!',
			inboxUrl: 'http://127.0.0.1:4010/__mock/inbox',
		})
		const published = parseConfig(portalEnv({ PUBLIC_APP_URL: 'https://portal.example.com', DEMO_SIGN_IN: demo }))
		expect(!published.ok && formatProblems(published.problems)).toContain(
			'DEMO_SIGN_IN: is for the demo on this machine',
		)
		expect(parseConfig(portalEnv({ DEMO_SIGN_IN: 'just-a-password' })).ok).toBe(false)
		const none = parseConfig(portalEnv({}))
		expect(none.ok && none.config.DEMO_SIGN_IN).toBeUndefined()
	})

	test('cookies are Secure only for an https portal in production', () => {
		const secure = (env: Record<string, string>) => {
			const result = parseConfig(portalEnv(env))
			if (!result.ok) throw new Error(formatProblems(result.problems))
			return usesSecureCookies(result.config)
		}
		expect(secure({ NODE_ENV: 'production', PUBLIC_APP_URL: 'https://portal.example.com' })).toBe(true)
		expect(secure({ NODE_ENV: 'production', PUBLIC_APP_URL: 'http://127.0.0.1:3000' })).toBe(false)
		expect(secure({ NODE_ENV: 'development', PUBLIC_APP_URL: 'https://portal.example.com' })).toBe(false)
	})
})
