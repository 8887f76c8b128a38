import { describe, expect, test } from 'vitest'
import { Translations } from '#app/i18n'
import { resources } from '#app/locales/resources.server'
import { serviceCards, type ServiceCard } from './service-cards'

const t = new Translations('en-GB', resources['en-GB']).fixedT('services')
const card = (overrides: Partial<ServiceCard>): ServiceCard => ({
	id: '0c9f6a8e-3f0e-4d7b-9a51-6d2f1b7c8e01',
	name: 'Demo Pay',
	logo: null,
	category: 'finance',
	environment: 'live',
	review: { status: 'verified' },
	...overrides,
})

describe('serviceCards', () => {
	test('a card: the name links to the details page in the app, then category, environment and review', () => {
		const html = serviceCards([card({})], () => 'Finance', t).html
		expect(html).toBe(
			'<li class="card service-card"><div class="stack"><h2 class="service-card__name">' +
				'<a href="/services/0c9f6a8e-3f0e-4d7b-9a51-6d2f1b7c8e01" data-discover="true">Demo Pay</a></h2>' +
				'<dl class="service-card__facts"><div><dt>Category</dt><dd>Finance</dd></div>' +
				'<div><dt>Environment</dt><dd>Live</dd></div>' +
				'<div><dt>Review</dt><dd><span class="tag tag--ok">Verified</span></dd></div></dl></div></li>',
		)
	})

	test('the logo goes first, as decoration; a name is text, never markup', () => {
		const logo = {
			url: 'https://logos.example/a.png?v=1&s=2',
			content_type: 'image/png' as const,
			width: 160,
			height: 160,
		}
		const html = serviceCards(
			[card({ logo, name: '<b>Pay</b> & "Co"', review: { status: 'dismissed' } })],
			String,
			t,
		).html
		expect(html).toContain(
			'<li class="card service-card"><img class="service-logo" src="https://logos.example/a.png?v=1&amp;s=2" alt="" width="48" height="48"><div',
		)
		expect(html).toContain('>&lt;b&gt;Pay&lt;/b&gt; &amp; &quot;Co&quot;</a>')
		expect(html).toContain('<span class="tag tag--attention">')
	})
})
