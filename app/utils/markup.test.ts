import { describe, expect, test } from 'vitest'
import { escapeHtml, fragment, h, Markup } from './markup'

describe('h', () => {
	test('escapes text and attribute values, so data never becomes markup', () => {
		const evil = `"><script>alert('x')</script>&`
		expect(h('p', { title: evil }, evil).html).toBe(
			'<p title="&quot;&gt;&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;&amp;">' +
				'&quot;&gt;&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;&amp;</p>',
		)
	})

	test('inserts its own markup as it is, nested arrays in order, and skips empty children', () => {
		const rows = [1, 2].map((n) => h('li', null, n))
		expect(h('ul', { class: 'list' }, rows, null, undefined, false, [h('li', null, 'last')]).html).toBe(
			'<ul class="list"><li>1</li><li>2</li><li>last</li></ul>',
		)
	})

	test('leaves out undefined and false attributes; true writes an empty value', () => {
		expect(h('a', { href: '/x.csv', download: true, hidden: false, title: undefined }, 'CSV').html).toBe(
			'<a href="/x.csv" download="">CSV</a>',
		)
	})

	test('a void element has no end tag; numbers are written as they are', () => {
		expect(h('img', { class: 'logo', src: '/a.png?x=1&y=2', alt: '', width: 48 }).html).toBe(
			'<img class="logo" src="/a.png?x=1&amp;y=2" alt="" width="48">',
		)
	})

	test('a string is text even when it looks like markup; only Markup goes in raw', () => {
		expect(fragment('<b>', new Markup('<b>'), 0).html).toBe('&lt;b&gt;<b>0')
	})
})

test('escapeHtml leaves plain text as it is', () => {
	expect(escapeHtml('23 Nov 2026')).toBe('23 Nov 2026')
	expect(escapeHtml('a & b')).toBe('a &amp; b')
})
