import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { WebhookBody, WebhookExchange } from './webhook-exchange'
import type { WebhookExchange as Exchange } from '#app/api/contract/index'

function render(exchange: Exchange, open = false) {
	return renderToStaticMarkup(<WebhookExchange exchange={exchange} label="Attempt 1" open={open} />)
}

const request: Exchange['request'] = {
	method: 'POST',
	url: 'https://acme.example/hooks',
	headers: { 'content-type': 'application/json', 'user-agent': 'PartnerWebhooks/1.0' },
	body: '{"type":"ping","note":"<b>"}',
}

describe('WebhookExchange', () => {
	test('an HTTP answer: the outcome in sight, request and response headers in captioned tables behind a disclosure', () => {
		const html = render({
			started_at: '2026-11-23T10:00:00.000Z',
			request,
			response: { status: 401, headers: { 'x-id': '7' }, body: 'Invalid signature.', body_truncated: true },
			error: null,
			latency_ms: 12,
		})
		expect(html).toContain('Answered with HTTP status 401')
		expect(html).toContain('12 milliseconds')
		expect(html).toMatch(/<details class="webhook-details"><summary>Attempt 1: request and response<\/summary>/)
		expect(html.indexOf('Answered with HTTP status 401')).toBeLessThan(html.indexOf('<details'))
		expect(html).toContain('<caption>Attempt 1: request headers</caption>')
		expect(html).toContain('<caption>Attempt 1: response headers</caption>')
		expect(html).toContain('<th scope="col">Header</th><th scope="col">Value</th>')
		expect(html).toContain('<th scope="row"><code>user-agent</code></th><td><code>PartnerWebhooks/1.0</code></td>')
		expect(html).toContain('Invalid signature.')
		expect(html).toContain('only its first 1 KB is kept')
	})

	test('the request body is not repeated: the page shows it once', () => {
		const html = render({
			started_at: '2026-11-23T10:00:00.000Z',
			request,
			response: { status: 200, headers: {}, body: '', body_truncated: false },
			error: null,
			latency_ms: 3,
		})
		expect(html).not.toContain('&quot;ping&quot;')
		expect(html).toContain('The request body is the one shown above.')
		expect(html).toContain('The response body was empty.')
		expect(html).toContain('No headers.')
	})

	test('open when asked', () => {
		const exchange: Exchange = {
			started_at: '2026-11-23T10:00:00.000Z',
			request,
			response: null,
			error: null,
			latency_ms: 0,
		}
		expect(render(exchange, true)).toContain('<details class="webhook-details" open="">')
		expect(render(exchange, false)).toContain('<details class="webhook-details">')
	})

	test('a JSON response body is laid out, escaped; no answer: the error in words and its message', () => {
		const answered = render({
			started_at: '2026-11-23T10:00:00.000Z',
			request,
			response: { status: 200, headers: {}, body: '{"ok":true,"html":"<b>"}', body_truncated: false },
			error: null,
			latency_ms: 5,
		})
		expect(answered).toContain('{\n  &quot;ok&quot;: true,\n  &quot;html&quot;: &quot;&lt;b&gt;&quot;\n}')
		expect(answered).not.toContain('<b>')
		expect(answered).toContain('JSON laid out for reading')

		const failed = render({
			started_at: '2026-11-23T10:00:00.000Z',
			request,
			response: null,
			error: { code: 'tls', message: 'certificate has expired' },
			latency_ms: 1,
		})
		expect(failed).toContain('No answer: the TLS handshake or certificate check failed')
		expect(failed).toContain('certificate has expired')
		expect(failed).toContain('1 millisecond')
		expect(failed).not.toContain('response headers')
	})
})

describe('WebhookBody', () => {
	test('JSON laid out, with the exact text behind a disclosure when asked', () => {
		const html = renderToStaticMarkup(<WebhookBody body='{"type":"ping"}' label="Body sent" showRaw />)
		expect(html).toContain('<figcaption>Body sent</figcaption>')
		expect(html).toContain('{\n  &quot;type&quot;: &quot;ping&quot;\n}')
		expect(html).toContain('<summary>Show the body exactly as sent (the text that was signed)</summary>')
		expect(html).toContain('<code>{&quot;type&quot;:&quot;ping&quot;}</code>')
	})

	test('anything else as it is, once, with no note', () => {
		const html = renderToStaticMarkup(<WebhookBody body="thanks" label="Response body" showRaw />)
		expect(html).toContain('<code>thanks</code>')
		expect(html).not.toContain('<details')
		expect(html).not.toContain('laid out')
	})
})
