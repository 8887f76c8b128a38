import { createElement as h } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { formatFindings, normaliseHtml, validatedPageCount, validateHtml } from '../../e2e/utils/html-validate'

/** A whole document as React serialises it: `<input/>`, `required=""`, `autoComplete`. */
function page(body: ReturnType<typeof h>) {
	return `<!DOCTYPE html>${renderToStaticMarkup(
		h(
			'html',
			{ lang: 'en-GB' },
			h('head', null, h('meta', { charSet: 'utf-8' }), h('title', null, 'Sign in')),
			h('body', null, h('main', null, body)),
		),
	)}`
}

describe('the e2e suite’s HTML validation (js-disabled project)', () => {
	it('finds nothing in valid markup as React writes it', async () => {
		const html = page(
			h(
				'form',
				{ method: 'post' },
				h('input', { type: 'hidden', name: 'csrf', value: 'token' }),
				h('label', { htmlFor: 'email' }, 'Email'),
				h('input', { id: 'email', name: 'email', type: 'email', autoComplete: 'email', required: true }),
				h('button', { type: 'submit', disabled: true }, 'Sign in'),
			),
		)
		expect(html).toContain('required=""')
		expect(html).toContain('/>')
		expect(html).toContain('autoComplete=')
		expect(await validateHtml(html, 'GET /clean → 200')).toEqual([])
	})

	it('reports a <style> inside a <div> and an invalid autocomplete token', async () => {
		const html = page(
			h(
				'form',
				{ method: 'post' },
				h('div', null, h('style', null, '.trap{display:none}')),
				h('label', { htmlFor: 'name' }, 'Name'),
				h('input', { id: 'name', name: 'name', type: 'text', autoComplete: 'nope' }),
				h('button', { type: 'submit' }, 'Send'),
			),
		)
		const findings = await validateHtml(html, 'GET /broken → 200')
		expect(findings.map(({ rule }) => rule).sort()).toEqual(['element-permitted-content', 'valid-autocomplete'])
		expect(findings[0]).toMatchObject({ url: 'GET /broken → 200', line: 1 })
		const message = formatFindings(findings)
		expect(message).toContain('GET /broken → 200')
		expect(message).toMatch(/1:\d+ {2}element-permitted-content {2}<style> element is not permitted/)
		expect(message).toMatch(/1:\d+ {2}valid-autocomplete {2}.*"nope"/)
	})

	it('keeps ids strict, except those React writes itself when it streams', async () => {
		const html = page(
			h(
				'div',
				null,
				h('template', { id: 'B:0' }),
				h('div', { hidden: true, id: 'S:1a' }, h('p', { id: 'locale.fr-FR' }, 'Nom')),
				h('script', { id: '_R_' }, 'requestAnimationFrame(() => {})'),
			),
		)
		const findings = await validateHtml(html, 'GET /streamed → 200')
		expect(findings.map(({ rule, message }) => [rule, message])).toEqual([
			['valid-id', 'element id "locale.fr-FR" must only contain letters, digits, dash and underscore characters'],
		])
	})

	it('validates a page once, whatever its nonce, CSRF token and honeypot time stamp', async () => {
		const render = (nonce: string, token: string) =>
			`<!DOCTYPE html><html lang="en-GB"><head><title>x</title></head><body><form>` +
			`<input type="hidden" value="${token}" name="csrf"/><input type="text" name="from__confirm" value="${token}"/>` +
			`<input type="text" name="title" value="kept"/></form>` +
			`<script nonce="${nonce}">window.__context = {"csrfToken":"${token}"}</script></body></html>`
		expect(normaliseHtml(render('n1', 't1'))).toBe(normaliseHtml(render('n2', 't2')))
		expect(normaliseHtml(render('n1', 't1'))).toContain('value="kept"')
		const before = validatedPageCount()
		await validateHtml(render('n1', 't1'), 'GET /a → 200')
		await validateHtml(render('n2', 't2'), 'GET /a → 200')
		expect(validatedPageCount()).toBe(before + 1)
	})
})
