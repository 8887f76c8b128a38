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

describe('the translations of a request', () => {
	it('are the one shared instance of the language, with kept t functions', async () => {
		const { i18nMiddleware, getT, getTranslations } = await import('./i18n.server')
		const { RouterContextProvider } = await import('react-router')
		const context = new RouterContextProvider()
		await i18nMiddleware(
			{ request: new Request('http://portal.test/'), context, params: {}, unstable_pattern: '/' } as never,
			async () => new Response(),
		)
		const translations = getTranslations(context)
		expect(translations.language).toBe('en-GB')
		expect(translations.fixedT(['services', 'common'])).toBe(translations.fixedT(['services', 'common']))
		const t = getT(context)
		expect(t('appName')).toBe('Partner Portal')
		expect(t('services:dashboard.count', { count: 0 })).toBe('You have no services yet.')
		expect(t('services:dashboard.count', { count: 1 })).toBe('You have 1 service.')
		expect(t('services:dashboard.count', { count: 2 })).toBe('You have 2 services.')
	})
})
