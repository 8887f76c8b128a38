import { describe, expect, it } from 'vitest'
import { languageFor } from './i18n.server'

describe('languageFor', () => {
	it('answers the default language without a header or a supported match', () => {
		expect(languageFor(null)).toBe('en-GB')
		expect(languageFor('')).toBe('en-GB')
		expect(languageFor('fr-FR, de;q=0.8')).toBe('en-GB')
	})

	it('matches the exact tag, or the primary subtag, case-insensitively', () => {
		expect(languageFor('EN-gb')).toBe('en-GB')
		expect(languageFor('fr;q=0.9, en-US;q=0.5')).toBe('en-GB')
	})

	it('ignores languages refused with q=0', () => {
		expect(languageFor('en;q=0')).toBe('en-GB')
	})
})

describe('the shared instance', () => {
	it('answers the same translations through its kept t functions, interpolation and plurals included', async () => {
		const { i18nMiddleware, getI18n } = await import('./i18n.server')
		const { RouterContextProvider } = await import('react-router')
		const context = new RouterContextProvider()
		await i18nMiddleware(
			{ request: new Request('http://portal.test/'), context, params: {}, unstable_pattern: '/' } as never,
			async () => new Response(),
		)
		const i18n = getI18n(context)
		const t = i18n.getFixedT(null, ['services', 'common'])
		expect(i18n.getFixedT(null, ['services', 'common'])).toBe(t)
		expect(t('common:footer.copyright', { year: 2026 })).toContain('2026')
		expect(t('common:footer.copyright', { year: 2027 })).toContain('2027')
		expect(t('services:dashboard.count', { count: 1 })).not.toBe(t('services:dashboard.count', { count: 2 }))
		expect(t('services:dashboard.count', { count: 2 })).toBe(t('services:dashboard.count', { count: 2 }))
		expect(t('appName')).toBe(i18n.t('common:appName'))
	})
})
