import { RouterContextProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { getInstance, getLocale, getT, i18nMiddleware } from './i18n.server'

async function contextOf(headers: Record<string, string> = {}) {
	const context = new RouterContextProvider()
	await i18nMiddleware(
		{ request: new Request('http://portal.test/', { headers }), context, params: {}, unstable_pattern: '/' } as never,
		async () => new Response(),
	)
	return context
}

describe('the language of a request', () => {
	it('is the supported language the browser prefers, else en-GB', async () => {
		expect(getLocale(await contextOf())).toBe('en-GB')
		expect(getLocale(await contextOf({ 'Accept-Language': 'fr-FR, de;q=0.8' }))).toBe('en-GB')
		expect(getLocale(await contextOf({ 'Accept-Language': 'EN-gb' }))).toBe('en-GB')
		expect(getLocale(await contextOf({ 'Accept-Language': 'fr;q=0.9, en-US;q=0.5' }))).toBe('en-GB')
	})
})

describe('the translations of a request', () => {
	it('are i18next in that language, with the bundled catalogue: namespaces, plurals with _zero, values', async () => {
		const context = await contextOf({ 'Accept-Language': 'en-GB' })
		expect(getInstance(context).language).toBe('en-GB')
		const t = getT(context)
		expect(t('appName')).toBe('Partner Portal')
		expect(t('services:dashboard.count', { count: 0 })).toBe('You have no services yet.')
		expect(t('services:dashboard.count', { count: 1 })).toBe('You have 1 service.')
		expect(t('services:dashboard.count', { count: 2 })).toBe('You have 2 services.')
		// @ts-expect-error a key the catalogue does not have fails the typecheck, and reads as itself
		expect(t('nowhere.to.be.found')).toBe('nowhere.to.be.found')
	})
})

describe('the i18next instance of a request', () => {
	it('is its own (remix-i18next creates one per request): a language changed in one request stays in that request', async () => {
		const [first, second] = [await contextOf(), await contextOf()]
		expect(getInstance(first)).not.toBe(getInstance(second))
		await getInstance(first).changeLanguage('cimode')
		expect(getT(first)('appName')).toBe('appName')
		expect(getInstance(second).language).toBe('en-GB')
		expect(getT(second)('appName')).toBe('Partner Portal')
		expect(getT(await contextOf())('appName')).toBe('Partner Portal')
	})
})
