import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Trans, Translations, TranslationsProvider, useTranslation } from './i18n'

const translations = new Translations('en-GB', {
	common: {
		appName: 'Portal',
		nested: { greeting: 'Hello {{name}}, {{ name }}!', empty: 'Value: {{missing}}.' },
		item_one: '{{count}} item',
		item_other: '{{count}} items',
		none_zero: 'Nothing',
		none_one: 'One thing',
		none_other: 'Things',
		link: 'Write to <0>{{email}}</0> or <1>call</1>.',
		named: 'In <lang>{{language}}</lang>: <hidden>label</hidden>, <unknown>text</unknown>',
	},
	auth: { title: 'Sign in', appName: 'Auth portal' },
})

describe('Translations', () => {
	const t = translations.fixedT()

	it('finds nested keys and interpolates every placeholder, missing values as nothing', () => {
		expect(t('nested.greeting', { name: 'Ada' })).toBe('Hello Ada, Ada!')
		expect(t('nested.empty')).toBe('Value: {{missing}}.')
		expect(t('nested.empty', {})).toBe('Value: .')
		// The same text again, other values: each call fills in its own.
		expect(t('nested.greeting', { name: 'Grace' })).toBe('Hello Grace, Grace!')
		expect(t('nested.greeting', { name: 0 })).toBe('Hello 0, 0!')
	})

	it('chooses the plural form by count, with _zero for 0', () => {
		expect(t('item', { count: 1 })).toBe('1 item')
		expect(t('item', { count: 0 })).toBe('0 items')
		expect(t('item', { count: 5 })).toBe('5 items')
		expect(t('none', { count: 0 })).toBe('Nothing')
		expect(t('none', { count: 1 })).toBe('One thing')
	})

	it('searches its namespaces in order, and an ns: prefix names one', () => {
		expect(translations.fixedT(['auth', 'common'])('appName')).toBe('Auth portal')
		expect(translations.fixedT(['common', 'auth'])('title')).toBe('Sign in')
		expect(t('auth:title')).toBe('Sign in')
		expect(translations.fixedT('auth')('common:appName')).toBe('Portal')
	})

	it('answers the key itself when no namespace has it', () => {
		expect(t('nowhere.to.be.found')).toBe('nowhere.to.be.found')
		expect(t('nested')).toBe('nested')
	})

	it('makes one t per set of namespaces', () => {
		expect(translations.fixedT(['auth', 'common'])).toBe(translations.fixedT(['auth', 'common']))
	})
})

describe('useTranslation and Trans', () => {
	function Example() {
		const { t } = useTranslation('common')
		return (
			<p>
				<Trans
					t={t}
					i18nKey="link"
					values={{ email: 'a@b.test' }}
					// eslint-disable-next-line jsx-a11y/anchor-has-content
					components={[<a key="mail" href="mailto:a@b.test" />, <strong key="call" />]}
				/>{' '}
				<Trans
					t={t}
					i18nKey="named"
					values={{ language: 'Français' }}
					components={{ lang: <span lang="fr" />, hidden: <span className="visually-hidden" /> }}
				/>
			</p>
		)
	}

	it('renders the tags of a string as the given elements, unknown tags as their text', () => {
		const html = renderToStaticMarkup(
			<TranslationsProvider value={translations}>
				<Example />
			</TranslationsProvider>,
		)
		expect(html).toBe(
			'<p>Write to <a href="mailto:a@b.test">a@b.test</a> or <strong>call</strong>. ' +
				'In <span lang="fr">Français</span>: <span class="visually-hidden">label</span>, text</p>',
		)
	})

	it('escapes interpolated values (React renders them as text)', () => {
		const html = renderToStaticMarkup(
			<TranslationsProvider value={translations}>
				<Trans t={translations.fixedT()} i18nKey="link" values={{ email: '<b>x</b>' }} components={[<i key="x" />]} />
			</TranslationsProvider>,
		)
		expect(html).toContain('<i>&lt;b&gt;x&lt;/b&gt;</i>')
	})
})
